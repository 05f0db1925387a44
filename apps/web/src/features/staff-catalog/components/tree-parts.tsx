import { createContext, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { errorText, staffInput } from '@/components/staff/fields';
import { toast } from '@/lib/stores/toast';
import { useCatalogChange } from '../api/catalog-staff';
import { nameOf } from '../lib/catalog-format';
import { formText } from '@/lib/form-data';

/**
 * What the categories and brands screens share: one change at a time (the row being edited
 * closes and a toast confirms on success; the server's refusal is shown above the list), and
 * the slug and both names of a new entry.
 */
export function useTreeChange() {
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = useCatalogChange(async (run: () => Promise<unknown>) => run());
  const act = (run: () => Promise<unknown>, done?: string) => {
    setError(null);
    change.mutate(run, {
      onSuccess: () => {
        setEditing(null);
        if (done) toast.success(done);
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  return { editing, setEditing, error, act, pending: change.isPending };
}

/** The change of the screen, for the cells of its table (the columns stay the same while it changes, so a row being edited keeps what was typed). */
export const TreeChange = createContext<ReturnType<typeof useTreeChange> | null>(null);
export const useTreeChangeOf = () => use(TreeChange)!;

/** The slug and the Chinese and English names of a new category or brand (form fields by name). */
export function SlugAndNames() {
  const { t } = useTranslation('staffCatalog');
  return (
    <>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-gray-600">{t('categories.slug')}</span>
        <input name="slug" required maxLength={60} pattern="[a-z0-9][a-z0-9\-]*" className={cn(staffInput, 'w-36')} />
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-gray-600">{t('fields.nameZh')}</span>
        <input name="nameZh" required maxLength={100} className={cn(staffInput, 'w-36')} />
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-gray-600">{t('fields.nameEn')}</span>
        <input name="nameEn" required maxLength={100} className={cn(staffInput, 'w-36')} />
      </label>
    </>
  );
}

/** The server's refusal of the last change, above the list. */
export function ChangeError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

/** The slug and names a create form sent. */
export function slugAndNames(data: FormData): { slug: string; nameZh: string; nameEn: string } {
  return { slug: formText(data, 'slug'), nameZh: formText(data, 'nameZh'), nameEn: formText(data, 'nameEn') };
}

/** Save and Cancel of a row being edited. */
export function SaveCancel({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('staffCatalog');
  return (
    <>
      <Button type="submit" size="sm">
        {t('categories.save')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {t('categories.cancel')}
      </Button>
    </>
  );
}

/** A category's or brand's name in the staff member's language, the other language's after it (smaller). */
export function EntryName({ entry }: { entry: { nameZh: string; nameEn: string } }) {
  const name = nameOf(entry);
  const other = entry.nameZh === name ? entry.nameEn : entry.nameZh;
  return (
    <span className="inline-block max-w-[16rem] truncate align-bottom" title={other ? `${name} · ${other}` : name}>
      <span className="font-medium">{name}</span>
      {other && other !== name ? <span className="ml-1.5 text-xs text-gray-500">{other}</span> : null}
    </span>
  );
}
