import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZCustomerGroupInput, type TCustomerGroup, type TCustomerGroupInput } from '@cubeshop/shared';
import { CheckboxField, NumberField, TextField } from '@/components/staff/form-fields';
import { errorText } from '@/components/staff/server-error';
import { StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { deleteGroup, saveGroup, useGroupChange, useGroups } from '../api/groups';
import { GroupPrices } from './GroupPrices';
import { toText } from '@/lib/text';

const EMPTY: TCustomerGroupInput = { code: '', nameZh: '', nameEn: '', discountPercent: 0, position: 0, isDefault: false };
const NO_GROUPS: TCustomerGroup[] = [];
const col = staffColumns<TCustomerGroup>();

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

  const rows = groups.data?.data ?? NO_GROUPS;
  const selected = rows.find((g) => g.id === pricesOf) ?? null;

  // The row buttons act through this (the columns stay the same while the screen changes).
  const act = useRef({ onDelete, edit: setEditing, prices: setPricesOf });
  act.current = { onDelete, edit: setEditing, prices: setPricesOf };
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('code', { header: t('col.code'), enableHiding: false, meta: { className: 'py-1.5 font-mono text-xs' } }),
        col.display({
          id: 'name',
          header: t('col.name'),
          meta: { className: 'py-1.5' },
          cell: ({ row: { original: g } }) => (
            <>
              {zh ? g.nameZh : g.nameEn}
              <span className="ml-1 text-xs text-gray-500">{zh ? g.nameEn : g.nameZh}</span>
              {g.isDefault ? <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-[11px] whitespace-nowrap text-gray-700">{t('default')}</span> : null}
            </>
          ),
        }),
        col.accessor('discountPercent', { header: t('col.percent'), meta: { align: 'end', className: 'py-1.5' }, cell: (c) => `${c.getValue()}%` }),
        col.accessor('memberCount', { header: t('col.members'), meta: { align: 'end', className: 'py-1.5' } }),
        col.accessor('priceCount', { header: t('col.prices'), meta: { align: 'end', className: 'py-1.5' } }),
        col.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('col.actions')}</span>,
          meta: { className: 'py-1.5' },
          cell: ({ row: { original: g } }) => (
            <div className="flex justify-end gap-1">
              <Button size="sm" variant="ghost" onClick={() => act.current.prices((open) => (open === g.id ? null : g.id))} aria-expanded={pricesOf === g.id}>
                {t('ownPrices')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  act.current.edit({
                    id: g.id,
                    input: {
                      code: g.code,
                      nameZh: g.nameZh,
                      nameEn: g.nameEn,
                      discountPercent: g.discountPercent,
                      position: g.position,
                      isDefault: g.isDefault,
                    },
                  })
                }
                aria-label={t('editNamed', { name: g.code })}
              >
                {t('edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700"
                onClick={() => void act.current.onDelete(g)}
                aria-label={t('deleteNamed', { name: g.code })}
              >
                {t('delete')}
              </Button>
            </div>
          ),
        }),
      ]),
    [t, zh, pricesOf],
  );

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
      <StaffTable
        label={t('title')}
        testId="groups-table"
        columns={columns}
        rows={rows}
        rowId={(g) => String(g.id)}
        query={groups}
        loadFailed={t('loadFailed')}
        empty={t('empty')}
        resetOn={null}
        rowClassName={(g) => pricesOf === g.id && 'bg-brand-50/50'}
        rowData={(g) => ({ 'data-testid': 'group-row', 'data-code': g.code })}
      />
      {selected ? <GroupPrices key={selected.id} group={selected} /> : null}
      {editing ? <GroupDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** A group's form in a dialog: the shared rules checked as the staff member types, the server's refusal on its field. */
function GroupDialog({ editing, onClose }: { editing: { id: number | null; input: TCustomerGroupInput }; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const save = useGroupChange(saveGroup);
  const form = useStaffForm(ZCustomerGroupInput, { defaultValues: editing.input });
  // After the dialog's own focus: the code is what one types first.
  useEffect(() => form.setFocus('code'), [form]);

  async function submit(input: TCustomerGroupInput) {
    await save.mutateAsync({ id: editing.id, input });
    toast.success(t('saved'));
    onClose();
  }

  return (
    <Dialog open onClose={onClose} title={t(editing.id === null ? 'newTitle' : 'editTitle')}>
      <StaffForm form={form} onSubmit={submit} testId="group-form" className="grid gap-2 sm:grid-cols-2">
        <TextField
          label={t('col.code')}
          name="code"
          maxLength={32}
          inputClassName="font-mono"
          setValueAs={(v: unknown) =>
            toText(v ?? '')
              .trim()
              .toLowerCase()
          }
        />
        <NumberField label={t('col.percent')} name="discountPercent" step="1" />
        <TextField label={t('nameZh')} name="nameZh" maxLength={60} />
        <TextField label={t('nameEn')} name="nameEn" maxLength={60} />
        <NumberField label={t('position')} name="position" step="1" />
        <CheckboxField label={t('isDefault')} name="isDefault" className="self-end" />
        <p className="text-xs text-gray-600 sm:col-span-2">{t('defaultHint')}</p>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
            {t('save')}
          </Button>
        </div>
      </StaffForm>
    </Dialog>
  );
}
