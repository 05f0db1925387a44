import { useTranslation } from 'react-i18next';
import type { TAdminSettings } from '@cubeshop/shared';
import { TextField } from '@/components/staff/form-fields';
import { useRateHistory, useSaveSettings } from '../api/settings';
import { fromMinor, SettingsForm } from './parts';
import { ZFreeShippingForm, ZRateForm } from './setting-forms';

/** Exchange rate (with its history) and the free-shipping threshold. */
export function MoneyPanel({ settings }: { settings: TAdminSettings }) {
  const { t, i18n } = useTranslation('settings');
  const save = useSaveSettings();
  const history = useRateHistory();
  const threshold = settings.freeShipping.thresholdUsdCents;
  const time = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
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
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-sm" data-testid="rate-history">
            <thead className="sticky top-0 bg-gray-50 text-left text-xs text-gray-600">
              <tr>
                <th className="px-2 py-1 font-medium">{t('rate.time')}</th>
                <th className="px-2 py-1 text-right font-medium">{t('rate.cnyPerUsd')}</th>
                <th className="px-2 py-1 font-medium">{t('rate.setBy')}</th>
              </tr>
            </thead>
            <tbody>
              {(history.data?.data ?? []).map((r) => (
                <tr key={r.id} className="border-t border-gray-100">
                  <td className="px-2 py-1 whitespace-nowrap">{time.format(new Date(r.time))}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{r.cnyPerUsd}</td>
                  <td className="px-2 py-1">{r.setBy ? r.setBy.name : t('rate.system')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {history.data && history.data.data.length === 0 ? <p className="px-2 py-1 text-sm text-gray-500">{t('rate.none')}</p> : null}
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
