import { useId, useState, type FormEvent } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SYMBOLS } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { getCurrency } from '@/lib/currency';
import type { TSupplier } from '../api/types';
import { FILTER_PARAMS, KEYWORD_MAX_LENGTH, priceRange, type TItemFilters } from '../lib/filters';

type Drafts = { keyword: string; supplier: string; min: string; max: string };

const draftsOf = (filters: TItemFilters): Drafts => ({
  keyword: filters.keyword ?? '',
  supplier: filters.supplierId === undefined ? '' : String(filters.supplierId),
  min: filters.minPrice ?? '',
  max: filters.maxPrice ?? '',
});

/**
 * Keyword search (Enter or the button), brand, min and max price in the display currency, apply
 * and (on a phone, where the filters fold away) reset. Searching applies what is typed in the
 * other fields too: one form, one set of filters.
 */
export function ProductFilters({
  filters,
  suppliers,
  onApply,
  onReset,
  action,
}: {
  /** Where the form goes without JavaScript (a plain GET with the filters as the URL's query). */
  action: string;
  filters: TItemFilters;
  suppliers: readonly TSupplier[];
  onApply: (patch: Pick<TItemFilters, 'keyword' | 'supplierId' | 'minPrice' | 'maxPrice'>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('catalog');
  const ids = { search: useId(), supplier: useId(), min: useId(), max: useId(), fields: useId() };
  const [drafts, setDrafts] = useState(() => draftsOf(filters));
  // The URL changed under the form (back button, a link, clear filters): show what it says.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDrafts(draftsOf(filters));
  }
  const [open, setOpen] = useState(false);
  const set = (key: keyof Drafts) => (e: { target: { value: string } }) => setDrafts((d) => ({ ...d, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const supplierId = /^\d+$/.test(drafts.supplier) ? Number(drafts.supplier) : undefined;
    // On a phone the fields fold away again so the results come into view.
    setOpen(false);
    onApply({ keyword: drafts.keyword.trim() || undefined, supplierId, ...priceRange(drafts.min, drafts.max) });
  };
  const active = [filters.supplierId, filters.minPrice, filters.maxPrice].filter((v) => v !== undefined).length;
  const symbol = CURRENCY_SYMBOLS[getCurrency()];
  const input =
    'h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-none';
  const label = 'mb-1 block text-xs font-medium text-gray-600';

  return (
    <form
      role="search"
      aria-label={t('panel.searchLabel')}
      action={action}
      method="get"
      onSubmit={submit}
      className="rounded-lg border border-gray-200 bg-white p-3 md:p-4"
    >
      <div className="flex gap-2">
        <label htmlFor={ids.search} className="sr-only">
          {t('panel.searchLabel')}
        </label>
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
          <input
            id={ids.search}
            name={FILTER_PARAMS.keyword}
            type="search"
            enterKeyHint="search"
            maxLength={KEYWORD_MAX_LENGTH}
            value={drafts.keyword}
            onChange={set('keyword')}
            placeholder={t('panel.searchPlaceholder')}
            className={cn(input, 'pl-9')}
          />
        </div>
        <Button type="submit">{t('panel.search')}</Button>
        <Button
          variant="secondary"
          className="relative px-3 md:hidden"
          aria-expanded={open}
          aria-controls={ids.fields}
          onClick={() => setOpen((v) => !v)}
          aria-label={t('panel.filters')}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {active > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-1.5 -right-1.5 min-w-4 rounded-full bg-brand-600 px-1 text-[10px] leading-4 font-semibold text-white"
            >
              {active}
            </span>
          ) : null}
        </Button>
      </div>

      <div
        id={ids.fields}
        className={cn('mt-3 grid-cols-2 gap-3 md:grid md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end', open ? 'grid' : 'hidden')}
      >
        <div className="col-span-2 md:col-span-1">
          <label htmlFor={ids.supplier} className={label}>
            {t('panel.supplier')}
          </label>
          <select id={ids.supplier} name={FILTER_PARAMS.supplier} value={drafts.supplier} onChange={set('supplier')} className={input}>
            <option value="">{t('panel.allSuppliers')}</option>
            {suppliers.map((s) => (
              <option key={String(s.id)} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.min} className={label}>
            {t('panel.minPrice', { symbol })}
          </label>
          <input
            id={ids.min}
            name={FILTER_PARAMS.min}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={drafts.min}
            onChange={set('min')}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={ids.max} className={label}>
            {t('panel.maxPrice', { symbol })}
          </label>
          <input
            id={ids.max}
            name={FILTER_PARAMS.max}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('panel.noLimit')}
            value={drafts.max}
            onChange={set('max')}
            className={input}
          />
        </div>
        <div className="col-span-2 flex gap-2 md:col-span-1">
          <Button type="submit" variant="secondary" className="flex-1 border-brand-600 text-brand-700 md:flex-none">
            {t('panel.apply')}
          </Button>
          <Button
            variant="ghost"
            className="flex-1 border border-gray-200 md:hidden"
            onClick={() => {
              setOpen(false);
              onReset();
            }}
          >
            {t('panel.reset')}
          </Button>
        </div>
      </div>
    </form>
  );
}
