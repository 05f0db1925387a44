import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerGroup, TCustomerGroupInput } from '@cubeshop/shared';
import { errorText, staffInput } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { deleteGroup, saveGroup, useGroupChange, useGroups } from '../api/groups';
import { GroupPrices } from './GroupPrices';

const EMPTY: TCustomerGroupInput = { code: '', nameZh: '', nameEn: '', discountPercent: 0, position: 0, isDefault: false };

/**
 * Customer groups for staff (/admin/customer-groups, owner and catalog): the groups with their
 * percentage, default flag, buyers and own prices; create, edit and delete (refused while in
 * use, with the server's reason), and a group's own per-product prices below the table.
 */
export function GroupsScreen() {
  const { t, i18n } = useTranslation('groups');
  const groups = useGroups();
  const [editing, setEditing] = useState<{ id: number | null; input: TCustomerGroupInput } | null>(null);
  const [pricesOf, setPricesOf] = useState<number | null>(null);
  const remove = useGroupChange(deleteGroup);
  const zh = i18n.language === 'zh';

  if (groups.isError && !groups.data) return <QueryError error={groups.error} onRetry={() => void groups.refetch()} message={t('loadFailed')} />;
  if (!groups.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="…" />
      </div>
    );
  }
  const rows = groups.data.data;
  const selected = rows.find((g) => g.id === pricesOf) ?? null;

  async function onDelete(group: TCustomerGroup) {
    if (!(await confirmDialog({ title: t('deleteTitle'), message: t('deleteConfirm', { name: zh ? group.nameZh : group.nameEn }) }))) return;
    remove.mutate(group.id, {
      onSuccess: () => {
        toast.success(t('deleted'));
        if (pricesOf === group.id) setPricesOf(null);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-lg font-semibold text-ink">{t('title')}</h1>
          <p className="text-xs text-gray-600">{t('intro')}</p>
        </div>
        <Button size="sm" onClick={() => setEditing({ id: null, input: { ...EMPTY, position: rows.length } })}>
          {t('new')}
        </Button>
      </div>
      <div className="relative overflow-x-auto rounded border border-gray-200 bg-white">
        <table className="w-full min-w-[40rem] text-sm" data-testid="groups-table">
          <thead className="bg-gray-50 text-left text-xs text-gray-600">
            <tr>
              <th className="px-2 py-1.5">{t('col.code')}</th>
              <th className="px-2 py-1.5">{t('col.name')}</th>
              <th className="px-2 py-1.5 text-right">{t('col.percent')}</th>
              <th className="px-2 py-1.5 text-right">{t('col.members')}</th>
              <th className="px-2 py-1.5 text-right">{t('col.prices')}</th>
              <th className="px-2 py-1.5">
                <span className="sr-only">{t('col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-2 py-4 text-center text-gray-500">
                  {t('empty')}
                </td>
              </tr>
            ) : null}
            {rows.map((g) => (
              <tr key={g.id} className={cn('border-t border-gray-100', pricesOf === g.id && 'bg-brand-50/50')} data-testid="group-row" data-code={g.code}>
                <td className="px-2 py-1.5 font-mono text-xs">{g.code}</td>
                <td className="px-2 py-1.5">
                  {zh ? g.nameZh : g.nameEn}
                  <span className="ml-1 text-xs text-gray-500">{zh ? g.nameEn : g.nameZh}</span>
                  {g.isDefault ? <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-[11px] text-gray-700">{t('default')}</span> : null}
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums">{g.discountPercent}%</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{g.memberCount}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{g.priceCount}</td>
                <td className="px-2 py-1.5">
                  <div className="flex justify-end gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setPricesOf(pricesOf === g.id ? null : g.id)} aria-expanded={pricesOf === g.id}>
                      {t('ownPrices')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setEditing({ id: g.id, input: { code: g.code, nameZh: g.nameZh, nameEn: g.nameEn, discountPercent: g.discountPercent, position: g.position, isDefault: g.isDefault } })} aria-label={t('editNamed', { name: g.code })}>
                      {t('edit')}
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700" onClick={() => void onDelete(g)} aria-label={t('deleteNamed', { name: g.code })}>
                      {t('delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected ? <GroupPrices key={selected.id} group={selected} /> : null}
      {editing ? <GroupDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function GroupDialog({ editing, onClose }: { editing: { id: number | null; input: TCustomerGroupInput }; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const [input, setInput] = useState(editing.input);
  const first = useRef<HTMLInputElement>(null);
  const save = useGroupChange(saveGroup);
  const set = <K extends keyof TCustomerGroupInput>(key: K, value: TCustomerGroupInput[K]) => setInput((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { id: editing.id, input: { ...input, code: input.code.trim().toLowerCase() } },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  }

  const field = 'flex flex-col gap-0.5 text-sm';
  return (
    <Dialog open onClose={onClose} title={t(editing.id === null ? 'newTitle' : 'editTitle')} initialFocus={first}>
      <form onSubmit={submit} className="grid gap-2 sm:grid-cols-2" data-testid="group-form">
        <label className={field}>
          <span className="text-xs text-gray-600">{t('col.code')}</span>
          <input ref={first} value={input.code} onChange={(e) => set('code', e.target.value)} required maxLength={32} pattern="[a-zA-Z0-9][a-zA-Z0-9_\-]*" className={cn(staffInput, 'font-mono')} />
        </label>
        <label className={field}>
          <span className="text-xs text-gray-600">{t('col.percent')}</span>
          <input type="number" inputMode="numeric" min={0} max={99} step={1} value={input.discountPercent} onChange={(e) => set('discountPercent', Number(e.target.value))} required className={staffInput} />
        </label>
        <label className={field}>
          <span className="text-xs text-gray-600">{t('nameZh')}</span>
          <input value={input.nameZh} onChange={(e) => set('nameZh', e.target.value)} required maxLength={60} className={staffInput} />
        </label>
        <label className={field}>
          <span className="text-xs text-gray-600">{t('nameEn')}</span>
          <input value={input.nameEn} onChange={(e) => set('nameEn', e.target.value)} required maxLength={60} className={staffInput} />
        </label>
        <label className={field}>
          <span className="text-xs text-gray-600">{t('position')}</span>
          <input type="number" inputMode="numeric" min={0} max={10000} step={1} value={input.position} onChange={(e) => set('position', Number(e.target.value))} className={staffInput} />
        </label>
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" checked={input.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
          {t('isDefault')}
        </label>
        <p className="text-xs text-gray-600 sm:col-span-2">{t('defaultHint')}</p>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
