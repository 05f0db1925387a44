import { useMemo } from 'react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCount, staffCan, ZSearchTermsQuery, type TSearchTerm } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { FilterSelect } from '@/components/staff/filters';
import { useListParams } from '@/components/staff/list-params';
import { StaffPager } from '@/components/staff/StaffPager';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { useAuthStore } from '@/lib/stores/auth';
import { TERM_DAYS, useSearchTerms, type TermKind } from '../api/search-terms';
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

const col = staffColumns<TSearchTerm>();

/**
 * What buyers searched for (/admin/search-terms; docs/catalog.md, Search): the most searched terms,
 * or those that found nothing, over the last 7, 30 or 90 days. Only the normalised keyword and
 * daily counts are kept, no person. Each term opens the shop's results in a new tab; the view
 * (tab, days, page) lives in the URL (ZSearchTermsQuery). Keys: j/k or arrows move, Enter opens
 * the active term. A third tab holds the search's synonym groups (SynonymsPanel).
 */
export function SearchTermsScreen() {
  const { t } = useTranslation('staff');
  const list = useListParams(ZSearchTermsQuery);
  const { values } = list;
  const tab: Tab = list.params.get('kind') === 'synonyms' ? 'synonyms' : values.kind;
  const role = useAuthStore((s) => s.user?.role ?? null);
  const terms = useSearchTerms(values);
  const rows = useMemo(() => terms.data?.data ?? [], [terms.data]);
  const pager = terms.data?.pager;

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('term', {
          header: t('searchTerms.col.term'),
          meta: { className: 'max-w-[28rem]' },
          cell: (c) => (
            <a
              href={searchPath(c.getValue())}
              target="_blank"
              rel="noopener noreferrer"
              title={t('searchTerms.openInShop', { term: c.getValue() })}
              className="inline-flex max-w-full items-center gap-1 font-medium break-all text-brand-700 hover:underline"
            >
              <span className="truncate">{c.getValue()}</span>
              <ExternalLink aria-hidden="true" className="size-3 shrink-0 text-gray-400" />
            </a>
          ),
        }),
        col.accessor('searches', { header: t('searchTerms.col.searches'), meta: { align: 'end' }, cell: (c) => formatCount(c.getValue()) }),
        col.accessor('zeroResults', {
          header: t('searchTerms.col.zeroResults'),
          meta: { align: 'end' },
          cell: (c) => <span className={c.getValue() > 0 ? 'text-red-700' : 'text-gray-500'}>{formatCount(c.getValue())}</span>,
        }),
        col.accessor('lastDay', { header: t('searchTerms.col.lastDay'), meta: { className: 'whitespace-nowrap text-gray-700 tabular-nums' } }),
      ]),
    [t],
  );

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
              onClick={() => list.set('kind', kind)}
              className={cn(
                '-mb-px border-b-2 px-3 py-1.5',
                tab === kind ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-gray-700 hover:text-ink',
              )}
            >
              {t(`searchTerms.kind.${kind}`)}
            </button>
          ))}
        </div>
        {tab !== 'synonyms' ? (
          <div className="mb-1">
            <FilterSelect
              label={t('searchTerms.period')}
              value={String(values.days)}
              onChange={(v) => list.set('days', v)}
              options={TERM_DAYS.map((days) => [String(days), t('searchTerms.days', { count: days })] as const)}
            />
          </div>
        ) : null}
      </div>

      <div id="search-terms-panel" role="tabpanel" aria-labelledby={`search-terms-tab-${tab}`}>
        {tab === 'synonyms' ? (
          <SynonymsPanel canManage={role !== null && staffCan(role, 'catalog.manage')} />
        ) : (
          <StaffTable
            label={t(`searchTerms.kind.${values.kind}`)}
            testId="search-terms"
            columns={columns}
            rows={rows}
            rowId={(r) => r.term}
            query={terms}
            loadFailed={t('searchTerms.loadFailed')}
            empty={t(`searchTerms.empty.${values.kind}`)}
            resetOn={list.search}
            onOpen={(row) => openInShop(row.term)}
          />
        )}
      </div>

      {tab !== 'synonyms' ? <StaffPager pager={pager} onPage={list.setPage} /> : null}
    </section>
  );
}
