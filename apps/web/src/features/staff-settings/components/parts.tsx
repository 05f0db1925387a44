import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { FormMessage, StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { toast } from '@/lib/stores/toast';
import { entryText } from '@/lib/form-data';

// What the settings panels share: a settings form (components/staff/StaffForm: the shared rules
// on the client, a refusal on the field it names) and unit conversions (the API speaks fen,
// cents, grams).

/** A money amount typed in major units ("12.5") as minor units (1250); NaN when it is not one. */
export const toMinor = (value: FormDataEntryValue | null) => {
  const text = entryText(value).trim();
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
};
export const fromMinor = (minor: number) => (minor / 100).toFixed(2);
/** kg typed ("0.5") as grams (500). */
export const toGrams = (value: FormDataEntryValue | null) => {
  const text = entryText(value).trim();
  return /^\d+(\.\d{1,3})?$/.test(text) ? Math.round(Number(text) * 1000) : Number.NaN;
};
export const fromGrams = (g: number) => String(g / 1000);
export const toInt = (value: FormDataEntryValue | null) => {
  const text = entryText(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
};
export const text = (value: FormDataEntryValue | null) => entryText(value).trim();
/** "US, ca  MX" as ['US', 'CA', 'MX']. */
export const regionList = (value: FormDataEntryValue | null) =>
  text(value)
    .split(/[\s,;，、]+/)
    .filter(Boolean)
    .map((r) => r.toUpperCase());

/**
 * A settings card: the fields of `schema` (a form schema piped into the shared one, so a refusal's
 * field is the form's field), Save, "Saved" in a toast; the server's refusal on its field or
 * above the button.
 */
export function SettingsForm<TIn extends FieldValues, TOut>({
  schema,
  defaultValues,
  save,
  title,
  description,
  testId,
  busy,
  saveLabel,
  level,
  children,
  after,
}: {
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  save: (value: TOut) => Promise<unknown>;
  title: ReactNode;
  description?: ReactNode;
  testId?: string;
  busy?: boolean;
  saveLabel?: string;
  level?: 2 | 3;
  /** The fields, in a grid of up to four columns. */
  children: ReactNode;
  /** Below the grid, above the message and Save (a picture of its own). */
  after?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const form = useStaffForm(schema, { defaultValues });
  return (
    <StaffForm
      form={form}
      title={title}
      description={description}
      level={level}
      testId={testId}
      message="placed"
      onSubmit={async (value) => {
        await save(value);
        toast.success(t('saved'));
      }}
    >
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      {after}
      <FormMessage className="mt-2" />
      <div className="mt-2">
        <Button type="submit" size="sm" disabled={busy || form.formState.isSubmitting}>
          {saveLabel ?? t('save')}
        </Button>
      </div>
    </StaffForm>
  );
}
