import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_PICK_MAX, type TStaffSettings, type TProductList } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { errorText, staffInput } from '@/components/staff/fields';
import { api } from '@/lib/api';
import { toast } from '@/lib/stores/toast';
import { useSaveSettings } from '../api/settings';

interface Pick {
  id: number;
  name: string;
}

const picksOf = ({ data }: { data: TProductList['data'] }): Pick[] => data.map((p) => ({ id: p.id, name: p.name }));

/** The home carousel: the newest products, or products the owner picks (by id or search) in order. */
export function CarouselPanel({ settings }: { settings: TStaffSettings }) {
  const { t, i18n } = useTranslation('settings');
  const save = useSaveSettings();
  const [mode, setMode] = useState(settings.carousel.mode);
  const [picks, setPicks] = useState<Pick[]>(settings.carousel.productIds.map((id) => ({ id, name: '' })));
  const [query, setQuery] = useState('');
  const [error, setError] = useState<unknown>(null);
  // names of the saved picks (the storefront's carousel answers them in order)
  const current = useQuery({
    queryKey: ['admin', 'settings', 'carousel-names', i18n.language, settings.carousel.productIds.join(',')],
    queryFn: async ({ signal }) => picksOf(await api.GET('/api/shop/carousel', { silent: true, signal })),
    enabled: settings.carousel.mode === 'picked',
  });
  useEffect(() => {
    if (!current.data) return;
    const names = new Map(current.data.map((p) => [p.id, p.name]));
    setPicks((list) => list.map((p) => ({ ...p, name: p.name || names.get(p.id) || '' })));
  }, [current.data]);
  const search = useQuery({
    queryKey: ['admin', 'settings', 'carousel-search', i18n.language, query],
    queryFn: async ({ signal }) =>
      picksOf(await api.GET('/api/items', { params: { query: { keyword: query, page: 1, recPerPage: 8 } }, silent: true, signal })),
    enabled: query.trim().length > 0,
  });

  const add = (p: Pick) => setPicks((list) => (list.some((x) => x.id === p.id) || list.length >= CAROUSEL_PICK_MAX ? list : [...list, p]));
  const move = (index: number, by: number) =>
    setPicks((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ carousel: { mode, productIds: mode === 'picked' ? picks.map((p) => p.id) : [] } });
      toast.success(t('saved'));
    } catch (err) {
      setError(err);
    }
  };
  const onSearchKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const typed = query.trim();
    // a product id typed and Enter: added as it is (the server checks it exists)
    if (/^\d+$/.test(typed)) {
      add({ id: Number(typed), name: search.data?.find((p) => p.id === Number(typed))?.name ?? '' });
      setQuery('');
    } else if (search.data?.[0]) {
      add(search.data[0]);
      setQuery('');
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2 rounded border border-gray-200 bg-white p-3" aria-labelledby="carousel-title" data-testid="carousel-form">
      <h2 id="carousel-title" className="text-sm font-semibold text-ink">
        {t('carousel.title')}
      </h2>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">{t('carousel.mode')}</legend>
        {(['newest', 'picked'] as const).map((m) => (
          <label key={m} className="flex items-center gap-1.5">
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {t(`carousel.${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'picked' ? (
        <div className="grid gap-3 lg:grid-cols-2">
          <div>
            <label className="flex flex-col gap-0.5">
              <span className="text-xs text-gray-600">{t('carousel.search')}</span>
              <input
                className={staffInput}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onSearchKey}
                placeholder={t('carousel.searchHint')}
              />
            </label>
            <ul className="mt-1 divide-y divide-gray-100 text-sm" aria-label={t('carousel.results')}>
              {(search.data ?? []).map((p) => (
                <li key={p.id} className="flex items-center gap-2 py-1">
                  <span className="w-16 shrink-0 text-gray-500 tabular-nums">{p.id}</span>
                  <span className="min-w-0 flex-1 truncate">{p.name}</span>
                  <Button size="sm" variant="secondary" onClick={() => add(p)} disabled={picks.some((x) => x.id === p.id) || picks.length >= CAROUSEL_PICK_MAX}>
                    {t('carousel.add')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="text-xs text-gray-600">{t('carousel.pickedCount', { count: picks.length, max: CAROUSEL_PICK_MAX })}</p>
            <ol className="mt-1 divide-y divide-gray-100 rounded border border-gray-200 text-sm" data-testid="carousel-picks">
              {picks.map((p, i) => (
                <li key={p.id} className="flex items-center gap-2 px-2 py-1">
                  <span className="w-5 text-gray-500 tabular-nums">{i + 1}</span>
                  <span className="w-16 shrink-0 text-gray-500 tabular-nums">{p.id}</span>
                  <span className="min-w-0 flex-1 truncate">{p.name || '—'}</span>
                  <button
                    type="button"
                    className="rounded p-1 hover:bg-gray-100 disabled:opacity-30"
                    onClick={() => move(i, -1)}
                    disabled={i === 0}
                    aria-label={t('carousel.up', { id: p.id })}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 hover:bg-gray-100 disabled:opacity-30"
                    onClick={() => move(i, 1)}
                    disabled={i === picks.length - 1}
                    aria-label={t('carousel.down', { id: p.id })}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-red-700 hover:bg-red-50"
                    onClick={() => setPicks((list) => list.filter((x) => x.id !== p.id))}
                    aria-label={t('carousel.remove', { id: p.id })}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
              {picks.length === 0 ? <li className="px-2 py-1 text-gray-500">{t('carousel.empty')}</li> : null}
            </ol>
          </div>
        </div>
      ) : (
        <p className="text-xs text-gray-600">{t('carousel.newestHint')}</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(error)}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
