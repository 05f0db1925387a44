import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerGroup } from '@cubeshop/shared';
import { errorText, staffInput } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { useBuyerGroup, useSetBuyerGroup } from '../api/group';
import { Section } from './CustomerParts';

/**
 * The buyer's customer group on their page (docs/catalog.md, Prices): which group's prices they
 * see, and (owner, sales) a select to put them in another group or in none.
 */
export function CustomerGroupCard({ id, canManage }: { id: number; canManage: boolean }) {
  const { t, i18n } = useTranslation('groups');
  const group = useBuyerGroup(id);
  const set = useSetBuyerGroup(id);
  const selectId = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const name = (g: TCustomerGroup) => `${i18n.language === 'zh' ? g.nameZh : g.nameEn} (${t('buyer.percent', { percent: g.discountPercent })})`;
  if (!group.data) {
    return (
      <Section title={t('buyer.title')}>
        {group.isError ? <p className="text-sm text-red-700">{errorText(group.error)}</p> : <Spinner className="size-5" label="…" />}
      </Section>
    );
  }
  const data = group.data;
  const current = choice ?? (data.groupId === null ? '' : String(data.groupId));
  function submit(event: FormEvent) {
    event.preventDefault();
    set.mutate(current === '' ? null : Number(current), {
      onSuccess: () => {
        toast.success(t('buyer.saved'));
        setChoice(null);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  }
  return (
    <Section title={t('buyer.title')}>
      <p className="text-sm" data-testid="customer-group">
        {data.effective ? t('buyer.effective', { name: name(data.effective) }) : t('buyer.shopPrices')}
      </p>
      {canManage ? (
        <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
          <label htmlFor={selectId} className="sr-only">
            {t('buyer.change')}
          </label>
          <select id={selectId} value={current} onChange={(e) => setChoice(e.target.value)} className={`${staffInput} min-w-0 flex-1`}>
            <option value="">{t('buyer.none')}</option>
            {data.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {name(g)}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="secondary" disabled={set.isPending || current === (data.groupId === null ? '' : String(data.groupId))}>
            {t('buyer.save')}
          </Button>
        </form>
      ) : null}
    </Section>
  );
}
