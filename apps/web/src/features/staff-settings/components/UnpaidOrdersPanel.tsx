import { useTranslation } from 'react-i18next';
import type { TStaffSettings } from '@cubeshop/shared';
import { TextField } from '@/components/staff/form-fields';
import { useSaveSettings } from '../api/settings';
import { SettingsForm } from './parts';
import { ZUnpaidOrdersForm } from './setting-forms';

const typed = (days: number | null) => (days ? String(days) : '');

/**
 * The unpaid-order follow-up (docs/orders.md, Unpaid orders): after how many days the buyer of an
 * unpaid order is reminded, and after how many an order with nothing paid is cancelled (empty or 0: off).
 */
export function UnpaidOrdersPanel({ settings }: { settings: TStaffSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  const { remindAfterDays, cancelAfterDays } = settings.unpaidOrders;
  return (
    <SettingsForm
      key={`unpaid-${remindAfterDays}-${cancelAfterDays}`}
      schema={ZUnpaidOrdersForm}
      defaultValues={{ unpaidOrders: { remindAfterDays: typed(remindAfterDays), cancelAfterDays: typed(cancelAfterDays) } }}
      title={t('unpaid.title')}
      description={t('unpaid.description')}
      testId="unpaid-form"
      busy={save.isPending}
      save={save.mutateAsync}
    >
      <TextField label={t('unpaid.remindAfterDays')} name="unpaidOrders.remindAfterDays" inputMode="numeric" hint={t('unpaid.remindHint')} />
      <TextField label={t('unpaid.cancelAfterDays')} name="unpaidOrders.cancelAfterDays" inputMode="numeric" hint={t('unpaid.cancelHint')} />
    </SettingsForm>
  );
}
