import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStaffSettings, TExchangeRateEntry } from '@cubeshop/shared';
import { TextField } from '@/components/staff/form-fields';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { useRateHistory, useSaveSettings } from '../api/settings';
import { fromMinor, SettingsForm } from './parts';
import { ZFreeShippingForm, ZRateForm } from './setting-forms';

const col = staffColumns<TExchangeRateEntry>();
const NO_RATES: TExchangeRateEntry[] = [];

/** Exchange rate (with its history) and the free-shipping threshold. */
export function MoneyPanel({ settings }: { settings: TStaffSettings }) {
  const { t, i18n } = useTranslation('settings');
  const save = useSaveSettings();
  const history = useRateHistory();
  const threshold = settings.freeShipping.thresholdUsdCents;
  const columns = useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    return col.columns([
      col.accessor('time', { header: t('rate.time'), meta: { className: 'whitespace-nowrap tabular-nums' }, cell: (c) => time.format(new Date(c.getValue())) }),
      col.accessor('cnyPerUsd', { header: t('rate.cnyPerUsd'), meta: { align: 'end' } }),
      col.accessor('setBy', { header: t('rate.setBy'), cell: (c) => c.getValue()?.name ?? t('rate.system') }),
    ]);
  }, [t, i18n.language]);
  return (
    <div className="space-y-3">
      <SettingsForm
        key={`rate-${settings.exchangeRate.cnyPerUsd}`}
        schema={ZRateForm}
        defaultValues={{ exchangeRate: { cnyPerUsd: String(settings.exchangeRate.cnyPerUsd) } }}
        title={t('rate.title')}
        description={t('rate.description')}
        testId="rate-form"
        busy={save.isPending}
        save={save.mutateAsync}
      >
        <TextField label={t('rate.cnyPerUsd')} name="exchangeRate.cnyPerUsd" inputMode="decimal" />
      </SettingsForm>

      <section aria-labelledby="rate-history" className="rounded border border-gray-200 bg-white p-3">
        <h2 id="rate-history" className="text-sm font-semibold text-ink">
          {t('rate.history')}
        </h2>
        <div className="mt-2">
          <StaffTable
            label={t('rate.history')}
            testId="rate-history"
            columns={columns}
            rows={history.data?.data ?? NO_RATES}
            rowId={(r) => String(r.id)}
            query={history}
            loadFailed={t('rate.loadFailed')}
            empty={t('rate.none')}
            resetOn={null}
            cursor={false}
          />
        </div>
      </section>

      <SettingsForm
        key={`free-${threshold}`}
        schema={ZFreeShippingForm}
        defaultValues={{ freeShipping: { thresholdUsdCents: threshold === null ? '' : fromMinor(threshold) } }}
        title={t('free.title')}
        description={t('free.description')}
        testId="free-form"
        busy={save.isPending}
        save={save.mutateAsync}
      >
        <TextField label={t('free.threshold')} name="freeShipping.thresholdUsdCents" inputMode="decimal" hint={t('free.hint')} />
      </SettingsForm>
    </div>
  );
}
