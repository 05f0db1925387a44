import { Suspense } from 'react';
import { lazyOptional } from '@/lib/lazy';
import { getLocale } from '@/lib/locale';

// The footer is below the fold: its code (newsletter form, contact channels, QR popup, icons)
// loads after the first render instead of with it (README, Bundle).
const Footer = lazyOptional(() => import('./Footer').then((module) => module.Footer));

/**
 * The footer's height for a visitor at each breakpoint (measured at 390, 640, 768, 1024 and
 * 1280 px wide): the placeholder holds its place, so nothing moves when it arrives. Keep these in
 * step with Footer.tsx.
 */
const PLACEHOLDER_HEIGHTS = {
  zh: 'h-[1033px] sm:h-[649px] md:h-[625px] lg:h-[397px] xl:h-[377px]',
  en: 'h-[1069px] sm:h-[709px] md:h-[665px] lg:h-[437px] xl:h-[417px]',
} as const;

export function LazyFooter() {
  return (
    <Suspense fallback={<div aria-hidden="true" data-testid="footer-placeholder" className={`mt-12 bg-gray-900 ${PLACEHOLDER_HEIGHTS[getLocale()]}`} />}>
      <Footer />
    </Suspense>
  );
}
