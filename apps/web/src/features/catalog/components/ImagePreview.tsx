import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import type { TProductImage } from '@cubeshop/shared';

/** Click-to-enlarge preview (docs/requirements.md, Screens): Escape, the overlay or × closes; arrows and ←/→ switch pictures. */
export default function ImagePreview({ images, start, name, onClose }: { images: readonly TProductImage[]; start: number; name: string; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(start);
  const count = images.length;
  const go = (next: number) => setIndex((next + count) % count);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      else if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count]);

  const image = images[index] ?? images[0];
  if (!image) return null;
  const arrow = 'absolute top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white';
  return (
    <Dialog open onClose={onClose} title={<span className="sr-only">{t('detail.previewOf', { name })}</span>} className="max-w-3xl p-2 pt-12 sm:p-4 sm:pt-12">
      <div className="relative" data-testid="image-preview">
        <img src={image.image} alt={name} width={800} height={800} className="mx-auto aspect-square max-h-[80vh] w-full object-contain" />
        {count > 1 ? (
          <>
            <button type="button" onClick={() => go(index - 1)} aria-label={t('detail.prevImage')} className={`${arrow} left-1`}>
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button type="button" onClick={() => go(index + 1)} aria-label={t('detail.nextImage')} className={`${arrow} right-1`}>
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <p className="mt-2 text-center text-sm text-gray-500" aria-live="polite">
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
