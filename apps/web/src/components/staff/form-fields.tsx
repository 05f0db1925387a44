import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, useFormContext, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { staffInput } from './fields';
import { ruleText } from './server-error';

// Dense labelled fields bound to the StaffForm in context. The error under a field is a shared
// rule's key turned into a sentence, or the server's own sentence, in the staff member's language;
// hint and error stay out of the label (they are the field's description, not its name).

/** The message of a field's error, if any. */
function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error = get<typeof formState.errors, { message?: string; root?: { message?: string } } | undefined>(formState.errors, name);
  const message = error?.message ?? error?.root?.message;
  return message ? ruleText(message) : undefined;
}

/** The error under a field (or under a list of fields: `priceTiers`). */
export function FieldError({ name, id }: { name: string; id?: string }) {
  const message = useFieldError(name);
  if (!message) return null;
  return (
    <span id={id} className="text-xs text-red-700" role="alert" data-field-error={name}>
      {message}
    </span>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * A field's frame: label, the control (given its id and description ids), hint, error. `wide`:
 * two columns of a field grid.
 */
function FieldFrame({
  label,
  name,
  hint,
  wide,
  className,
  hideLabel,
  children,
}: {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  wide?: boolean | undefined;
  className?: string | undefined;
  hideLabel?: boolean | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', wide && 'sm:col-span-2', className)}>
      <label className={hideLabel ? 'sr-only' : 'text-xs text-gray-600'} htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: describedBy(hint ? `${id}-hint` : false, error ? `${id}-error` : false), invalid: Boolean(error) })}
      {hint ? (
        <span id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </span>
      ) : null}
      <FieldError name={name} id={`${id}-error`} />
    </div>
  );
}

const invalidInput = 'border-red-600 ring-1 ring-red-600';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className' | 'children'>;

export interface TextFieldProps extends NativeInput {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  wide?: boolean;
  className?: string;
  inputClassName?: string;
  /** How the typed text becomes the value (react-hook-form's setValueAs). */
  setValueAs?: RegisterOptions<FieldValues>['setValueAs'];
}

/** A labelled one-line input. */
export function TextField({ label, name, hint, wide, className, inputClassName, setValueAs, maxLength = 200, ...input }: TextFieldProps) {
  const { register } = useFormContext<FieldValues>();
  return (
    <FieldFrame label={label} name={name} hint={hint} wide={wide} className={className}>
      {({ id, describedBy: ids, invalid }) => (
        <input
          id={id}
          {...register(name, setValueAs ? { setValueAs } : {})}
          maxLength={maxLength}
          aria-invalid={invalid || undefined}
          aria-describedby={ids}
          className={cn(staffInput, 'w-full', invalid && invalidInput, inputClassName)}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

/** A number; `nullable`: an empty box is null (not set), else it is NaN and the schema says so. */
export function NumberField({
  label,
  name,
  hint,
  wide,
  className,
  nullable,
  step = 'any',
}: {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  wide?: boolean;
  className?: string;
  nullable?: boolean;
  step?: string;
}) {
  const { register } = useFormContext<FieldValues>();
  return (
    <FieldFrame label={label} name={name} hint={hint} wide={wide} className={className}>
      {({ id, describedBy: ids, invalid }) => (
        <input
          id={id}
          type="number"
          step={step}
          inputMode="decimal"
          {...register(name, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? (nullable ? null : Number.NaN) : Number(v)) })}
          aria-invalid={invalid || undefined}
          aria-describedby={ids}
          className={cn(staffInput, 'w-full tabular-nums', invalid && invalidInput)}
        />
      )}
    </FieldFrame>
  );
}

/** Several lines of text, kept as typed; two columns wide in a field grid. */
export function TextAreaField({
  label,
  name,
  hint,
  className,
  rows = 4,
  maxLength,
  ...rest
}: { label: ReactNode; name: string; hint?: ReactNode; className?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'className'>) {
  const { register } = useFormContext<FieldValues>();
  return (
    <FieldFrame label={label} name={name} hint={hint} wide className={className}>
      {({ id, describedBy: ids, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          maxLength={maxLength}
          {...register(name)}
          aria-invalid={invalid || undefined}
          aria-describedby={ids}
          className={cn('w-full rounded border border-gray-300 bg-white px-2 py-1 text-sm', invalid && invalidInput)}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

/** A select of `options` ([value, text]); `numeric`: the value is a number ('' is null); `hideLabel`: the label is for screen readers only. */
export function SelectField({
  label,
  name,
  options,
  hint,
  wide,
  className,
  numeric,
  hideLabel,
  ...rest
}: {
  label: ReactNode;
  name: string;
  options: readonly (readonly [string, string])[];
  hint?: ReactNode;
  wide?: boolean;
  className?: string;
  numeric?: boolean;
  hideLabel?: boolean;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'className'>) {
  const { register } = useFormContext<FieldValues>();
  return (
    <FieldFrame label={label} name={name} hint={hint} wide={wide} className={className} hideLabel={hideLabel}>
      {({ id, describedBy: ids, invalid }) => (
        <select
          id={id}
          {...register(name, numeric ? { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) } : {})}
          aria-invalid={invalid || undefined}
          aria-describedby={ids}
          className={cn(staffInput, 'w-full', invalid && invalidInput)}
          {...rest}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, name, className }: { label: ReactNode; name: string; className?: string }) {
  const { register } = useFormContext<FieldValues>();
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register(name)} /> {label}
      </label>
      <FieldError name={name} />
    </div>
  );
}

/**
 * A field of its own making (a rich-text editor, a select driven by other data) with the label,
 * hint and error of the others; `group`: no <label> around it, for a control with buttons of its
 * own (a label would click the first of them).
 */
export function Labelled({
  label,
  name,
  children,
  className,
  hint,
  group,
}: {
  label: string;
  name: string;
  children: ReactNode;
  className?: string;
  hint?: string | undefined;
  group?: boolean;
}) {
  const Tag = group ? 'div' : 'label';
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <Tag className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-gray-600">{label}</span>
        {children}
      </Tag>
      {hint ? <span className="text-xs text-gray-500">{hint}</span> : null}
      <FieldError name={name} />
    </div>
  );
}

/** A figure derived from others (never typed). */
export function Derived({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-xs text-gray-600">{label}</span>
      <output className="flex h-8 items-center rounded border border-dashed border-gray-300 bg-gray-50 px-2 text-sm tabular-nums" data-testid={testId}>
        {value}
      </output>
    </div>
  );
}
