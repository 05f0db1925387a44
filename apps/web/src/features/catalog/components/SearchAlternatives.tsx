import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlternatives, type TSearchAlternatives } from '../api/get-alternatives';
import { searchFromFilters, withChange, type TItemFilters } from '../lib/filters';
import { ProductCard } from './ProductCard';

const MARK = '\u2063';
const GRID = 'grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 xl:grid-cols-4';

/** A results page's URL for a keyword, with the other filters as they are (`all`: without brand and price). */
function hrefOf(filters: TItemFilters, keyword: string, all = false): string {
  const next = withChange(filters, all ? { keyword, supplierId: undefined, minPrice: undefined, maxPrice: undefined } : { keyword });
  return `/search?${searchFromFilters(next).toString()}`;
}

/** A translated sentence with `{{keyword}}` replaced by the given elements. */
function Sentence({ text, children }: { text: string; children: ReactNode }) {
  const [before = '', after = ''] = text.split(MARK);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * Under the title of a search that found fewer than FEW_RESULTS products (docs/catalog.md,
 * Search, Never a dead end): how few, "did you mean" (the nearest brand, model or word, kept
 * with the buyer's brand and price) and broader searches (a word left out, every brand and
 * price), each a link with how many products it finds.
 */
export function SearchCorrection({ filters, found }: { filters: TItemFilters; found: number | undefined }) {
  const { t } = useTranslation('catalog');
  const alternatives = useAlternatives(filters, found);
  const data = alternatives.data;
  if (!data || data.total !== found || (data.total === 0 && data.didYouMean.length === 0 && data.broaden.length === 0)) return null;
  const keyword = filters.keyword?.trim() ?? '';
  return (
    <section
      aria-label={t('alternatives.label')}
      data-testid="search-alternatives"
      className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-gray-800 sm:px-4"
    >
      {data.total > 0 ? <p>{t('alternatives.few', { count: data.total, keyword })}</p> : null}
      {data.didYouMean.length > 0 ? (
        <p data-testid="did-you-mean" className="text-base">
          <Sentence text={t('alternatives.didYouMean', { keyword: MARK })}>
            {data.didYouMean.map((d, i) => (
              <Fragment key={d.keyword}>
                {i > 0 ? t('alternatives.or') : null}
                <Link to={hrefOf(filters, d.keyword)} className={linkClass}>
                  {d.keyword}
                </Link>
              </Fragment>
            ))}
          </Sentence>
        </p>
      ) : null}
      {data.broaden.length > 0 ? (
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span>{t('alternatives.broaden')}</span>
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {data.broaden.map((b) => (
              <li key={`${b.keyword}|${b.filters}`}>
                <Link to={hrefOf(filters, b.keyword, !b.filters)} className={linkClass}>
                  {b.dropped !== null ? t('alternatives.without', { word: b.dropped }) : t('alternatives.allFilters')}
                </Link>{' '}
                <span className="text-gray-500">({t('alternatives.results', { count: b.count })})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** When a search found nothing: the best products of its first alternative, as cards (below the empty list). */
export function ClosestProducts({ filters, found }: { filters: TItemFilters; found: number | undefined }) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  const closest: TSearchAlternatives['closest'] | undefined = useAlternatives(filters, found).data?.closest;
  if (found !== 0 || !closest || closest.products.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="closest-products">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        <Sentence text={t(closest.filters ? 'alternatives.closest' : 'alternatives.closestAll', { keyword: MARK })}>
          <Link to={hrefOf(filters, closest.keyword, !closest.filters)} className={linkClass}>
            {closest.keyword}
          </Link>
        </Sentence>
      </h2>
      <ul className={GRID}>
        {closest.products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
