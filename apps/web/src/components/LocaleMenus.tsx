import { Check, ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, CURRENCY_SYMBOLS, LOCALES, type TCurrency, type TLocale } from '@cubeshop/shared';
import { Menu, menuItemClass } from '@/components/ui/Menu';
import { cn } from '@/components/ui/cn';
import { changeCurrency, getCurrency } from '@/lib/currency';
import { changeLocale, getLocale } from '@/lib/locale';

const triggerClass = 'inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100';

export function CurrencyMenu() {
  const { t } = useTranslation('common');
  const current = getCurrency();
  return (
    <Menu
      ariaLabel={`${t('nav.currency')}: ${t(`currency.${current}`)}`}
      buttonClassName={triggerClass}
      label={
        <>
          <span aria-hidden="true">{CURRENCY_SYMBOLS[current]}</span>
          <span>{current}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      }
    >
      {() =>
        CURRENCIES.map((code: TCurrency) => (
          <button key={code} type="button" role="menuitemradio" aria-checked={code === current} className={menuItemClass} onClick={() => changeCurrency(code)}>
            <Check aria-hidden="true" className={cn('size-4', code === current ? 'opacity-100' : 'opacity-0')} />
            {t(`currency.${code}`)}
          </button>
        ))
      }
    </Menu>
  );
}

export function LanguageMenu() {
  const { t } = useTranslation('common');
  const current = getLocale();
  return (
    <Menu
      ariaLabel={`${t('nav.language')}: ${t(`language.${current}`)}`}
      buttonClassName={triggerClass}
      label={
        <>
          <Globe aria-hidden="true" className="size-4" />
          <span>{t(`language.${current}`)}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      }
    >
      {() =>
        LOCALES.map((code: TLocale) => (
          <button
            key={code}
            type="button"
            role="menuitemradio"
            aria-checked={code === current}
            lang={code === 'zh' ? 'zh-CN' : 'en'}
            className={menuItemClass}
            onClick={() => changeLocale(code)}
          >
            <Check aria-hidden="true" className={cn('size-4', code === current ? 'opacity-100' : 'opacity-0')} />
            {t(`language.${code}`)}
          </button>
        ))
      }
    </Menu>
  );
}

/** Radio rows for the mobile menu: same choices, laid out flat. */
export function LocaleChoices() {
  const { t } = useTranslation('common');
  const currency = getCurrency();
  const locale = getLocale();
  const chip = (active: boolean) =>
    cn('h-9 rounded-md border px-3 text-sm', active ? 'border-brand-600 bg-brand-50 font-medium text-brand-700' : 'border-gray-300 bg-white text-gray-700');
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-1.5 text-xs font-medium tracking-wide text-gray-500 uppercase">{t('nav.currency')}</legend>
        <div className="flex gap-2">
          {CURRENCIES.map((code) => (
            <button key={code} type="button" aria-pressed={code === currency} className={chip(code === currency)} onClick={() => changeCurrency(code)}>
              {t(`currency.${code}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-xs font-medium tracking-wide text-gray-500 uppercase">{t('nav.language')}</legend>
        <div className="flex gap-2">
          {LOCALES.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={code === locale}
              lang={code === 'zh' ? 'zh-CN' : 'en'}
              className={chip(code === locale)}
              onClick={() => changeLocale(code)}
            >
              {t(`language.${code}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
