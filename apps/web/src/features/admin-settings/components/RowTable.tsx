import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { staffInput } from '@/components/staff/fields';
import { serverError } from '@/components/staff/server-error';
import { toast } from '@/lib/stores/toast';

/** Width of a row's buttons from md up (Save and Delete), kept by the header too so the columns line up. */
const ACTIONS = 'md:w-[8.25rem]';

/** One column of an editable table: an input (text, number-like, checkbox or select) per row. */
export interface Column<R> {
  name: string;
  label: string;
  /** Tailwind width of the column from md up (rows wrap on phones). */
  width: string;
  kind?: 'text' | 'checkbox' | 'select';
  options?: { value: string; label: string }[];
  /** The input's value for a row (null: the new row). */
  value: (row: R | null) => string | boolean;
  /** Only the new row may set it (a key). */
  keyColumn?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
}

/**
 * A dense editable table: a header, one form per row (Enter or its Save button saves that row),
 * an optional delete, and an empty row at the end to add one. The server's refusal shows under
 * the row and marks the field it names.
 */
export function RowTable<R>({
  label,
  columns,
  rows,
  rowKey,
  save,
  remove,
  addLabel,
  testId,
}: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  save: (form: FormData, row: R | null) => Promise<unknown>;
  remove?: ((row: R) => Promise<unknown>) | undefined;
  addLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('settings');
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [version, setVersion] = useState(0);
  const run = async (key: string, work: () => Promise<unknown>, done: string) => {
    setErrors((e) => ({ ...e, [key]: undefined }));
    try {
      // false: the person changed their mind (a confirmation was declined)
      if ((await work()) === false) return;
      toast.success(done);
      if (key === '+') setVersion((v) => v + 1); // an empty new row again
    } catch (err) {
      setErrors((e) => ({ ...e, [key]: err }));
    }
  };
  const onSubmit = (row: R | null) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(row ? rowKey(row) : '+', () => save(form, row), t('saved'));
  };

  const renderRow = (row: R | null, key: string) => {
    const err = errors[row ? key : '+'];
    // The row is a plain form (FormData, no react-hook-form): the refusal's field is marked by hand.
    const refusal = err ? serverError(err) : undefined;
    const invalid = refusal?.field;
    return (
      <form key={key} onSubmit={onSubmit(row)} className={cn('border-t border-gray-100 py-1.5', !row && 'bg-gray-50')} aria-label={row ? `${label} ${key}` : addLabel} noValidate>
        <div className="flex flex-wrap items-end gap-1.5 md:flex-nowrap">
          {columns.map((c) => {
            const value = c.value(row);
            const bad = invalid !== undefined && (invalid === c.name || invalid.startsWith(`${c.name}.`));
            const common = { name: c.name, 'aria-label': c.label, title: c.label, 'aria-invalid': bad || undefined };
            return (
              <div key={c.name} className={cn('min-w-0', c.kind === 'checkbox' ? 'w-auto md:w-14 md:shrink-0 md:text-center' : c.inputMode ? 'w-[calc(33.333%-0.25rem)]' : 'w-[calc(50%-0.2rem)]', c.width)}>
                <span className="block text-[11px] text-gray-500 md:hidden">{c.label}</span>
                {row && c.keyColumn ? (
                  <input defaultValue={String(value)} readOnly className={cn(staffInput, 'w-full border-transparent bg-transparent font-medium')} {...common} />
                ) : c.kind === 'checkbox' ? (
                  <input type="checkbox" defaultChecked={value === true} className="size-4" {...common} />
                ) : c.kind === 'select' ? (
                  <select defaultValue={String(value)} className={cn(staffInput, 'w-full', bad && 'border-red-600')} {...common}>
                    {(c.options ?? []).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    defaultValue={String(value)}
                    inputMode={c.inputMode}
                    className={cn(staffInput, 'w-full', bad && 'border-red-600 ring-1 ring-red-600')}
                    {...common}
                  />
                )}
              </div>
            );
          })}
          <div className={cn('flex shrink-0 gap-1', ACTIONS)}>
            <Button type="submit" size="sm" variant={row ? 'secondary' : 'primary'}>
              {row ? t('save') : t('add')}
            </Button>
            {row && remove ? (
              <Button type="button" size="sm" variant="ghost" className="text-red-700" onClick={() => void run(key, () => remove(row), t('deleted'))}>
                {t('delete')}
              </Button>
            ) : null}
          </div>
        </div>
        {err ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {refusal?.message}
          </p>
        ) : null}
      </form>
    );
  };

  return (
    <section aria-label={label} className="rounded border border-gray-200 bg-white p-3" data-testid={testId}>
      <h2 className="text-sm font-semibold text-ink">{label}</h2>
      <div className="mt-2 overflow-x-auto">
        <div className="hidden gap-1.5 pb-1 text-xs text-gray-600 md:flex" aria-hidden="true">
          {columns.map((c) => (
            <span key={c.name} className={cn('min-w-0 truncate', c.kind === 'checkbox' ? 'w-14 shrink-0 text-center' : '', c.width)}>
              {c.label}
            </span>
          ))}
          <span className={cn('shrink-0', ACTIONS)} />
        </div>
        {rows.map((row) => renderRow(row, rowKey(row)))}
        {renderRow(null, `+${version}`)}
      </div>
    </section>
  );
}
