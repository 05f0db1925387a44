import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProduct } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { staffInput } from '@/components/staff/fields';
import { useDebounced } from '@/lib/debounced';
import { useProductSearch } from '../api/staff-orders';

/** A search box over products (name or id); "Add" puts one in the order at its minimum quantity. */
export function ProductPicker({ onAdd }: { onAdd: (p: TProduct) => void }) {
  const { t } = useTranslation('staff');
  const [q, setQ] = useState('');
  const term = useDebounced(q, 250);
  const found = useProductSearch(term);
  const hits = term.trim() ? (found.data ?? []) : [];
  return (
    <div className="space-y-2">
      <input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-label={t('newOrder.findProduct')}
        placeholder={t('newOrder.findProduct')}
        className={cn(staffInput, 'w-full')}
        data-testid="product-search"
      />
      {hits.length > 0 ? (
        <ul className="divide-y divide-gray-100 rounded border border-gray-200" aria-label={t('newOrder.products')}>
          {hits.map((p) => (
            <li key={p.id} className="flex items-center gap-2 px-2 py-1 text-sm">
              <img src={p.thumbnail} alt="" width={28} height={28} className="size-7 rounded border border-gray-100 object-cover" />
              <span className="min-w-0 flex-1 truncate">
                {p.name} <span className="text-xs text-gray-500">#{p.id}</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  onAdd(p);
                  setQ('');
                }}
                aria-label={t('newOrder.addProduct', { name: p.name })}
              >
                {t('newOrder.add')}
              </Button>
            </li>
          ))}
        </ul>
      ) : term.trim() && found.isSuccess ? (
        <p className="text-xs text-gray-600">{t('newOrder.noProduct')}</p>
      ) : null}
    </div>
  );
}
