import { useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { TSupplier } from '../api/types';

/** Share of the strip's width one arrow click scrolls (docs/requirements.md, Screens). */
export const STRIP_SCROLL_SHARE = 0.6;

/** Brand buttons in a horizontal strip; arrows scroll by 60% of its width; a click toggles the filter. */
export function SupplierStrip({
  suppliers,
  selected,
  onToggle,
}: {
  suppliers: readonly TSupplier[];
  selected: number | undefined;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('catalog');
  const strip = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * STRIP_SCROLL_SHARE, behavior: 'smooth' });
  };
  if (suppliers.length === 0) return null;
  const arrow =
    'inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-600 shadow-sm hover:bg-gray-50 hover:text-ink';
  return (
    <div className="flex items-center gap-1.5 rounded-lg border border-gray-200 bg-white p-2" role="group" aria-label={t('category.brands')}>
      <span className="hidden shrink-0 px-1 text-sm font-medium text-gray-600 sm:block">{t('category.brands')}</span>
      <button type="button" onClick={() => scroll(-1)} aria-label={t('category.scrollLeft')} className={arrow}>
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      <ul
        ref={strip}
        className="flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto scroll-smooth py-0.5 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        data-testid="supplier-strip"
      >
        {suppliers.map((supplier) => {
          const active = selected === supplier.id;
          return (
            <li key={supplier.id} className="shrink-0 snap-start">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onToggle(supplier.id)}
                className={cn(
                  'h-8 rounded-full border px-3 text-sm whitespace-nowrap transition-colors',
                  active ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white text-gray-700 hover:border-brand-400 hover:text-brand-700',
                )}
              >
                {supplier.name}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => scroll(1)} aria-label={t('category.scrollRight')} className={arrow}>
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
