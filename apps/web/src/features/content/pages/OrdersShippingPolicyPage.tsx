import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AlertTriangle,
  ArrowRight,
  Clock,
  CreditCard,
  Headphones,
  Landmark,
  Mail,
  MapPinned,
  PackageCheck,
  RotateCcw,
  Scale,
  ShoppingCart,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { Section } from '../components/Section';
import { PageHero } from '../components/PageHero';
import { useFreeShippingThresholdUsd } from '@/lib/shop-settings';
import { policyValues } from '../values';
import { useSkusInStock } from '@/lib/skus-in-stock';

const SECTIONS: { key: string; id: string; icon: LucideIcon }[] = [
  { key: 'ordering', id: 'ordering', icon: ShoppingCart },
  { key: 'payment', id: 'payment', icon: CreditCard },
  { key: 'processing', id: 'processing', icon: Clock },
  { key: 'shipping', id: 'shipping-methods', icon: Truck },
  { key: 'fees', id: 'shipping-fees', icon: Scale },
  { key: 'customs', id: 'customs', icon: Landmark },
  { key: 'tracking', id: 'tracking', icon: MapPinned },
  { key: 'returns', id: 'returns', icon: RotateCcw },
  { key: 'damaged', id: 'damaged', icon: AlertTriangle },
  { key: 'support', id: 'support', icon: Headphones },
];

const PAYMENTS = ['paypal', 'tt', 'westernUnion', 'alipay'] as const;
const METHODS = ['ems', 'dhl', 'fedex', 'ups', 'chinaPost', 'sea'] as const;
const HIGHLIGHTS = ['freeShipping', 'shipping24h', 'returns', 'support'] as const;

function Bullets({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-relaxed text-gray-700">
          <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-500" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function Paragraphs({ items }: { items: string[] }) {
  return (
    <div className="space-y-3 leading-relaxed text-gray-700">
      {items.map((item) => (
        <p key={item}>{item}</p>
      ))}
    </div>
  );
}

/** /orders-shipping-policy: ordering, payment, processing, shipping, fees, customs, returns, support. */
export default function OrdersShippingPolicyPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  // Free shipping as the owner set it (Settings): not claimed while it is off or not known.
  const freeShippingUsd = useFreeShippingThresholdUsd();
  const freeShipping = typeof freeShippingUsd === 'number';
  const amount = freeShipping ? (Number.isInteger(freeShippingUsd) ? String(freeShippingUsd) : freeShippingUsd.toFixed(2)) : '';
  const v = { ...policyValues, amount, hours: tc('contact.hours') };
  // Products in stock from real counts (docs/catalog.md, Stock).
  const skus = useSkusInStock();
  const p = (key: string) => t(`policy.${key}`, v);
  const email = tc('contact.email');

  const bodies: Record<string, ReactNode> = {
    ordering: <Bullets items={['moq', 'cartons', 'retail', 'confirm'].map((k) => p(`ordering.${k}`))} />,
    payment: (
      <>
        <ul className="grid gap-3 sm:grid-cols-2">
          {PAYMENTS.map((key) => (
            <li key={key} className="rounded-lg border border-gray-200 p-4">
              <h3 className="font-semibold text-ink">{p(`payment.${key}.name`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-gray-600">{p(`payment.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm leading-relaxed text-gray-500">{p('payment.note')}</p>
      </>
    ),
    processing: (
      <Bullets
        items={['arrange', 'stock', 'preorder', 'holidays'].map((k) =>
          k === 'stock' && skus ? `${p('processing.stock')} ${t('policy.processing.stockCount', skus)}` : p(`processing.${k}`),
        )}
      />
    ),
    shipping: (
      <>
        <div className="hidden overflow-hidden rounded-lg border border-gray-200 sm:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{p('shipping.caption')}</caption>
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  {p('shipping.method')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {p('shipping.transit')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {p('shipping.bestFor')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {METHODS.map((key) => (
                <tr key={key}>
                  <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap text-ink">
                    {p(`shipping.${key}.name`)}
                  </th>
                  <td className="px-4 py-3 text-gray-700">{p(`shipping.${key}.transit`)}</td>
                  <td className="px-4 py-3 text-gray-600">{p(`shipping.${key}.bestFor`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="space-y-3 sm:hidden" aria-label={p('shipping.caption')}>
          {METHODS.map((key) => (
            <li key={key} className="rounded-lg border border-gray-200 p-4">
              <h3 className="font-semibold text-ink">{p(`shipping.${key}.name`)}</h3>
              <dl className="mt-2 space-y-2 text-sm">
                <div>
                  <dt className="text-xs text-gray-500">{p('shipping.transit')}</dt>
                  <dd className="text-gray-700">{p(`shipping.${key}.transit`)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">{p('shipping.bestFor')}</dt>
                  <dd className="text-gray-700">{p(`shipping.${key}.bestFor`)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm leading-relaxed text-gray-500">{p('shipping.note')}</p>
      </>
    ),
    fees: (
      <>
        <div className="rounded-lg border border-brand-100 bg-brand-50/60 p-4">
          <p className="text-sm font-semibold text-brand-800 sm:text-base">{p('fees.formula')}</p>
          <p className="mt-1 text-sm text-gray-700">{p('fees.volumetric')}</p>
        </div>
        <p className="mt-4 leading-relaxed text-gray-700">{p('fees.explain')}</p>
        {freeShipping ? (
          <div className="mt-4 flex gap-3 rounded-lg bg-green-50 p-4 text-green-900">
            <PackageCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{p('fees.freeTitle')}</h3>
              <p className="mt-1 text-sm leading-relaxed">{p('fees.free')}</p>
            </div>
          </div>
        ) : null}
      </>
    ),
    customs: <Paragraphs items={['p1', 'p2'].map((k) => p(`customs.${k}`))} />,
    tracking: <Paragraphs items={['p1', 'p2'].map((k) => p(`tracking.${k}`))} />,
    returns: <Paragraphs items={['p1', 'p2', 'p3'].map((k) => p(`returns.${k}`))} />,
    damaged: <Paragraphs items={['p1', 'p2'].map((k) => p(`damaged.${k}`))} />,
    support: (
      <>
        <Bullets items={['reply', 'manager', 'hours'].map((k) => p(`support.${k}`))} />
        <div className="mt-5 flex flex-wrap gap-3">
          <a
            href={`mailto:${email}`}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            <Mail className="size-5" aria-hidden="true" />
            {p('support.email')}
          </a>
          <Link
            to="/about-us#contact"
            className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-4 py-2.5 font-semibold text-ink hover:bg-gray-50"
          >
            {p('support.about')}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </>
    ),
  };

  return (
    <div className="mx-auto flex w-full max-w-[1100px] flex-col gap-6 md:gap-8">
      <PageHero eyebrow={p('eyebrow')} title={p('title')} lead={p('lead')}>
        <ul aria-label={p('highlightsLabel')} className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.filter((key) => key !== 'freeShipping' || freeShipping).map((key) => (
            <li key={key} className="rounded-lg bg-white/15 px-3 py-2 text-sm font-medium text-white ring-1 ring-white/25">
              {p(`highlights.${key}`)}
            </li>
          ))}
        </ul>
      </PageHero>

      <div className="grid gap-6 lg:grid-cols-[220px_minmax(0,1fr)] lg:items-start">
        <nav aria-labelledby="policy-toc-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-100 lg:sticky lg:top-24">
          <h2 id="policy-toc-title" className="text-sm font-semibold tracking-wide text-gray-500 uppercase">
            {p('tocTitle')}
          </h2>
          <ol className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1">
            {SECTIONS.map(({ key, id, icon: Icon }) => (
              <li key={id}>
                <a href={`#${id}`} className="flex items-center gap-2 rounded-md px-2 py-1.5 text-gray-700 hover:bg-brand-50 hover:text-brand-700">
                  <Icon className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {p(`${key}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="flex min-w-0 flex-col gap-6">
          {SECTIONS.map(({ key, id, icon }) => {
            const intro = ['ordering', 'payment', 'shipping', 'fees'].includes(key) ? p(`${key}.intro`) : undefined;
            return (
              <Section key={id} id={id} icon={icon} title={p(`${key}.title`)} intro={intro}>
                {bodies[key]}
              </Section>
            );
          })}
        </div>
      </div>
    </div>
  );
}
