import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ArrowRight,
  Camera,
  CheckCircle2,
  Clock,
  FileImage,
  Gift,
  Layers,
  Mail,
  Package,
  PenTool,
  Stamp,
  Sticker,
  Truck,
  Factory,
  type LucideIcon,
} from 'lucide-react';
import { Faq } from '../components/Faq';
import { PageHero } from '../components/PageHero';
import { Section } from '../components/Section';
import { StatGrid } from '../components/StatGrid';
import { customizationValues as v } from '../values';

const OPTIONS: { key: string; icon: LucideIcon }[] = [
  { key: 'logo', icon: Stamp },
  { key: 'photo', icon: Camera },
  { key: 'fullWrap', icon: Layers },
  { key: 'stickers', icon: Sticker },
  { key: 'packaging', icon: Gift },
];

const PRICES = ['designFee', 'printing', 'minimum'] as const;
const ARTWORK = ['resolution', 'formats', 'size', 'print', 'colour'] as const;
const TIMELINE: { key: string; icon: LucideIcon }[] = [
  { key: 'design', icon: PenTool },
  { key: 'production', icon: Factory },
  { key: 'shipping', icon: Truck },
];
const STEPS = ['brief', 'quote', 'design', 'approve', 'produce', 'deliver'] as const;
const FAQ = ['minimum', 'mix', 'sample', 'ownDesign', 'copyright', 'durability'] as const;

/** /customization: custom printed cubes — options, fees, artwork rules, timeline, process, FAQ. */
export default function CustomizationPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const email = tc('contact.email');
  const mailto = `mailto:${email}?subject=${encodeURIComponent(t('customization.contact.emailSubject'))}`;

  const facts = [
    { value: String(v.minimumPieces), label: t('customization.facts.minimum') },
    { value: t('customization.facts.cubeValue', v), label: t('customization.facts.cube') },
    { value: t('customization.facts.dpiValue', v), label: t('customization.facts.dpi') },
    { value: t('customization.facts.daysValue', v), label: t('customization.facts.days') },
  ];
  const primaryButton = 'inline-flex items-center gap-2 rounded-lg px-4 py-2.5 font-semibold transition';

  return (
    <div className="mx-auto flex w-full max-w-[1100px] flex-col gap-6 md:gap-8">
      <PageHero eyebrow={t('customization.eyebrow')} title={t('customization.title')} lead={t('customization.lead', v)}>
        <div className="flex flex-wrap gap-3">
          <a href={mailto} className={`${primaryButton} bg-white text-brand-700 hover:bg-brand-50`}>
            <Mail className="size-5" aria-hidden="true" />
            {t('customization.ctaQuote')}
          </a>
          <a href="#process" className={`${primaryButton} border border-white/70 text-white hover:bg-white/10`}>
            {t('customization.ctaProcess')}
            <ArrowRight className="size-5" aria-hidden="true" />
          </a>
        </div>
      </PageHero>

      <section aria-label={t('customization.factsLabel')}>
        <StatGrid stats={facts} />
      </section>

      <Section id="options" title={t('customization.options.title')} intro={t('customization.options.intro', v)}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {OPTIONS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-3 rounded-lg border border-gray-100 bg-gray-50 p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-ink">{t(`customization.options.${key}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-gray-600">{t(`customization.options.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="fees" title={t('customization.pricing.title')} intro={t('customization.pricing.intro')}>
        <ul className="grid gap-4 md:grid-cols-3">
          {PRICES.map((key) => (
            <li key={key} className="flex flex-col rounded-lg border border-brand-100 p-5">
              <h3 className="text-sm font-medium text-gray-500">{t(`customization.pricing.${key}`)}</h3>
              <p className="mt-1 text-2xl font-bold text-brand-700 sm:text-3xl">{t(`customization.pricing.${key}Value`, v)}</p>
              <p className="text-sm text-gray-500">{t(`customization.pricing.${key}Unit`)}</p>
              <p className="mt-3 text-sm leading-relaxed text-gray-600">{t(`customization.pricing.${key}Text`)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-700">{t('customization.pricing.note')}</p>
      </Section>

      <div className="grid gap-6 md:gap-8 lg:grid-cols-2">
        <Section id="artwork" title={t('customization.artwork.title')} intro={t('customization.artwork.intro')}>
          <ul className="space-y-3">
            {ARTWORK.map((key) => (
              <li key={key} className="flex gap-3 text-gray-700">
                <FileImage className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="leading-relaxed">{t(`customization.artwork.${key}`, v)}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="timeline" title={t('customization.timeline.title')} intro={t('customization.timeline.intro', v)} icon={Clock}>
          <ol className="space-y-3">
            {TIMELINE.map(({ key, icon: Icon }, index) => (
              <li key={key} className="flex items-center gap-3 rounded-lg bg-gray-50 px-4 py-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <p className="font-semibold text-ink">
                    {index + 1}. {t(`customization.timeline.${key}`)}
                  </p>
                  <p className="text-sm text-gray-600">{t(`customization.timeline.${key}Days`, v)}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm leading-relaxed text-gray-500">{t('customization.timeline.note')}</p>
        </Section>
      </div>

      <Section id="process" title={t('customization.process.title')} icon={Package}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map((key, index) => (
            <li key={key} className="relative rounded-lg border border-gray-200 p-4 pl-14">
              <span
                aria-hidden="true"
                className="absolute top-4 left-4 flex size-7 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="font-semibold text-ink">{t(`customization.process.${key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-gray-600">{t(`customization.process.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="faq" title={t('customization.faq.title')}>
        <Faq items={FAQ.map((key) => ({ id: key, question: t(`customization.faq.${key}.q`, v), answer: t(`customization.faq.${key}.a`, v) }))} />
      </Section>

      <section aria-labelledby="custom-contact-title" className="rounded-xl bg-ink px-5 py-8 text-white sm:px-10">
        <h2 id="custom-contact-title" className="flex items-center gap-2 text-xl font-semibold sm:text-2xl">
          <CheckCircle2 className="size-6 text-brand-400" aria-hidden="true" />
          {t('customization.contact.title')}
        </h2>
        <p className="mt-2 max-w-2xl leading-relaxed text-gray-300">{t('customization.contact.text')}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <a href={mailto} className={`${primaryButton} bg-brand-600 text-white hover:bg-brand-700`}>
            <Mail className="size-5 shrink-0" aria-hidden="true" />
            <span>{t('customization.contact.email', { email })}</span>
          </a>
          <Link to="/about-us" className={`${primaryButton} border border-white/40 text-white hover:bg-white/10`}>
            {t('customization.contact.about')}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </section>
    </div>
  );
}
