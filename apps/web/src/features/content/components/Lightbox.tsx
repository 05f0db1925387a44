import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { trapTab } from '@/components/ui/focus';

export interface LightboxImage {
  src: string;
  alt: string;
  caption: string;
}

export interface LightboxProps {
  images: LightboxImage[];
  /** Index of the image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * Larger view of one gallery image. Escape, a click on the overlay or the x button closes it;
 * the arrow keys and buttons move between images; Tab stays inside; focus goes back on close.
 */
export function Lightbox({ images, index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation('content');
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const captionId = useId();
  const open = index !== null && images[index] !== undefined;
  const latest = useRef({ index, onIndexChange, onClose, count: images.length });
  latest.current = { index, onIndexChange, onClose, count: images.length };

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      const { index: current, count } = latest.current;
      if (event.key === 'Escape') {
        event.stopPropagation();
        latest.current.onClose();
      } else if (event.key === 'ArrowRight' && current !== null) {
        latest.current.onIndexChange((current + 1) % count);
      } else if (event.key === 'ArrowLeft' && current !== null) {
        latest.current.onIndexChange((current - 1 + count) % count);
      } else if (panelRef.current) {
        trapTab(event, panelRef.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  if (!open) return null;
  const image = images[index]!;
  const step = (delta: number) => onIndexChange((index + delta + images.length) % images.length);
  const navButton = 'rounded-full bg-white/90 p-2 text-ink shadow hover:bg-white';

  return createPortal(
    <div className="fixed inset-0 z-[80] flex items-center justify-center p-3 sm:p-6">
      <div data-testid="lightbox-overlay" aria-hidden="true" className="absolute inset-0 bg-black/80" onClick={() => onClose()} />
      <div ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={captionId} className="relative w-full max-w-4xl">
        <figure className="overflow-hidden rounded-lg bg-white shadow-2xl">
          <img src={image.src} alt={image.alt} className="block aspect-[3/2] w-full bg-gray-100 object-contain" />
          <figcaption className="flex items-center justify-between gap-3 px-4 py-3">
            <span id={captionId} className="font-medium text-ink">
              {image.caption}
            </span>
            <span className="shrink-0 text-sm text-gray-500">{t('lightbox.counter', { current: index + 1, total: images.length })}</span>
          </figcaption>
        </figure>
        <button ref={closeRef} type="button" onClick={() => onClose()} aria-label={t('lightbox.close')} className={`absolute top-2 right-2 ${navButton}`}>
          <X className="size-5" aria-hidden="true" />
        </button>
        {images.length > 1 ? (
          <>
            <button
              type="button"
              onClick={() => step(-1)}
              aria-label={t('lightbox.previous')}
              className={`absolute top-1/2 left-2 -translate-y-1/2 ${navButton}`}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button type="button" onClick={() => step(1)} aria-label={t('lightbox.next')} className={`absolute top-1/2 right-2 -translate-y-1/2 ${navButton}`}>
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
