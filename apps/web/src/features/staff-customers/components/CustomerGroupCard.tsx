import { useTranslation } from 'react-i18next';
import { ZCustomerGroupAssign, type TCustomerGroup, type TCustomerGroupOfBuyer } from '@cubeshop/shared';
import { SelectField } from '@/components/staff/form-fields';
import { Section } from '@/components/staff/Section';
import { errorText } from '@/components/staff/server-error';
import { StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useBuyerGroup, useSetBuyerGroup } from '../api/group';

/**
 * The buyer's customer group on their page (docs/catalog.md, Prices): which group's prices they
 * see, and (owner, sales) a select to put them in another group or in none.
 */
export function CustomerGroupCard({ id, canManage }: { id: number; canManage: boolean }) {
  const { t, i18n } = useTranslation('groups');
  const group = useBuyerGroup(id);
  const name = (g: TCustomerGroup) => `${i18n.language === 'zh' ? g.nameZh : g.nameEn} (${t('buyer.percent', { percent: g.discountPercent })})`;
  if (!group.data) {
    return (
      <Section title={t('buyer.title')}>
        {group.isError ? <p className="text-sm text-red-700">{errorText(group.error)}</p> : <Spinner className="size-5" label="…" />}
      </Section>
    );
  }
  const data = group.data;
  return (
    <Section title={t('buyer.title')}>
      <p className="text-sm" data-testid="customer-group">
        {data.effective ? t('buyer.effective', { name: name(data.effective) }) : t('buyer.shopPrices')}
      </p>
      {canManage ? <ChangeGroup key={data.groupId ?? 'none'} id={id} data={data} name={name} /> : null}
    </Section>
  );
}

/** The group select: saved with its button, the server's refusal under it. */
function ChangeGroup({ id, data, name }: { id: number; data: TCustomerGroupOfBuyer; name: (g: TCustomerGroup) => string }) {
  const { t } = useTranslation('groups');
  const set = useSetBuyerGroup(id);
  const form = useStaffForm(ZCustomerGroupAssign, { defaultValues: { groupId: data.groupId } });
  return (
    <StaffForm
      form={form}
      onSubmit={async ({ groupId }) => {
        await set.mutateAsync(groupId);
        toast.success(t('buyer.saved'));
      }}
      className="mt-2"
    >
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={t('buyer.change')}
          hideLabel
          name="groupId"
          numeric
          className="min-w-0 flex-1"
          options={[['', t('buyer.none')], ...data.groups.map((g) => [String(g.id), name(g)] as const)]}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={set.isPending || !form.formState.isDirty}>
          {t('buyer.save')}
        </Button>
      </div>
    </StaffForm>
  );
}
