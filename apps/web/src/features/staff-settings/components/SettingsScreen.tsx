import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { useSettings, useShipping } from '../api/settings';
import { BankPanel } from './BankPanel';
import { CarouselPanel } from './CarouselPanel';
import { ContactPanel } from './ContactPanel';
import { MoneyPanel } from './MoneyPanel';
import { PaymentsPanel, ShippingPanel } from './ShippingPanel';
import { UnpaidOrdersPanel } from './UnpaidOrdersPanel';

export const SETTINGS_TABS = ['money', 'shipping', 'payments', 'orders', 'bank', 'carousel', 'contact'] as const;
type Tab = (typeof SETTINGS_TABS)[number];

/**
 * /admin/settings (owner): one tab per concern, the tab in the URL (?tab=) so a reload or a link
 * keeps it. The tab list follows the WAI-ARIA tabs pattern: arrow keys, Home and End move along it.
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = (SETTINGS_TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'money';
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const settings = useSettings();
  const shipping = useShipping();
  const needsShipping = tab === 'shipping' || tab === 'payments';
  const query = needsShipping ? shipping : settings;

  const choose = (next: Tab) => {
    const params = new URLSearchParams(search);
    params.set('tab', next);
    setSearch(params, { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = SETTINGS_TABS.indexOf(tab);
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SETTINGS_TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = SETTINGS_TABS[(to + SETTINGS_TABS.length) % SETTINGS_TABS.length]!;
    choose(next);
    tabs.current[SETTINGS_TABS.indexOf(next)]?.focus();
  };

  return (
    <div className="mx-auto max-w-6xl space-y-3">
      <h1 className="text-lg font-semibold text-ink">{t('title')}</h1>
      <div role="tablist" aria-label={t('title')} className="-mx-1 flex gap-1 overflow-x-auto border-b border-gray-200">
        {SETTINGS_TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={`settings-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="settings-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            onKeyDown={onKeyDown}
            className={cn(
              '-mb-px border-b-2 px-3 py-1.5 text-sm whitespace-nowrap',
              tab === name ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-gray-700 hover:bg-gray-100',
            )}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div id="settings-panel" role="tabpanel" aria-labelledby={`settings-tab-${tab}`}>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : tab === 'shipping' && shipping.data ? (
          <ShippingPanel config={shipping.data} />
        ) : tab === 'payments' && shipping.data ? (
          <PaymentsPanel config={shipping.data} />
        ) : settings.data ? (
          tab === 'money' ? (
            <MoneyPanel settings={settings.data} />
          ) : tab === 'orders' ? (
            <UnpaidOrdersPanel settings={settings.data} />
          ) : tab === 'bank' ? (
            <BankPanel settings={settings.data} />
          ) : tab === 'carousel' ? (
            <CarouselPanel settings={settings.data} />
          ) : (
            <ContactPanel settings={settings.data} />
          )
        ) : null}
      </div>
    </div>
  );
}
