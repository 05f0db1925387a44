import { createContext, use, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStaffCategory } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { staffInput } from '@/components/staff/fields';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { createCategory, deleteCategory, updateCategory, useStaffCategories } from '../api/catalog-staff';
import { categoryRows, nameOf } from '../lib/catalog-format';
import { CatalogTabs } from './CatalogTabs';
import { ChangeError, EntryName, SaveCancel, SlugAndNames, slugAndNames, TreeChange, useTreeChange, useTreeChangeOf } from './tree-parts';
import { formText } from '@/lib/form-data';

/** A row of the tree: a category and how deep it sits (0: top level). */
interface TreeRow {
  category: TStaffCategory;
  depth: number;
}

/** The whole tree, for the parent choices and the siblings of a row. */
const Tree = createContext<{ rows: TreeRow[]; list: TStaffCategory[] }>({ rows: [], list: [] });

/** The parent choices: the top level, then the tree indented (without `except`, a category cannot go under itself). */
function ParentOptions({ except }: { except?: number }) {
  const { t } = useTranslation('staffCatalog');
  const { rows } = use(Tree);
  return (
    <>
      <option value="">{t('categories.top')}</option>
      {rows
        .filter((r) => r.category.id !== except)
        .map(({ category, depth }) => (
          <option key={category.id} value={category.id}>
            {'\u00a0\u00a0'.repeat(depth) + nameOf(category)}
          </option>
        ))}
    </>
  );
}

/** A category's names, indented by its depth, or the form renaming and moving it while it is edited. */
function NameCell({ row: { category: c, depth } }: { row: TreeRow }) {
  const { t } = useTranslation('staffCatalog');
  const { editing, setEditing, act } = useTreeChangeOf();
  return (
    <div style={{ paddingLeft: `${depth * 1.25}rem` }}>
      {editing === c.id ? (
        <form
          className="flex flex-wrap items-center gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            const parent = formText(data, 'parentId');
            act(
              () => updateCategory(c.id, { nameZh: formText(data, 'nameZh'), nameEn: formText(data, 'nameEn'), parentId: parent ? Number(parent) : null }),
              t('categories.saved'),
            );
          }}
        >
          {/* The staff member opened this form with "Edit": its first field takes the focus. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <input name="nameZh" defaultValue={c.nameZh} required maxLength={100} aria-label={t('fields.nameZh')} autoFocus className={cn(staffInput, 'w-32')} />
          <input name="nameEn" defaultValue={c.nameEn} required maxLength={100} aria-label={t('fields.nameEn')} className={cn(staffInput, 'w-32')} />
          <select name="parentId" defaultValue={c.parentId ?? ''} aria-label={t('categories.parent')} className={cn(staffInput, 'max-w-[12rem]')}>
            <ParentOptions except={c.id} />
          </select>
          <SaveCancel onCancel={() => setEditing(null)} />
        </form>
      ) : (
        <EntryName entry={c} />
      )}
    </div>
  );
}

/** Up and down among its siblings, Edit, Delete (the server refuses one holding products or children). */
function ActionsCell({ category: c }: { category: TStaffCategory }) {
  const { t } = useTranslation('staffCatalog');
  const { editing, setEditing, act, pending } = useTreeChangeOf();
  const { list } = use(Tree);
  const siblings = list.filter((x) => x.parentId === c.parentId).sort((a, b) => a.position - b.position || a.id - b.id);
  const at = siblings.findIndex((s) => s.id === c.id);
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        disabled={at <= 0 || pending}
        onClick={() => act(() => updateCategory(c.id, { position: at - 1 }))}
        aria-label={t('categories.up', { name: nameOf(c) })}
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={at >= siblings.length - 1 || pending}
        onClick={() => act(() => updateCategory(c.id, { position: at + 1 }))}
        aria-label={t('categories.down', { name: nameOf(c) })}
      >
        ↓
      </Button>
      {editing === c.id ? null : (
        <Button size="sm" variant="secondary" onClick={() => setEditing(c.id)}>
          {t('categories.edit')}
        </Button>
      )}
      <Button size="sm" variant="ghost" className="text-red-700" disabled={pending} onClick={() => act(() => deleteCategory(c.id), t('categories.deleted'))}>
        {t('categories.delete')}
      </Button>
    </div>
  );
}

const col = staffColumns<TreeRow>();

/**
 * The category tree (/admin/categories): add a category (under a parent or at the top), rename,
 * move under another parent (in the list; Enter on a row edits it), move up and down among its
 * siblings, delete an empty one, in a staff table indented by depth. The server refuses a move
 * under itself and a delete of a category with products or children.
 */
export function CategoriesScreen() {
  const { t } = useTranslation('staffCatalog');
  const categories = useStaffCategories();
  const tree = useMemo(() => {
    const list = categories.data?.data ?? [];
    return { list, rows: categoryRows(list) };
  }, [categories.data]);
  const change = useTreeChange();
  const { error, act, pending, setEditing } = change;

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const formEl = event.currentTarget;
    const parent = formText(data, 'parentId');
    act(async () => {
      await createCategory({ ...slugAndNames(data), parentId: parent ? Number(parent) : null });
      formEl.reset();
    }, t('categories.created'));
  }

  const columns = useMemo(
    () =>
      col.columns([
        col.display({ id: 'name', header: t('categories.col.name'), enableHiding: false, cell: ({ row: { original } }) => <NameCell row={original} /> }),
        col.accessor((r) => r.category.slug, {
          id: 'slug',
          header: t('categories.col.slug'),
          meta: { className: 'font-mono text-xs text-gray-600', from: 'sm' },
        }),
        col.accessor((r) => r.category.items, { id: 'products', header: t('categories.col.products'), meta: { align: 'end' } }),
        col.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('categories.col.actions')}</span>,
          meta: { label: t('categories.col.actions') },
          cell: ({ row: { original } }) => <ActionsCell category={original.category} />,
        }),
      ]),
    [t],
  );

  return (
    <section aria-labelledby="categories-title" className="space-y-3">
      <CatalogTabs />
      <h1 id="categories-title" className="text-lg font-semibold text-ink">
        {t('categories.title')}
      </h1>
      <Tree value={tree}>
        <form onSubmit={onCreate} className="flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-2 text-sm">
          <SlugAndNames />
          <label className="flex flex-col gap-0.5">
            <span className="text-xs text-gray-600">{t('categories.parent')}</span>
            <select name="parentId" className={cn(staffInput, 'max-w-[14rem]')}>
              <ParentOptions />
            </select>
          </label>
          <Button type="submit" size="sm" disabled={pending}>
            {t('categories.add')}
          </Button>
        </form>
        <ChangeError error={error} />
        <TreeChange value={change}>
          <StaffTable
            label={t('categories.title')}
            columns={columns}
            rows={tree.rows}
            rowId={(r) => String(r.category.id)}
            query={categories}
            loadFailed={t('list.loadFailed')}
            empty={t('categories.empty')}
            resetOn={null}
            onOpen={(r) => setEditing(r.category.id)}
          />
        </TreeChange>
      </Tree>
    </section>
  );
}
