import { useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { TId, TSupplier } from '../api/types';

/** Brand buttons in a horizontal strip; arrows scroll by 60% of its width; a click toggles the filter. */
export function SupplierStrip({ suppliers, selected, onToggle }: { suppliers: TSupplier[]; selected: TId | undefined; onToggle: (id: TId) => void }) {
  const { t } = useTranslation('catalog');
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.6, behavior: 'smooth' });
  };
  if (suppliers.length === 0) return null;
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('category.brands')}>
      <button type="button" onClick={() => scroll(-1)} aria-label={t('category.scrollLeft')} className="hidden shrink-0 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 sm:inline-flex">
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      <div ref={strip} className="flex min-w-0 flex-1 gap-2 overflow-x-auto scroll-smooth pb-1 [scrollbar-width:thin]">
        {suppliers.map((supplier) => {
          const active = selected !== undefined && String(selected) === String(supplier.id);
          return (
            <button
              key={String(supplier.id)}
              type="button"
              aria-pressed={active}
              onClick={() => onToggle(supplier.id)}
              className={cn(
                'h-8 shrink-0 rounded-full border px-3 text-sm whitespace-nowrap',
                active ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white text-gray-700 hover:border-brand-400',
              )}
            >
              {supplier.name}
            </button>
          );
        })}
      </div>
      <button type="button" onClick={() => scroll(1)} aria-label={t('category.scrollRight')} className="hidden shrink-0 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 sm:inline-flex">
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
