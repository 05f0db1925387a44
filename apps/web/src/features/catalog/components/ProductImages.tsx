import { lazy, Suspense, useState } from 'react';
import { ZoomIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { TProductDetail } from '../api/types';

/** The enlarged view loads on first use: the page shows the picture without that code. */
const loadPreview = () => import('./ImagePreview');
const ImagePreview = lazy(loadPreview);

/** The detail's pictures: the main one (click to enlarge) and thumbnails to switch between them. */
export function ProductImages({ product }: { product: TProductDetail }) {
  const { t } = useTranslation('catalog');
  const images = product.images.length > 0 ? product.images : [{ image: product.image, thumbnail: product.thumbnail }];
  const [active, setActive] = useState(0);
  const [preview, setPreview] = useState(false);
  const current = images[Math.min(active, images.length - 1)]!;
  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={() => setPreview(true)}
        onPointerEnter={() => void loadPreview()}
        onFocus={() => void loadPreview()}
        aria-label={t('detail.enlarge')}
        className="group relative block w-full overflow-hidden rounded-lg border border-gray-100 bg-white"
        data-testid="main-image"
      >
        <img src={current.image} alt={product.name} width={800} height={800} fetchPriority="high" className="aspect-square w-full object-contain" />
        <span
          aria-hidden="true"
          className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-black/50 px-2 py-1 text-xs text-white opacity-80 group-hover:opacity-100"
        >
          <ZoomIn className="size-3.5" />
          {t('detail.clickToEnlarge')}
        </span>
      </button>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('detail.pictures')}>
          {images.map((img, i) => (
            <li key={img.image} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={t('detail.picture', { n: i + 1, total: images.length })}
                aria-pressed={i === active}
                className={cn(
                  'block size-16 overflow-hidden rounded-md border-2 bg-white sm:size-20',
                  i === active ? 'border-brand-600' : 'border-gray-200 hover:border-gray-400',
                )}
              >
                <img src={img.thumbnail} alt="" width={320} height={320} loading="lazy" className="size-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {preview ? (
        <Suspense fallback={null}>
          <ImagePreview images={images} start={active} name={product.name} onClose={() => setPreview(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
