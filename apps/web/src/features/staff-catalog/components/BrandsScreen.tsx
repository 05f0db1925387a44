import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStaffBrand } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { staffInput } from '@/components/staff/fields';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { createBrand, updateBrand, uploadLogo, useStaffBrands } from '../api/catalog-staff';
import { brandsByName, nameOf } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';
import { ChangeError, EntryName, SaveCancel, SlugAndNames, slugAndNames, TreeChange, useTreeChange, useTreeChangeOf } from './tree-parts';
import { formText } from '@/lib/form-data';

const col = staffColumns<TStaffBrand>();

/** A brand's names, or the form renaming it while it is edited. */
function NameCell({ brand: b }: { brand: TStaffBrand }) {
  const { t } = useTranslation('staffCatalog');
  const { editing, setEditing, act } = useTreeChangeOf();
  if (editing !== b.id) return <EntryName entry={b} />;
  return (
    <form
      className="flex flex-wrap items-center gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        act(() => updateBrand(b.id, { nameZh: formText(data, 'nameZh'), nameEn: formText(data, 'nameEn') }), t('brands.saved'));
      }}
    >
      {/* The staff member opened this form with "Edit": its first field takes the focus. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <input name="nameZh" defaultValue={b.nameZh} required maxLength={100} aria-label={t('fields.nameZh')} autoFocus className={cn(staffInput, 'w-32')} />
      <input name="nameEn" defaultValue={b.nameEn} required maxLength={100} aria-label={t('fields.nameEn')} className={cn(staffInput, 'w-32')} />
      <SaveCancel onCancel={() => setEditing(null)} />
    </form>
  );
}

/** The authorization flag of the brand page, changed at once. */
function AuthorizedCell({ brand: b }: { brand: TStaffBrand }) {
  const { t } = useTranslation('staffCatalog');
  const { act, pending } = useTreeChangeOf();
  return (
    <input
      type="checkbox"
      checked={b.authorized}
      disabled={pending}
      aria-label={t('brands.authorizedOf', { name: nameOf(b) })}
      onChange={(e) => act(() => updateBrand(b.id, { authorized: e.target.checked }))}
    />
  );
}

/** Upload a logo, and Edit (the names). */
function ActionsCell({ brand: b }: { brand: TStaffBrand }) {
  const { t } = useTranslation('staffCatalog');
  const { editing, setEditing, act } = useTreeChangeOf();
  return (
    <div className="flex items-center justify-end gap-1.5">
      <label className="relative inline-flex h-8 cursor-pointer items-center rounded border border-gray-300 px-2 text-xs whitespace-nowrap hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand-600">
        {t('brands.logo')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) act(() => uploadLogo(b.id, file), t('brands.saved'));
          }}
        />
      </label>
      {editing === b.id ? null : (
        <Button size="sm" variant="secondary" onClick={() => setEditing(b.id)}>
          {t('categories.edit')}
        </Button>
      )}
    </div>
  );
}

/**
 * Brands (/admin/brands): add, rename (in the list; Enter on a row edits it), upload a logo, and
 * the authorization flag of the brand page, in a staff table sorted by name.
 */
export function BrandsScreen() {
  const { t } = useTranslation('staffCatalog');
  const brands = useStaffBrands();
  const list = useMemo(() => brandsByName(brands.data?.data ?? []), [brands.data]);
  const change = useTreeChange();
  const { error, act, pending, setEditing } = change;
  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const data = new FormData(formEl);
    act(async () => {
      await createBrand({ ...slugAndNames(data), authorized: data.get('authorized') === 'on' });
      formEl.reset();
    }, t('brands.created'));
  }

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('logo', {
          header: t('brands.col.logo'),
          meta: { className: 'w-12', from: 'sm' },
          cell: ({ row: { original: b } }) => (
            <span className="flex size-10 items-center justify-center rounded border border-gray-200 bg-gray-50">
              {b.logo ? (
                <img src={b.logo} alt={t('brands.logoOf', { name: nameOf(b) })} className="max-h-9 max-w-9 object-contain" />
              ) : (
                <span className="text-xs text-gray-400">—</span>
              )}
            </span>
          ),
        }),
        col.display({ id: 'name', header: t('categories.col.name'), enableHiding: false, cell: ({ row: { original: b } }) => <NameCell brand={b} /> }),
        col.accessor('slug', { header: t('categories.col.slug'), meta: { className: 'font-mono text-xs text-gray-600', from: 'sm' } }),
        col.accessor('items', { header: t('categories.col.products'), meta: { align: 'end' } }),
        col.accessor('authorized', { header: t('brands.col.authorized'), cell: ({ row: { original: b } }) => <AuthorizedCell brand={b} /> }),
        col.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('categories.col.actions')}</span>,
          meta: { label: t('categories.col.actions') },
          cell: ({ row: { original: b } }) => <ActionsCell brand={b} />,
        }),
      ]),
    [t],
  );

  return (
    <section aria-labelledby="brands-title" className="space-y-3">
      <CatalogTabs />
      <h1 id="brands-title" className="text-lg font-semibold text-ink">
        {t('brands.title')}
      </h1>
      <form onSubmit={onCreate} className="flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-2 text-sm">
        <SlugAndNames />
        <label className="flex items-center gap-1.5 pb-1.5">
          <input type="checkbox" name="authorized" /> {t('brands.authorized')}
        </label>
        <Button type="submit" size="sm" disabled={pending}>
          {t('brands.add')}
        </Button>
      </form>
      <ChangeError error={error} />
      <TreeChange value={change}>
        <StaffTable
          label={t('brands.title')}
          columns={columns}
          rows={list}
          rowId={(b) => String(b.id)}
          query={brands}
          loadFailed={t('list.loadFailed')}
          empty={t('brands.empty')}
          resetOn={null}
          onOpen={(b) => setEditing(b.id)}
        />
      </TreeChange>
    </section>
  );
}
