import type { ReactNode } from 'react';
import { get, useFormContext, type FieldValues } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { staffInput } from '@/components/staff/fields';
import { ruleText } from '../lib/catalog-format';

// Dense labelled fields of the product editor, bound to the form in context; errors (a shared
// rule's key or the server's sentence) show under the field in the staff member's language.

export function FieldError({ name }: { name: string }) {
  const { formState } = useFormContext();
  const message = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  if (!message) return null;
  return (
    <span className="text-xs text-red-700" role="alert" data-field-error={name}>
      {ruleText(message)}
    </span>
  );
}

/**
 * A field with its label (the hint and the error stay out of the label, so they are not part of
 * the field's name); `group`: no <label> at all, for a control with buttons of its own (a label
 * would click the first of them).
 */
export function Labelled({ label, name, children, className, hint, group }: { label: string; name: string; children: ReactNode; className?: string; hint?: string | undefined; group?: boolean }) {
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

export function TextField({ label, name, className, maxLength = 200, ...rest }: { label: string; name: string; className?: string; maxLength?: number; placeholder?: string; inputMode?: 'numeric' }) {
  const { register, formState } = useFormContext<FieldValues>();
  const invalid = Boolean(get(formState.errors, name));
  return (
    <Labelled label={label} name={name} className={className}>
      <input {...register(name)} maxLength={maxLength} aria-invalid={invalid} className={cn(staffInput, 'w-full', invalid && 'border-red-500')} {...rest} />
    </Labelled>
  );
}

/** A number; `nullable`: an empty box is null (not set), else it is NaN and the schema says so. */
export function NumberField({ label, name, className, nullable, step = 'any', hint }: { label: string; name: string; className?: string; nullable?: boolean; step?: string; hint?: string }) {
  const { register, formState } = useFormContext<FieldValues>();
  const invalid = Boolean(get(formState.errors, name));
  return (
    <Labelled label={label} name={name} className={className} hint={hint}>
      <input
        type="number"
        step={step}
        inputMode="decimal"
        {...register(name, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? (nullable ? null : Number.NaN) : Number(v)) })}
        aria-invalid={invalid}
        className={cn(staffInput, 'w-full tabular-nums', invalid && 'border-red-500')}
      />
    </Labelled>
  );
}

/** A figure the server derives (never typed). */
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

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('min-w-0 rounded border border-gray-200 bg-white p-3', className)}>
      <legend className="px-1 text-sm font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}
