import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAuthorizedBrandList } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { getLocale } from '@/lib/locale';
import { Section } from './Section';

/**
 * The brands staff flag as authorized (GET /api/suppliers/authorized), with the logos they
 * uploaded; nothing until the answer comes, and nothing when no brand is flagged.
 */
export function AuthorizedBrands() {
  const { t } = useTranslation('content');
  const brands = useQuery({
    queryKey: ['suppliers', 'authorized', getLocale()],
    queryFn: ({ signal }): Promise<TAuthorizedBrandList> => api.GET('/api/suppliers/authorized', { silent: true, signal }),
    staleTime: 60_000,
  });
  const list = brands.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Section id="authorized" title={t('authorizedBrands.title')} intro={t('authorizedBrands.intro')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" data-testid="authorized-brands">
        {list.map((b) => (
          <li key={b.id} className="flex flex-col items-center rounded-xl border border-gray-100 bg-gray-50 px-2 py-4 text-center">
            <span className="flex size-16 items-center justify-center">
              {b.logo ? (
                <img src={b.logo} alt="" width={64} height={64} loading="lazy" className="max-h-16 max-w-16 object-contain" />
              ) : (
                <span className="text-2xl font-bold text-gray-400">{b.name.slice(0, 1)}</span>
              )}
            </span>
            <h3 className="mt-2 text-sm font-semibold text-ink">{b.name}</h3>
          </li>
        ))}
      </ul>
    </Section>
  );
}
