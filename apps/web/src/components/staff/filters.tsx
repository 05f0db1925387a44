import type { FormEvent, InputHTMLAttributes, ReactNode, RefObject } from 'react';
import type { z } from 'zod';
import { cn } from '@/components/ui/cn';
import { staffInput } from './fields';
import type { ListParams, TListSchema } from './list-params';
import { formText } from '@/lib/form-data';

// The filter bar above a staff list: typed filters go with the form's submit (Enter or Apply),
// selects apply at once; both write the URL through useListParams.

/**
 * The filter form: on submit the typed `fields` are set together (blank ones removed, the page
 * back to 1). It is drawn again when the URL changes, so its boxes show the URL's values.
 */
export function FilterForm<S extends TListSchema>({
  list,
  fields,
  children,
  className,
}: {
  list: ListParams<S>;
  fields: readonly (keyof z.input<S> & string)[];
  children: ReactNode;
  className?: string;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    list.setMany(Object.fromEntries(fields.map((field) => [field, formText(form, field)])) as Parameters<typeof list.setMany>[0]);
  };
  return (
    <form key={list.params.toString()} onSubmit={onSubmit} className={cn('flex flex-wrap items-end gap-2 text-sm', className)}>
      {children}
    </form>
  );
}

/** A labelled text filter of the form, applied with the others on submit; `search`: the list's search box (`/` focuses it). */
export function FilterText({
  label,
  name,
  className,
  inputRef,
  search,
  ...rest
}: { label: string; name: string; className?: string; inputRef?: RefObject<HTMLInputElement | null>; search?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'className'
>) {
  return (
    <label className={cn('flex flex-col gap-0.5', search && 'min-w-[12rem] flex-1')}>
      <span className="text-xs text-gray-600">{label}</span>
      <input ref={inputRef} name={name} type={search ? 'search' : 'text'} className={cn(staffInput, className)} {...rest} />
    </label>
  );
}

/** A labelled select that applies at once; `any`: the first option, no filter. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  any,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  any?: string;
  className?: string;
}) {
  // A value the options do not have (a page size typed into the URL) is shown as it is.
  const known = value === '' || options.some(([v]) => v === value);
  return (
    <label className="flex max-w-full flex-col gap-0.5">
      <span className="text-xs text-gray-600">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={cn(staffInput, className)}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {known ? null : <option value={value}>{value}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Rows a page (50, 100, 200). */
export function PageSizeSelect({
  label,
  value,
  sizes,
  onChange,
}: {
  label: string;
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
}) {
  return <FilterSelect label={label} value={String(value)} onChange={(v) => onChange(Number(v))} options={sizes.map((n) => [String(n), String(n)] as const)} />;
}
