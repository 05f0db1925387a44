import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { staffInput } from '@/components/staff/fields';
import { createBrand, updateBrand, uploadLogo, useAdminBrands } from '../api/catalog-admin';
import { brandsByName, nameOf } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';
import { ChangeError, EntryName, SaveCancel, SlugAndNames, slugAndNames, useTreeChange } from './tree-parts';

/** Brands (/admin/brands): add, rename, upload a logo, and the authorization flag of the brand page. */
export function BrandsScreen() {
  const { t } = useTranslation('catalogAdmin');
  const brands = useAdminBrands();
  const list = brandsByName(brands.data?.data ?? []);
  const { editing, setEditing, error, act, pending } = useTreeChange();
  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const data = new FormData(formEl);
    act(async () => {
      await createBrand({ ...slugAndNames(data), authorized: data.get('authorized') === 'on' });
      formEl.reset();
    }, t('brands.created'));
  }
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
      <StaffListBody query={brands} loadFailed={t('list.loadFailed')} empty={t('brands.empty')} isEmpty={list.length === 0}>
        <ul className="divide-y divide-gray-100 rounded border border-gray-200 bg-white text-sm">
          {list.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2 px-2 py-1.5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded border border-gray-200 bg-gray-50">
                {b.logo ? <img src={b.logo} alt={t('brands.logoOf', { name: nameOf(b) })} className="max-h-9 max-w-9 object-contain" /> : <span className="text-xs text-gray-400">—</span>}
              </span>
              {editing === b.id ? (
                <form
                  className="flex flex-1 flex-wrap items-center gap-1.5"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const data = new FormData(e.currentTarget);
                    act(() => updateBrand(b.id, { nameZh: String(data.get('nameZh')), nameEn: String(data.get('nameEn')) }), t('brands.saved'));
                  }}
                >
                  <input name="nameZh" defaultValue={b.nameZh} required maxLength={100} aria-label={t('fields.nameZh')} className={cn(staffInput, 'w-32')} />
                  <input name="nameEn" defaultValue={b.nameEn} required maxLength={100} aria-label={t('fields.nameEn')} className={cn(staffInput, 'w-32')} />
                  <SaveCancel onCancel={() => setEditing(null)} />
                </form>
              ) : (
                <>
                  <EntryName entry={b} />
                  <label className="flex items-center gap-1 text-xs">
                    <input type="checkbox" checked={b.authorized} disabled={pending} onChange={(e) => act(() => updateBrand(b.id, { authorized: e.target.checked }))} />
                    {t('brands.authorized')}
                  </label>
                  <label className="cursor-pointer rounded border border-gray-300 px-2 py-1 text-xs hover:bg-gray-50">
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
                  <Button size="sm" variant="secondary" onClick={() => setEditing(b.id)}>
                    {t('categories.edit')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </StaffListBody>
    </section>
  );
}
