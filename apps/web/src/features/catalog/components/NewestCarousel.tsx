import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS, formatMoney } from '@cubeshop/shared';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { getCurrency } from '@/lib/currency';
import { useNewest } from '../api/get-newest';
import { imageUrl, toMinor } from '../api/types';
import { productPath } from './ProductCard';

/**
 * The 6 newest products: auto-advance every 5 s, wraps, pauses on hover or focus, each slide
 * links to its product. A skeleton while loading; nothing at all when the list fails or is empty.
 */
export function NewestCarousel() {
  const { t } = useTranslation('catalog');
  const { data, isPending, isError } = useNewest();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = data?.length ?? 0;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (isPending) return <Skeleton className="h-44 w-full rounded-xl sm:h-56 md:h-64" />;
  if (isError || !data || count === 0) return null;

  const current = data[index % count]!;
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.newestTitle')}
      className="relative overflow-hidden rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 text-white"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Link
        to={productPath(current.id)}
        aria-roledescription="slide"
        aria-label={t('home.slide', { n: index + 1, total: count, name: current.name })}
        className="flex h-44 items-center gap-4 px-12 sm:h-56 md:h-64 md:gap-8 md:px-16"
      >
        <img src={imageUrl(current)} alt="" className="size-28 shrink-0 rounded-lg bg-white/90 object-contain sm:size-40 md:size-52" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide uppercase opacity-80">{t('home.newestTitle')}</p>
          <p className="mt-1 line-clamp-2 text-lg font-bold md:text-2xl">{current.name}</p>
          <p className="mt-2 text-base font-semibold md:text-lg">{formatMoney(toMinor(current.discountPrice ?? current.price), current.currency ?? getCurrency())}</p>
        </div>
      </Link>
      {count > 1 ? (
        <>
          <button type="button" onClick={() => go(index - 1)} aria-label={t('home.prev')} className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/25 p-1.5 hover:bg-black/40">
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" onClick={() => go(index + 1)} aria-label={t('home.next')} className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/25 p-1.5 hover:bg-black/40">
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1.5">
            {data.map((item, i) => (
              <button
                key={String(item.id)}
                type="button"
                onClick={() => go(i)}
                aria-label={t('home.goToSlide', { n: i + 1 })}
                aria-current={i === index % count}
                className={cn('size-2 rounded-full', i === index % count ? 'bg-white' : 'bg-white/50')}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
