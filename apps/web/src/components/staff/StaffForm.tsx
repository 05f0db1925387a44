import { useId, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useFormContext, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '@/components/ui/cn';
import { sectionCard, SectionHeading } from './Section';
import { serverError } from './server-error';

// The staff screens' one form pattern: react-hook-form checked by a shared zod schema on the
// client (faster feedback; the server stays the authority), and one way a refusal from the
// server becomes messages: on the field it names, else over the whole form.

/** Where a refusal that names no field of the form is kept (react-hook-form's root errors). */
const ROOT = 'root.server' as const;

/**
 * A form checked by `schema` (a shared zod schema, or one that reads typed text and `.pipe()`s into
 * it): the values are the schema's input, a valid submit hands over its output (the API's body).
 */
export function useStaffForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({ mode: 'onSubmit', reValidateMode: 'onChange', ...options, resolver: zodResolver(schema) });
}

/**
 * A refusal on the form: a field it names gets the server's sentence (and the focus); otherwise,
 * or when the form has no such value, the sentence goes over the form (FormMessage).
 */
export function applyServerError<TIn extends FieldValues, TOut>(form: UseFormReturn<TIn, unknown, TOut>, err: unknown): void {
  const { field, message } = serverError(err);
  if (field) {
    form.setError(field as Path<TIn>, { type: 'server', message }, { shouldFocus: true });
    if (form.getValues(field as Path<TIn>) !== undefined) return;
  }
  form.setError(ROOT, { type: 'server', message });
}

/** The form's own refusal (one that names no field), where the form shows it. */
export function FormMessage({ className }: { className?: string }) {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800', className)} data-testid="form-message">
      {message}
    </p>
  );
}

export interface StaffFormProps<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Runs with the checked values; a rejection is shown by applyServerError. */
  onSubmit: (values: TOut) => Promise<unknown>;
  children: ReactNode;
  /** With a title the form is a card (Section's look) named by its heading. */
  title?: ReactNode;
  description?: ReactNode;
  level?: 2 | 3;
  /** Where the form-level refusal shows: after the fields (default), or nowhere because a FormMessage is placed in `children`. */
  message?: 'end' | 'placed';
  className?: string;
  testId?: string;
  /** The form's name when it has no title: a label, or the id of a heading inside it. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/** A staff form: FormProvider, submit through the schema, refusals mapped by applyServerError. */
export function StaffForm<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  children,
  title,
  description,
  level = 2,
  message = 'end',
  className,
  testId,
  'aria-label': ariaLabel,
  'aria-labelledby': labelledBy,
}: StaffFormProps<TIn, TOut>) {
  const headingId = useId();
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      applyServerError(form, err);
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={title ? headingId : labelledBy}
        aria-label={title ? undefined : ariaLabel}
        className={cn(title ? sectionCard : undefined, className)}
        data-testid={testId}
      >
        {title ? <SectionHeading id={headingId} title={title} description={description} level={level} /> : null}
        {children}
        {message === 'end' ? <FormMessage className="mt-2" /> : null}
      </form>
    </FormProvider>
  );
}
