import { createContext, use, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { staffInput } from '@/components/staff/fields';
import { serverError } from '@/components/staff/server-error';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { toast } from '@/lib/stores/toast';

/** One column of an editable table: an input (text, number-like, checkbox or select) per row. */
export interface Column<R> {
  name: string;
  label: string;
  /** Width classes of the column's input (the column is as wide as its input). */
  width: string;
  kind?: 'text' | 'checkbox' | 'select';
  options?: { value: string; label: string }[];
  /** The input's value for a row (null: the new row). */
  value: (row: R | null) => string | boolean;
  /** Only the new row may set it (a key): the rows show it as text. */
  keyColumn?: boolean;
  /** How a saved row shows its key (default: the value, or its option's label). */
  shown?: (row: R) => string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}

/** A row of the table: a saved one, or the empty one at the end that adds (row null). */
interface Line<R> {
  row: R | null;
  key: string;
  /** Its name: the row's (rowLabel) or the add row's. */
  name: string;
}

/** What the cells work with (read from here, so the columns stay the same and typed values stay while errors come and go). */
interface Shared<R> {
  columns: Column<R>[];
  formId: (line: Line<R>) => string;
  errorId: (line: Line<R>) => string;
  errors: Record<string, unknown>;
  onSubmit: (line: Line<R>) => (event: FormEvent<HTMLFormElement>) => void;
  remove: ((line: Line<R>) => void) | undefined;
}
const Cells = createContext<Shared<unknown> | null>(null);
const useCells = () => use(Cells)!;

/** A row's input of one column (the new row may set a key; a saved row shows it as text). */
function InputCell({ name, line }: { name: string; line: Line<unknown> }) {
  const { columns, formId, errorId, errors } = useCells();
  const c = columns.find((x) => x.name === name);
  if (!c) return null;
  const value = c.value(line.row);
  const form = formId(line);
  if (line.row && c.keyColumn) {
    const shown = c.shown
      ? c.shown(line.row)
      : c.kind === 'select'
        ? (c.options?.find((o) => o.value === String(value))?.label ?? String(value))
        : String(value);
    return (
      <>
        <span className="block max-w-40 font-medium whitespace-normal">{shown}</span>
        <input type="hidden" form={form} name={c.name} value={String(value)} />
      </>
    );
  }
  const field = serverError(errors[line.key])?.field;
  const bad = field !== undefined && (field === c.name || field.startsWith(`${c.name}.`));
  const common = {
    form,
    name: c.name,
    'aria-label': c.label,
    title: c.label,
    'aria-invalid': bad || undefined,
    'aria-describedby': bad ? errorId(line) : undefined,
  };
  if (c.kind === 'checkbox') return <input type="checkbox" defaultChecked={value === true} className="size-4 align-middle" {...common} />;
  if (c.kind === 'select') {
    return (
      <select defaultValue={String(value)} className={cn(staffInput, c.width, bad && 'border-red-600')} {...common}>
        {(c.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      defaultValue={String(value)}
      inputMode={c.inputMode}
      className={cn(staffInput, c.width, c.inputMode && 'text-right tabular-nums', bad && 'border-red-600 ring-1 ring-red-600')}
      {...common}
    />
  );
}

/** The row's form: Save (or Add) and Delete; the row's inputs belong to it by their `form` attribute. */
function ActionsCell({ line }: { line: Line<unknown> }) {
  const { t } = useTranslation('settings');
  const { formId, onSubmit, remove } = useCells();
  return (
    <form id={formId(line)} onSubmit={onSubmit(line)} noValidate className="flex justify-end gap-1">
      <Button type="submit" size="sm" variant={line.row ? 'secondary' : 'primary'}>
        {line.row ? t('save') : t('add')}
      </Button>
      {line.row && remove ? (
        <Button type="button" size="sm" variant="ghost" className="text-red-700" onClick={() => remove(line)}>
          {t('delete')}
        </Button>
      ) : null}
    </form>
  );
}

/**
 * A dense editable table on the staff table (components/staff/StaffTable): a row of inputs per
 * entry, each row its own form (Enter in a field or its Save button saves that row), an optional
 * delete, and an empty row at the end to add one. The server's refusal marks the field it names
 * and is said under the table with the row's name. Wider than a phone: it scrolls sideways.
 */
export function RowTable<R>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  save,
  remove,
  addLabel,
  testId,
}: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** A row's name in words (screen readers, the refusal under the table). */
  rowLabel: (row: R) => string;
  save: (form: FormData, row: R | null) => Promise<unknown>;
  remove?: ((row: R) => Promise<unknown>) | undefined;
  addLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [version, setVersion] = useState(0);
  const lines: Line<R>[] = [...rows.map((row) => ({ row, key: rowKey(row), name: rowLabel(row) })), { row: null, key: `+${version}`, name: addLabel }];

  const run = async (line: Line<R>, work: () => Promise<unknown>, done: string) => {
    setErrors((e) => ({ ...e, [line.key]: undefined }));
    try {
      // false: the person changed their mind (a confirmation was declined)
      if ((await work()) === false) return;
      toast.success(done);
      if (!line.row) setVersion((v) => v + 1); // an empty new row again
    } catch (err) {
      setErrors((e) => ({ ...e, [line.key]: err }));
    }
  };
  const shared: Shared<R> = {
    columns,
    formId: (line) => `${id}form${line.key}`,
    errorId: (line) => `${id}error${line.key}`,
    errors,
    onSubmit: (line) => (event) => {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      void run(line, () => save(form, line.row), t('saved'));
    },
    remove: remove ? (line) => line.row && void run(line, () => remove(line.row as R), t('deleted')) : undefined,
  };

  // The columns change only with the names and headers; what they show comes from `shared`.
  const heads = JSON.stringify(columns.map((c) => [c.name, c.label]));
  const table = useMemo(() => {
    const col = staffColumns<Line<unknown>>();
    return col.columns([
      ...(JSON.parse(heads) as [string, string][]).map(([name, header]) =>
        col.display({ id: name, header, meta: { className: 'whitespace-nowrap' }, cell: (c) => <InputCell name={name} line={c.row.original} /> }),
      ),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('save')}</span>,
        meta: { className: 'whitespace-nowrap' },
        cell: (c) => <ActionsCell line={c.row.original} />,
      }),
    ]);
  }, [heads, t]);

  const refusals = lines.flatMap((line) => (errors[line.key] ? [{ line, message: serverError(errors[line.key])?.message }] : []));
  return (
    <section aria-label={label} className="space-y-2 rounded border border-gray-200 bg-white p-3" data-testid={testId}>
      <h2 className="text-sm font-semibold text-ink">{label}</h2>
      <Cells value={shared as Shared<unknown>}>
        <StaffTable
          label={label}
          columns={table}
          rows={lines}
          rowId={(line) => line.key}
          rowLabel={(line) => line.name}
          rowClassName={(line) => !line.row && 'bg-gray-50'}
          query={{ isError: false, error: null, data: rows, refetch: () => Promise.resolve() }}
          loadFailed=""
          empty=""
          cursor={false}
          resetOn={null}
        />
      </Cells>
      {refusals.map(({ line, message }) => (
        <p key={line.key} id={shared.errorId(line)} role="alert" className="text-xs text-red-700">
          {line.name}: {message}
        </p>
      ))}
    </section>
  );
}
