import { useEffect, useState, type FocusEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS } from '@cubeshop/shared';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { useNewest } from '../api/get-newest';
import { pictureSrcSet, thumbnailUrl, type TProductSummary } from '../api/types';
import { Price } from './Price';
import { productPath } from './ProductCard';

/**
 * Index and pause state of an auto-advancing carousel: the next slide every `interval` ms,
 * wrapping; paused while hovered or while focus is inside; a manual move restarts the wait.
 */
export function useCarousel(count: number, interval = CAROUSEL_INTERVAL_MS) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Stopped by the pause button, or from the start for visitors who ask for reduced motion.
  const [stopped, setStopped] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const paused = hovered || focused || stopped;
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [paused, count, interval, current]);

  const go = (next: number) => setIndex(count > 0 ? (next + count) % count : 0);
  return {
    index: current,
    paused,
    stopped,
    toggleStopped: () => setStopped((v) => !v),
    go,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        // Focus moving between the carousel's own controls keeps it paused.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}

/** The picture's box: 112 px on phones, 176 px from sm, 208 px from md (the thumbnail serves up to 320 device pixels). */
const SLIDE_IMAGE_SIZES = '(min-width: 768px) 208px, (min-width: 640px) 176px, 112px';

/**
 * One slide. Its picture is fetched only once the slide is shown or next (`near`): the first
 * screen loads two pictures of the carousel, not six.
 */
function Slide({ product, active, first, near }: { product: TProductSummary; active: boolean; first: boolean; near: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <Link
      to={productPath(product.id)}
      inert={!active}
      aria-hidden={!active}
      className="flex h-full w-full shrink-0 items-center gap-3 px-4 pb-6 sm:gap-8 sm:px-14 sm:pb-0 md:px-16"
      data-testid="carousel-slide"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase">{t('home.newestTitle')}</p>
        <p className="mt-1 line-clamp-2 text-base leading-snug font-bold sm:text-xl md:text-2xl">{product.name}</p>
        {product.supplier?.name ? <p className="mt-1 hidden text-sm text-brand-100 sm:block">{product.supplier.name}</p> : null}
        <Price product={product} className="mt-2 w-fit rounded-md bg-white px-2 py-1 [&_[data-testid=price]]:text-lg" />
        <p className="mt-3 hidden text-sm font-semibold underline-offset-4 sm:block">{t('home.shopNow')} →</p>
      </div>
      {near ? (
        <img
          src={thumbnailUrl(product)}
          srcSet={pictureSrcSet(product)}
          sizes={SLIDE_IMAGE_SIZES}
          alt=""
          width={320}
          height={320}
          fetchPriority={first ? 'high' : 'low'}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          className="size-28 shrink-0 rounded-xl bg-white object-contain p-1 shadow-lg sm:size-44 md:size-52"
        />
      ) : (
        <span aria-hidden="true" className="size-28 shrink-0 rounded-xl bg-white/90 shadow-lg sm:size-44 md:size-52" />
      )}
    </Link>
  );
}

/**
 * The 6 newest products (docs/requirements.md, Screens): auto-advance every 5 s, wraps, pauses on hover and on
 * keyboard focus, previous / next and dots; each slide links to its product. A skeleton while
 * loading; nothing when the list fails or is empty (the panel below still works).
 */
export function NewestCarousel() {
  const { t } = useTranslation('catalog');
  const { data, isPending, isError } = useNewest();
  const count = data?.length ?? 0;
  const { index, go, handlers, stopped, toggleStopped } = useCarousel(count);
  const [touchX, setTouchX] = useState<number | null>(null);
  // The shown slide and the next one get their pictures, and keep them once they have them.
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const wanted = count > 0 ? [index, (index + 1) % count] : [];
  if (wanted.some((i) => !seen.has(i))) setSeen(new Set([...seen, ...wanted]));

  if (isPending) return <Skeleton className="h-48 w-full rounded-xl sm:h-60 md:h-72" />;
  if (isError || !data || count === 0) return null;

  const onPointerUp = (event: PointerEvent) => {
    if (touchX === null) return;
    const dx = event.clientX - touchX;
    setTouchX(null);
    if (Math.abs(dx) > 40) go(index + (dx < 0 ? 1 : -1));
  };
  // Phones swipe; the arrows start at sm.
  const arrow =
    'absolute top-1/2 z-10 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/25 text-white hover:bg-black/40 sm:inline-flex';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.newestTitle')}
      className="relative h-48 overflow-hidden rounded-xl bg-gradient-to-br from-brand-700 via-brand-600 to-orange-500 text-white shadow-sm sm:h-60 md:h-72"
      data-testid="newest-carousel"
      {...handlers}
      onPointerDown={(e) => e.pointerType !== 'mouse' && setTouchX(e.clientX)}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setTouchX(null)}
    >
      <div
        className="flex h-full transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live="off"
      >
        {data.map((product, i) => (
          <Slide key={product.id} product={product} active={i === index} first={i === 0} near={seen.has(i)} />
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" onClick={() => go(index - 1)} aria-label={t('home.prev')} className={cn(arrow, 'left-2')}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" onClick={() => go(index + 1)} aria-label={t('home.next')} className={cn(arrow, 'right-2')}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={toggleStopped}
            aria-label={stopped ? t('home.play') : t('home.pause')}
            data-testid="carousel-toggle"
            className="absolute bottom-1.5 left-2 z-10 inline-flex size-8 items-center justify-center rounded-full bg-black/25 text-white hover:bg-black/40"
          >
            {stopped ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
          </button>
          <div className="absolute bottom-2.5 left-1/2 z-10 flex -translate-x-1/2 gap-1">
            {data.map((product, i) => (
              <button
                key={product.id}
                type="button"
                onClick={() => go(i)}
                aria-label={t('home.goToSlide', { n: i + 1, name: product.name })}
                aria-current={i === index}
                className="group inline-flex size-6 items-center justify-center"
              >
                <span className={cn('block h-2 rounded-full transition-all', i === index ? 'w-5 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80')} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
