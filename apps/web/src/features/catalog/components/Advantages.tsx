import { BadgeCheck, Boxes, ShieldCheck, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SHOP_CLAIMS } from '@cubeshop/shared';
import { useSkusInStock } from '@/lib/skus-in-stock';

/** The four blurbs under the home carousel; the first reads "3,100+ SKUs in stock" from real counts (docs/requirements.md, Screens; docs/catalog.md, Stock). */
export function Advantages() {
  const { t } = useTranslation('catalog');
  const skus = useSkusInStock();
  const items = [
    ...(skus ? [{ Icon: Boxes, title: t('home.advantages.sku.title', skus), text: t('home.advantages.sku.text') }] : []),
    { Icon: BadgeCheck, title: t('home.advantages.brands.title', { brands: SHOP_CLAIMS.brandAuthorizations }), text: t('home.advantages.brands.text') },
    { Icon: Truck, title: t('home.advantages.shipping.title'), text: t('home.advantages.shipping.text') },
    { Icon: ShieldCheck, title: t('home.advantages.certified.title'), text: t('home.advantages.certified.text') },
  ];
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {items.map(({ Icon, title, text }) => (
        <li key={title} className="flex items-center gap-2.5 rounded-lg border border-gray-200 bg-white p-2.5 sm:items-start sm:gap-3 sm:p-3 md:p-4">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-[13px] leading-snug font-semibold text-ink sm:text-sm">{title}</p>
            <p className="mt-0.5 hidden text-xs text-gray-500 sm:block">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
