import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminCategory } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { staffInput } from '@/components/staff/fields';
import { createCategory, deleteCategory, updateCategory, useAdminCategories } from '../api/catalog-admin';
import { categoryRows, nameOf } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';
import { ChangeError, EntryName, SaveCancel, SlugAndNames, slugAndNames, useTreeChange } from './tree-parts';

/**
 * The category tree (/admin/categories): add a category (under a parent or at the top), rename,
 * move under another parent, move up and down among its siblings, delete an empty one. The
 * server refuses a move under itself and a delete of a category with products or children.
 */
export function CategoriesScreen() {
  const { t } = useTranslation('catalogAdmin');
  const categories = useAdminCategories();
  const list = categories.data?.data ?? [];
  const rows = categoryRows(list);
  const { editing, setEditing, error, act, pending } = useTreeChange();
  const siblings = (c: TAdminCategory) => list.filter((x) => x.parentId === c.parentId).sort((a, b) => a.position - b.position || a.id - b.id);

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const formEl = event.currentTarget;
    const parent = String(data.get('parentId') ?? '');
    act(async () => {
      await createCategory({ ...slugAndNames(data), parentId: parent ? Number(parent) : null });
      formEl.reset();
    }, t('categories.created'));
  }

  return (
    <section aria-labelledby="categories-title" className="space-y-3">
      <CatalogTabs />
      <h1 id="categories-title" className="text-lg font-semibold text-ink">
        {t('categories.title')}
      </h1>
      <form onSubmit={onCreate} className="flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-2 text-sm">
        <SlugAndNames />
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-gray-600">{t('categories.parent')}</span>
          <select name="parentId" className={cn(staffInput, 'max-w-[14rem]')}>
            <option value="">{t('categories.top')}</option>
            {rows.map(({ category, depth }) => (
              <option key={category.id} value={category.id}>
                {'\u00a0\u00a0'.repeat(depth) + nameOf(category)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm" disabled={pending}>
          {t('categories.add')}
        </Button>
      </form>
      <ChangeError error={error} />
      <StaffListBody query={categories} loadFailed={t('list.loadFailed')} empty={t('categories.empty')} isEmpty={rows.length === 0}>
        <ul className="divide-y divide-gray-100 rounded border border-gray-200 bg-white text-sm">
          {rows.map(({ category: c, depth }) => {
            const sibs = siblings(c);
            const at = sibs.findIndex((s) => s.id === c.id);
            return (
              <li key={c.id} className="flex flex-wrap items-center gap-1.5 px-2 py-1" style={{ paddingLeft: `${0.5 + depth * 1.25}rem` }}>
                {editing === c.id ? (
                  <form
                    className="flex flex-1 flex-wrap items-center gap-1.5"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const data = new FormData(e.currentTarget);
                      const parent = String(data.get('parentId') ?? '');
                      act(() => updateCategory(c.id, { nameZh: String(data.get('nameZh')), nameEn: String(data.get('nameEn')), parentId: parent ? Number(parent) : null }), t('categories.saved'));
                    }}
                  >
                    <input name="nameZh" defaultValue={c.nameZh} required maxLength={100} aria-label={t('fields.nameZh')} className={cn(staffInput, 'w-32')} />
                    <input name="nameEn" defaultValue={c.nameEn} required maxLength={100} aria-label={t('fields.nameEn')} className={cn(staffInput, 'w-32')} />
                    <select name="parentId" defaultValue={c.parentId ?? ''} aria-label={t('categories.parent')} className={cn(staffInput, 'max-w-[12rem]')}>
                      <option value="">{t('categories.top')}</option>
                      {rows
                        .filter((r) => r.category.id !== c.id)
                        .map(({ category, depth: d }) => (
                          <option key={category.id} value={category.id}>
                            {'\u00a0\u00a0'.repeat(d) + nameOf(category)}
                          </option>
                        ))}
                    </select>
                    <SaveCancel onCancel={() => setEditing(null)} />
                  </form>
                ) : (
                  <>
                    <EntryName entry={c} />
                    <Button size="sm" variant="ghost" disabled={at <= 0 || pending} onClick={() => act(() => updateCategory(c.id, { position: at - 1 }))} aria-label={t('categories.up', { name: nameOf(c) })}>
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={at >= sibs.length - 1 || pending}
                      onClick={() => act(() => updateCategory(c.id, { position: at + 1 }))}
                      aria-label={t('categories.down', { name: nameOf(c) })}
                    >
                      ↓
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(c.id)}>
                      {t('categories.edit')}
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700" disabled={pending} onClick={() => act(() => deleteCategory(c.id), t('categories.deleted'))}>
                      {t('categories.delete')}
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </StaffListBody>
    </section>
  );
}
