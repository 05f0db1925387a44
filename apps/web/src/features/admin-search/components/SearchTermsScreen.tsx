import { useMemo, useRef } from 'react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCount, staffCan } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { withFilter } from '@/components/staff/filter-params';
import { staffInput } from '@/components/staff/fields';
import { StaffPager } from '@/components/staff/StaffPager';
import { useListKeys } from '@/components/staff/use-list-keys';
import { useAuthStore } from '@/lib/stores/auth';
import { DEFAULT_DAYS, TERM_DAYS, termsSearchOf, useSearchTerms, type TermKind } from '../api/search-terms';
import { SynonymsPanel } from './SynonymsPanel';

/** The tabs: the two term lists, and the synonym groups (?kind=synonyms). */
type Tab = TermKind | 'synonyms';
const TABS: Tab[] = ['top', 'zero', 'synonyms'];

/** The shop's results for a term (best match first, as the buyer saw them). */
const searchPath = (term: string) => `/search?${new URLSearchParams({ keyword: term }).toString()}`;

/** Opens the shop's results for a term in a new tab. */
function openInShop(term: string) {
  window.open(searchPath(term), '_blank', 'noopener');
}

/**
 * What buyers searched for (/admin/search-terms; docs/catalog.md, Search): the most searched terms,
 * or those that found nothing, over the last 7, 30 or 90 days. Only the normalised keyword and
 * daily counts are kept, no person. Each term opens the shop's results in a new tab; the view
 * (tab, days, page) lives in the URL. Keys: j/k move, Enter opens the active term. A third tab
 * holds the search's synonym groups (SynonymsPanel).
 */
export function SearchTermsScreen() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const search = termsSearchOf(params);
  const tab: Tab = params.get('kind') === 'synonyms' ? 'synonyms' : search.kind;
  const role = useAuthStore((s) => s.user?.role ?? null);
  const terms = useSearchTerms(search);
  const rows = useMemo(() => terms.data?.data ?? [], [terms.data]);
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableSectionElement>(null);
  const [active, setActive] = useListKeys({ rows, searchBox, table, resetOn: `${search.kind}:${search.days}:${search.page}`, onOpen: (row) => openInShop(row.term) });

  const set = (key: 'kind' | 'days' | 'page', value: string) => setParams(withFilter(params, key, value));
  const pager = terms.data?.pager;
  const pages = pager ? Math.max(1, Math.ceil(pager.recTotal / pager.recPerPage)) : 0;

  return (
    <section aria-labelledby="search-terms-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 id="search-terms-title" className="text-lg font-semibold text-ink">
          {t('searchTerms.title')}
        </h1>
        {pager && tab !== 'synonyms' ? <span className="text-sm text-gray-600">{t('searchTerms.found', { count: pager.recTotal })}</span> : null}
        {tab !== 'synonyms' ? <span className="ml-auto hidden text-xs text-gray-500 md:inline">{t('searchTerms.keys')}</span> : null}
      </div>
      {tab !== 'synonyms' ? <p className="text-sm text-gray-600">{t('searchTerms.privacy')}</p> : null}

      <div className="flex flex-wrap items-end justify-between gap-2 border-b border-gray-200">
        <div role="tablist" aria-label={t('searchTerms.title')} className="flex gap-1 text-sm">
          {TABS.map((kind) => (
            <button
              key={kind}
              type="button"
              role="tab"
              id={`search-terms-tab-${kind}`}
              aria-selected={tab === kind}
              aria-controls="search-terms-panel"
              onClick={() => set('kind', kind === 'top' ? '' : kind)}
              className={cn('-mb-px border-b-2 px-3 py-1.5', tab === kind ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-gray-700 hover:text-ink')}
            >
              {t(`searchTerms.kind.${kind}`)}
            </button>
          ))}
        </div>
        <label className={cn('mb-1 flex items-center gap-2 text-sm', tab === 'synonyms' && 'hidden')}>
          <span className="text-xs text-gray-600">{t('searchTerms.period')}</span>
          <select value={String(search.days)} onChange={(e) => set('days', e.target.value === String(DEFAULT_DAYS) ? '' : e.target.value)} className={staffInput}>
            {TERM_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('searchTerms.days', { count: days })}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div id="search-terms-panel" role="tabpanel" aria-labelledby={`search-terms-tab-${tab}`}>
        {tab === 'synonyms' ? (
          <SynonymsPanel canManage={role !== null && staffCan(role, 'catalog.manage')} />
        ) : (
        <StaffListBody query={terms} loadFailed={t('searchTerms.loadFailed')} empty={t(`searchTerms.empty.${search.kind}`)} isEmpty={rows.length === 0}>
          <div className={cn('overflow-x-auto rounded border border-gray-200 bg-white', terms.isPlaceholderData && 'opacity-60')}>
            <table className="w-full text-left text-sm" data-testid="search-terms">
              <thead className="sticky top-0 bg-gray-100 text-xs text-gray-700">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('searchTerms.col.term')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-right font-medium whitespace-nowrap">
                    {t('searchTerms.col.searches')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-right font-medium whitespace-nowrap">
                    {t('searchTerms.col.zeroResults')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                    {t('searchTerms.col.lastDay')}
                  </th>
                </tr>
              </thead>
              <tbody ref={table}>
                {rows.map((row, i) => (
                  <tr key={row.term} data-row={i} className={cn('border-t border-gray-100', i === active ? 'bg-brand-50' : 'hover:bg-gray-50')} onClick={() => setActive(i)}>
                    <td className="max-w-[28rem] px-2 py-1">
                      <a
                        href={searchPath(row.term)}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={t('searchTerms.openInShop', { term: row.term })}
                        className="inline-flex max-w-full items-center gap-1 font-medium break-all text-brand-700 hover:underline"
                      >
                        <span className="truncate">{row.term}</span>
                        <ExternalLink aria-hidden="true" className="size-3 shrink-0 text-gray-400" />
                      </a>
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{formatCount(row.searches)}</td>
                    <td className={cn('px-2 py-1 text-right tabular-nums', row.zeroResults > 0 ? 'text-red-700' : 'text-gray-500')}>{formatCount(row.zeroResults)}</td>
                    <td className="px-2 py-1 whitespace-nowrap text-gray-700 tabular-nums">{row.lastDay}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </StaffListBody>
        )}
      </div>

      {tab !== 'synonyms' ? <StaffPager page={pager?.page ?? search.page} pages={pages} onPage={(p) => set('page', String(p))} /> : null}
    </section>
  );
}
