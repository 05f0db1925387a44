import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Boxes, Building2, Clock, Factory, Globe, Mail, MapPin, MessageCircle, Phone, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { Lightbox, type LightboxImage } from '../components/Lightbox';
import { PageHero } from '../components/PageHero';
import { Section } from '../components/Section';
import { StatGrid } from '../components/StatGrid';
import { claimValues, digitsOf } from '../values';
import aisleSrc from '../assets/warehouse-aisle.svg';
import packingSrc from '../assets/packing-station.svg';
import qcSrc from '../assets/qc-desk.svg';
import showroomSrc from '../assets/showroom.svg';
import dockSrc from '../assets/loading-dock.svg';
import officeSrc from '../assets/office.svg';
import { useSkusInStock } from '@/lib/skus-in-stock';
import { useShopContact } from '@/lib/shop-settings';

const GALLERY = [
  { key: 'aisle', src: aisleSrc },
  { key: 'packing', src: packingSrc },
  { key: 'qc', src: qcSrc },
  { key: 'showroom', src: showroomSrc },
  { key: 'dock', src: dockSrc },
  { key: 'office', src: officeSrc },
] as const;

const STRENGTHS: { key: string; icon: LucideIcon }[] = [
  { key: 'supplyChain', icon: Factory },
  { key: 'stock', icon: Boxes },
  { key: 'brands', icon: BadgeCheck },
  { key: 'certified', icon: ShieldCheck },
  { key: 'shipping', icon: Truck },
  { key: 'worldwide', icon: Globe },
];

/** /about-us: company story, key figures, warehouse gallery with a lightbox, contact details. */
export default function AboutUsPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  // Products in stock from real counts (docs/catalog.md, Stock); the figure is left out if it could not be read.
  const skus = useSkusInStock();
  const strengths = STRENGTHS.filter(({ key }) => key !== 'stock' || skus);
  const plus = (value: number) => t('statValue', { value: value.toLocaleString('en-US') });
  const stats = [
    { value: String(claimValues.founded), label: t('about.stats.founded') },
    { value: String(claimValues.years), label: t('about.stats.years') },
    { value: plus(claimValues.clients), label: t('about.stats.clients') },
    { value: plus(claimValues.countries), label: t('about.stats.countries') },
    { value: plus(claimValues.productTypes), label: t('about.stats.productTypes') },
    { value: plus(claimValues.technicians), label: t('about.stats.technicians') },
    ...(skus ? [{ value: skus.skus, label: t('about.stats.skus', { count: skus.count }) }] : []),
    { value: plus(claimValues.brands), label: t('about.stats.brands') },
  ];

  const images: LightboxImage[] = GALLERY.map(({ key, src }) => ({
    src,
    caption: t(`about.gallery.${key}.caption`),
    alt: t(`about.gallery.${key}.alt`),
  }));

  // The owner's contact details (back-office settings), the built-in ones while they load.
  const contact = useShopContact();
  const { phone, email, whatsapp } = contact;
  const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';
  const contactRows: { key: string; icon: LucideIcon; value: ReactNode }[] = [
    { key: 'company', icon: Building2, value: tc('contact.company') },
    { key: 'address', icon: MapPin, value: contact.address },
    {
      key: 'phone',
      icon: Phone,
      value: (
        <a className={link} href={`tel:${digitsOf(phone)}`}>
          {phone}
        </a>
      ),
    },
    {
      key: 'email',
      icon: Mail,
      value: (
        <a className={`${link} break-all`} href={`mailto:${email}`}>
          {email}
        </a>
      ),
    },
    { key: 'hours', icon: Clock, value: contact.hours },
  ];
  const messengers = [
    {
      key: 'whatsapp',
      value: (
        <a
          className={link}
          href={`https://wa.me/${digitsOf(whatsapp).replace('+', '')}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('about.contact.whatsappChat', { number: whatsapp })}
        >
          {whatsapp}
        </a>
      ),
    },
    { key: 'wechat', value: contact.wechat },
    { key: 'qq', value: tc('contact.qq') },
  ];

  return (
    <div className="mx-auto flex w-full max-w-[1100px] flex-col gap-6 md:gap-8">
      <PageHero eyebrow={t('about.eyebrow')} title={t('about.title', claimValues)} lead={t('about.lead', claimValues)} />

      <Section id="story" title={t('about.story.title')}>
        <div className="space-y-4 leading-relaxed text-gray-700">
          <p>{t('about.story.p1', claimValues)}</p>
          <p>{t('about.story.p2', claimValues)}</p>
          <p>{t('about.story.p3', claimValues)}</p>
        </div>
        <div className="mt-6">
          <StatGrid stats={stats} label={t('about.statsLabel')} />
        </div>
      </Section>

      <Section id="strengths" title={t('about.strengths.title')} intro={t('about.strengths.intro')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {strengths.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-lg border border-gray-100 bg-gray-50 p-4">
              <Icon className="size-7 text-brand-600" aria-hidden="true" />
              <h3 className="mt-2 font-semibold text-ink">{t(`about.strengths.${key}.title`, key === 'stock' ? { ...claimValues, ...skus } : claimValues)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-gray-600">{t(`about.strengths.${key}.text`, claimValues)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="warehouse" title={t('about.gallery.title')} intro={t('about.gallery.intro')}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setOpenIndex(index)}
                aria-label={t('about.gallery.open', { caption: image.caption })}
                className="group block w-full overflow-hidden rounded-lg border border-gray-200 bg-white text-left transition hover:shadow-md"
              >
                <img
                  src={image.src}
                  alt={image.alt}
                  width={600}
                  height={400}
                  loading="lazy"
                  className="aspect-[3/2] w-full object-cover transition group-hover:scale-[1.02]"
                />
                <span className="block px-3 py-2 text-sm font-medium text-ink">{image.caption}</span>
              </button>
            </li>
          ))}
        </ul>
        <Lightbox images={images} index={openIndex} onIndexChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
      </Section>

      <Section id="contact" title={t('about.contact.title')} intro={t('about.contact.intro')}>
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <dl className="space-y-3">
            {contactRows.map(({ key, icon: Icon, value }) => (
              <div key={key} className="flex gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <div className="min-w-0">
                  <dt className="text-sm text-gray-500">{t(`about.contact.${key}`)}</dt>
                  <dd className="text-ink">{value}</dd>
                </div>
              </div>
            ))}
          </dl>
          <div className="rounded-lg bg-brand-50 p-4">
            <dl className="space-y-3">
              {messengers.map(({ key, value }) => (
                <div key={key} className="flex gap-3">
                  <MessageCircle className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                  <div>
                    <dt className="text-sm text-gray-500">{t(`about.contact.${key}`)}</dt>
                    <dd className="font-medium text-ink">{value}</dd>
                  </div>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm leading-relaxed text-gray-600">{t('about.contact.visit')}</p>
          </div>
        </div>
      </Section>
    </div>
  );
}
