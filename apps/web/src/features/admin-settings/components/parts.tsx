import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { errorText, staffInput } from '@/components/staff/fields';
import { toast } from '@/lib/stores/toast';

// What the settings panels share: labelled fields, a section form that shows the server's
// refusal next to the field it names, and unit conversions (the API speaks fen, cents, grams).

/** The field a refusal names: details.field ("contact.email"), else the "body.x.y" in its sentence. */
export function fieldOf(err: unknown): string | undefined {
  const details = (err as { details?: { field?: unknown } })?.details;
  if (typeof details?.field === 'string') return details.field;
  const desc = (err as { desc?: string })?.desc ?? '';
  return /\bbody\.([\w.]+)/.exec(desc)?.[1];
}

/** A money amount typed in major units ("12.5") as minor units (1250); NaN when it is not one. */
export const toMinor = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
};
export const fromMinor = (minor: number) => (minor / 100).toFixed(2);
/** kg typed ("0.5") as grams (500). */
export const toGrams = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return /^\d+(\.\d{1,3})?$/.test(text) ? Math.round(Number(text) * 1000) : Number.NaN;
};
export const fromGrams = (g: number) => String(g / 1000);
export const toInt = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
};
export const text = (value: FormDataEntryValue | null) => String(value ?? '').trim();
/** "US, ca  MX" as ['US', 'CA', 'MX']. */
export const regionList = (value: FormDataEntryValue | null) =>
  text(value)
    .split(/[\s,;，、]+/)
    .filter(Boolean)
    .map((r) => r.toUpperCase());

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** The field the last refusal named. */
  invalid?: string | undefined;
  hint?: string | undefined;
  wide?: boolean;
  /** The refusal's sentence, shown under the field when it names this field. */
  error?: string | undefined;
}

const names = (invalid: string | undefined, name: string) => invalid !== undefined && (invalid === name || invalid.startsWith(`${name}.`));
const describedBy = (id: string, hint: unknown, error: unknown) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function FieldNotes({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** A labelled dense input; marked invalid when the server's refusal names it. */
export function Field({ label, name, invalid, hint, wide, error, className, ...input }: FieldProps) {
  const id = useId();
  const bad = names(invalid, name);
  const shown = bad ? error : undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', wide && 'sm:col-span-2', className)}>
      <label className="text-xs text-gray-600" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={bad || undefined}
        aria-describedby={describedBy(id, hint, shown)}
        className={cn(staffInput, 'w-full', bad && 'border-red-600 ring-1 ring-red-600')}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={shown} />
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  /** The field the last refusal named. */
  invalid?: string | undefined;
  hint?: string | undefined;
  /** The refusal's sentence, shown under the field when it names this field. */
  error?: string | undefined;
}

/** A labelled text area (several lines, kept as typed), two columns wide; marked invalid when the server's refusal names it. */
export function TextAreaField({ label, name, invalid, hint, error, className, ...input }: TextAreaFieldProps) {
  const id = useId();
  const bad = names(invalid, name);
  const shown = bad ? error : undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5 sm:col-span-2', className)}>
      <label className="text-xs text-gray-600" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        aria-invalid={bad || undefined}
        aria-describedby={describedBy(id, hint, shown)}
        className={cn('w-full rounded border border-gray-300 bg-white px-2 py-1 text-sm', bad && 'border-red-600 ring-1 ring-red-600')}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={shown} />
    </div>
  );
}

/**
 * A settings form: `build` turns its fields into the change, `save` sends it. The server's
 * refusal shows under the form (and marks the field it names); success says so in a toast.
 */
export function SectionForm({
  title,
  description,
  children,
  build,
  save,
  busy,
  testId,
  saveLabel,
}: {
  title: string;
  description?: string | undefined;
  children: (invalid: string | undefined) => ReactNode;
  build: (form: FormData) => unknown;
  save: (value: never) => Promise<unknown>;
  busy?: boolean;
  testId?: string;
  saveLabel?: string;
}) {
  const { t } = useTranslation('settings');
  const [error, setError] = useState<unknown>(null);
  const headingId = useId();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await save(build(new FormData(event.currentTarget)) as never);
      toast.success(t('saved'));
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby={headingId} className="rounded border border-gray-200 bg-white p-3" data-testid={testId} noValidate>
      <h2 id={headingId} className="text-sm font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-xs text-gray-600">{description}</p> : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">{children(error ? fieldOf(error) : undefined)}</div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorText(error)}
        </p>
      ) : null}
      <div className="mt-2">
        <Button type="submit" size="sm" disabled={busy}>
          {saveLabel ?? t('save')}
        </Button>
      </div>
    </form>
  );
}
