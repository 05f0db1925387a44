import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { staffInput } from '@/components/staff/fields';
import { Button } from '@/components/ui/Button';
import { useDebounced } from '@/lib/debounced';
import { useProductSearch } from '../api/quotes';

/** Finds products by name or number (the catalog's search) and adds one, in one of its styles, as a line. */
export function ProductPicker({ onAdd }: { onAdd: (itemId: number, type: string) => void }) {
  const { t } = useTranslation('quotes');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  const found = useProductSearch(keyword);
  const [styles, setStyles] = useState<Record<number, string>>({});
  return (
    <div className="space-y-1">
      <label className="block text-sm">
        <span className="mb-1 block text-xs text-gray-600">{t('staff.search')}</span>
        <input
          type="search"
          className={`${staffInput} w-full sm:w-80`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('staff.searchPlaceholder')}
          data-testid="quote-product-search"
        />
      </label>
      {keyword.length >= 2 && found.data ? (
        found.data.data.length === 0 ? (
          <p className="text-xs text-gray-600">{t('staff.noProducts')}</p>
        ) : (
          <ul className="divide-y divide-gray-100 rounded border border-gray-200" data-testid="quote-product-results">
            {found.data.data.map((p) => {
              const style = styles[p.id] ?? p.types[0]?.code ?? '';
              return (
                <li key={p.id} className="flex flex-wrap items-center gap-2 px-2 py-1 text-sm">
                  <span className="min-w-0 flex-1 truncate">
                    {p.name} <span className="text-xs text-gray-500">#{p.id}</span>
                  </span>
                  {p.types.length > 0 ? (
                    <select
                      className={staffInput}
                      value={style}
                      onChange={(e) => setStyles({ ...styles, [p.id]: e.target.value })}
                      aria-label={t('staff.styleOf', { name: p.name })}
                    >
                      {p.types.map((ty) => (
                        <option key={ty.code} value={ty.code}>
                          {ty.name}
                        </option>
                      ))}
                    </select>
                  ) : null}
                  <Button variant="secondary" size="sm" onClick={() => onAdd(p.id, style)} aria-label={t('staff.addNamed', { name: p.name })}>
                    <Plus aria-hidden="true" className="size-4" />
                    {t('staff.add')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
