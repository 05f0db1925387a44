import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_IMAGE_MAX_BYTES, ITEM_IMAGES_MAX, type TStaffItem } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/Spinner';
import { errorText } from '@/components/staff/fields';
import { deleteImage, orderImages, uploadImage, useCatalogChange } from '../api/catalog-staff';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A product's uploaded pictures: drop files (or pick them) to upload, order them with the arrow
 * buttons or by dragging, make one the main picture (first), delete. Without uploads the
 * storefront shows the generated pictures.
 */
export function ItemImages({ item }: { item: TStaffItem }) {
  const { t } = useTranslation('staffCatalog');
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const dragged = useRef<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const upload = useCatalogChange((file: File) => uploadImage(item.id, file));
  const order = useCatalogChange((ids: number[]) => orderImages(item.id, ids));
  const remove = useCatalogChange((imageId: number) => deleteImage(item.id, imageId));
  const busy = upload.isPending || order.isPending || remove.isPending;
  const ids = item.images.map((i) => i.id);

  async function send(files: FileList | File[]) {
    setError(null);
    for (const file of Array.from(files)) {
      if (!TYPES.includes(file.type)) {
        setError(t('images.notImage', { name: file.name }));
        continue;
      }
      if (file.size > ITEM_IMAGE_MAX_BYTES) {
        setError(t('images.tooLarge', { name: file.name, size: ITEM_IMAGE_MAX_BYTES / 1024 / 1024 }));
        continue;
      }
      try {
        await upload.mutateAsync(file);
      } catch (err) {
        setError(errorText(err));
        return;
      }
    }
  }
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    setError(null);
    order.mutate(next, { onError: (err) => setError(errorText(err)) });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) void send(event.dataTransfer.files);
  };

  return (
    <div className="space-y-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-wrap items-center gap-2 rounded border-2 border-dashed px-3 py-3 text-sm',
          over ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-white',
        )}
        data-testid="image-drop"
      >
        <span className="text-gray-600">{t('images.drop', { max: ITEM_IMAGES_MAX })}</span>
        <Button size="sm" variant="secondary" disabled={busy || ids.length >= ITEM_IMAGES_MAX} onClick={() => picker.current?.click()}>
          {t('images.choose')}
        </Button>
        <input
          ref={picker}
          type="file"
          accept={TYPES.join(',')}
          multiple
          className="sr-only"
          aria-label={t('images.choose')}
          data-testid="image-input"
          onChange={(e) => {
            if (e.target.files) void send(e.target.files);
            e.target.value = '';
          }}
        />
        {busy ? <Spinner className="size-4" label={t('images.working')} /> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {item.images.length === 0 ? (
        <p className="text-sm text-gray-600">{t('images.none')}</p>
      ) : (
        <ol className="flex flex-wrap gap-2" aria-label={t('fields.images')}>
          {item.images.map((img, i) => (
            <li
              key={img.id}
              draggable
              onDragStart={() => (dragged.current = i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                if (dragged.current !== null && e.dataTransfer.files.length === 0) move(dragged.current, i);
                dragged.current = null;
              }}
              className={cn('w-28 rounded border bg-white p-1 text-xs', i === 0 ? 'border-brand-500' : 'border-gray-200')}
              data-testid="item-image"
            >
              <img src={img.thumbnail} alt={t('images.alt', { n: i + 1 })} width={104} height={104} className="size-[104px] cursor-move object-contain" />
              <div className="mt-1 flex items-center justify-between gap-0.5">
                <button
                  type="button"
                  className="rounded px-1 hover:bg-gray-100 disabled:opacity-40"
                  disabled={busy || i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('images.left', { n: i + 1 })}
                >
                  ←
                </button>
                {i === 0 ? (
                  <span className="font-semibold text-brand-700">{t('images.main')}</span>
                ) : (
                  <button type="button" className="rounded px-1 text-brand-700 hover:bg-gray-100" disabled={busy} onClick={() => move(i, 0)}>
                    {t('images.makeMain')}
                  </button>
                )}
                <button
                  type="button"
                  className="rounded px-1 hover:bg-gray-100 disabled:opacity-40"
                  disabled={busy || i === ids.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('images.right', { n: i + 1 })}
                >
                  →
                </button>
              </div>
              <button
                type="button"
                className="mt-0.5 w-full rounded px-1 text-red-700 hover:bg-red-50"
                disabled={busy}
                onClick={() => remove.mutate(img.id, { onError: (err) => setError(errorText(err)) })}
              >
                {t('images.delete')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
