import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, Award, BadgeCheck, Mail, ShieldCheck, Sparkles, Tag, type LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { AuthorizedBrands } from '../components/AuthorizedBrands';
import { PageHero } from '../components/PageHero';
import { Section } from '../components/Section';
import { claimValues } from '../values';

const BRANDS = [
  'gan',
  'moyu',
  'qiyi',
  'yj',
  'dayan',
  'shengshou',
  'mfjs',
  'cycloneBoys',
  'diansheng',
  'yuxin',
  'lanlan',
  'xman',
  'meilong',
  'huameng',
  'zcube',
  'funs',
  'speedStacks',
  'rubiks',
  'mofangge',
  'calvins',
  'witeden',
  'mf8',
  'veryPuzzle',
  'kungfu',
] as const;

/** Tile colours, cycled so that neighbours differ (cube sticker colours plus a few darker tones). */
const TILE_COLOURS = [
  'bg-red-600 text-white',
  'bg-blue-600 text-white',
  'bg-amber-400 text-ink',
  'bg-emerald-600 text-white',
  'bg-orange-500 text-white',
  'bg-ink text-white',
  'bg-violet-600 text-white',
  'bg-sky-500 text-white',
];

const BENEFITS: { key: string; icon: LucideIcon }[] = [
  { key: 'genuine', icon: ShieldCheck },
  { key: 'warranty', icon: BadgeCheck },
  { key: 'prices', icon: Tag },
  { key: 'releases', icon: Sparkles },
];

/** A monogram tile drawn with CSS: a 3x3 sticker grid behind the brand's initials (no logos). */
function Monogram({ mark, colour }: { mark: string; colour: string }) {
  return (
    <div aria-hidden="true" className={cn('relative size-16 shrink-0 overflow-hidden rounded-xl p-1 shadow-inner sm:size-20', colour)}>
      <div className="grid size-full grid-cols-3 gap-0.5">
        {Array.from({ length: 9 }, (_, i) => (
          <span key={i} className={cn('rounded-[3px]', i % 2 === 0 ? 'bg-white/20' : 'bg-black/10')} />
        ))}
      </div>
      <span
        className={cn(
          'absolute inset-0 flex items-center justify-center font-black tracking-tight drop-shadow-sm',
          mark.length > 2 ? 'text-lg sm:text-xl' : 'text-2xl sm:text-3xl',
        )}
      >
        {mark}
      </span>
    </div>
  );
}

/** /brand-authorization: authorized brands grid, what authorization gives buyers, a certificate panel. */
export default function BrandAuthorizationPage() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const email = tc('contact.email');

  return (
    <div className="mx-auto flex w-full max-w-[1100px] flex-col gap-6 md:gap-8">
      <PageHero eyebrow={t('brands.eyebrow')} title={t('brands.title', claimValues)} lead={t('brands.lead')} />

      <Section id="brands" title={t('brands.gridTitle')} intro={t('brands.gridIntro', claimValues)}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {BRANDS.map((key, index) => (
            <li
              key={key}
              className="flex flex-col items-center rounded-xl border border-gray-100 bg-gray-50 px-2 py-4 text-center transition hover:border-brand-200 hover:bg-white hover:shadow-sm"
            >
              <Monogram mark={t(`brands.list.${key}.mark`)} colour={TILE_COLOURS[index % TILE_COLOURS.length]!} />
              <h3 className="mt-3 text-sm font-semibold text-ink sm:text-base">{t(`brands.list.${key}.name`)}</h3>
              <p className="mt-0.5 text-xs leading-snug text-gray-500">{t(`brands.list.${key}.tag`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <AuthorizedBrands />

      <Section id="benefits" title={t('brands.benefits.title')} intro={t('brands.benefits.intro')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {BENEFITS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-lg border border-gray-100 bg-gray-50 p-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-ink">{t(`brands.benefits.${key}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-gray-600">{t(`brands.benefits.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="certificate-title" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-100 sm:p-5">
        <div className="rounded-lg border-4 border-double border-amber-500 bg-amber-50/70 px-5 py-8 text-center sm:px-12 sm:py-10">
          <p className="text-xs font-semibold tracking-[0.3em] text-amber-700 uppercase">{t('brands.certificate.label')}</p>
          <h2 id="certificate-title" className="mt-2 font-serif text-2xl font-bold text-ink sm:text-3xl">
            {t('brands.certificate.title')}
          </h2>
          <div aria-hidden="true" className="mx-auto mt-4 h-px w-24 bg-amber-400" />
          <p className="mt-5 text-gray-600">{t('brands.certificate.intro')}</p>
          <p className="mt-1 font-serif text-lg font-semibold text-brand-800 sm:text-xl">{tc('contact.company')}</p>
          <p className="mx-auto mt-2 max-w-2xl leading-relaxed text-gray-700">{t('brands.certificate.body')}</p>

          <div className="mt-8 flex flex-col items-center gap-6 sm:flex-row sm:items-end sm:justify-between">
            <dl className="grid w-full grid-cols-1 gap-3 text-left text-sm sm:w-auto sm:grid-cols-3 sm:gap-8">
              {[
                { key: 'scope', value: t('brands.certificate.scope') },
                { key: 'brands', value: t('brands.certificate.brandsValue', claimValues) },
                { key: 'since', value: String(claimValues.founded) },
              ].map(({ key, value }) => (
                <div key={key} className="border-t border-amber-300 pt-2">
                  <dt className="text-xs text-gray-500">{t(`brands.certificate.${key}Label`)}</dt>
                  <dd className="font-semibold text-ink">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="flex size-28 shrink-0 -rotate-12 flex-col items-center justify-center rounded-full border-4 border-brand-600 text-brand-600 ring-2 ring-brand-600 ring-offset-2 ring-offset-amber-50">
              <Award className="size-8" aria-hidden="true" />
              <span className="mt-1 px-2 text-center text-[11px] leading-tight font-bold uppercase">{t('brands.certificate.seal')}</span>
            </div>
          </div>
          <p className="mt-6 text-sm text-gray-500">{t('brands.certificate.note')}</p>
        </div>
      </section>

      <section
        aria-labelledby="brands-cta-title"
        className="flex flex-col gap-4 rounded-xl bg-ink px-5 py-8 text-white sm:px-10 md:flex-row md:items-center md:justify-between"
      >
        <div>
          <h2 id="brands-cta-title" className="text-xl font-semibold sm:text-2xl">
            {t('brands.cta.title')}
          </h2>
          <p className="mt-2 max-w-2xl leading-relaxed text-gray-300">{t('brands.cta.text', claimValues)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <a
            href={`mailto:${email}`}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            <Mail className="size-5" aria-hidden="true" />
            {t('brands.cta.email')}
          </a>
          <Link
            to="/about-us"
            className="inline-flex items-center gap-2 rounded-lg border border-white/40 px-4 py-2.5 font-semibold text-white hover:bg-white/10"
          >
            {t('brands.cta.about')}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </section>
    </div>
  );
}
