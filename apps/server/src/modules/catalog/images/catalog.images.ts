import { notFound } from '../../../lib/app-error.js';
import { LoadingCache, type CacheStats } from '../../../lib/cache.js';
import type { CategoryDictionary } from '../cache/catalog.dictionary.js';
import { parseShape } from './catalog.images.shapes.js';
import { imageContentType, type ImageStorage } from './catalog.images.storage.js';
import { imageVersionTag } from '../query/catalog.mapper.js';
import { renderImage, type ImageFormat, type ImageSize } from './catalog.images.render.js';
import type { CatalogRepository } from '../catalog.repository.js';
import { uploadKey } from './catalog.images.uploads.js';

export type { ImageFormat, ImageSize } from './catalog.images.render.js';

/**
 * Product pictures (docs/catalog.md, Pictures): each (product, picture, version, size, format) is
 * rendered once, then kept in memory (least recently used go first) and in the image storage, so
 * a restart (or another instance) reads the stored picture instead of rendering again. Uploaded
 * photos are read from the storage (an outage answers 503); rendered ones are rendered again when
 * the storage fails.
 */

export interface ImageResult {
  /** Strong validator: product, picture, version, renderer, size and format. */
  etag: string;
  /** True when the URL asked for the current version (the response may be cached forever). */
  current: boolean;
  format: ImageFormat;
  load(): Promise<Buffer>;
}

export interface ProductImagesDeps {
  dictionary: CategoryDictionary;
  storage: ImageStorage;
  /** Where uploaded photos are kept (they are never rendered again: keep them). */
  uploads?: ImageStorage | undefined;
  /** Bytes of rendered pictures kept in memory (default 32 MB). */
  memoryBytes?: number | undefined;
  /** Told when the storage of rendered pictures fails (they are rendered again instead). */
  onStorageError?: ((err: unknown) => void) | undefined;
  /** Hit and miss counts of the pictures in memory (metrics), as 'catalog.images'. */
  cacheStats?: CacheStats | undefined;
}

export function createProductImages(
  repo: Pick<CatalogRepository, 'findImageSource'>,
  { dictionary, storage, uploads = storage, memoryBytes, onStorageError, cacheStats }: ProductImagesDeps,
) {
  // Concurrent requests for one picture share one read or rendering.
  const memory = new LoadingCache<Buffer>({
    weigh: (bytes) => bytes.length,
    maxWeight: memoryBytes ?? 32 * 1024 * 1024,
    name: 'catalog.images',
    stats: cacheStats,
  });

  return {
    /**
     * A product picture: the caller checks the ETag first and loads the bytes only when needed.
     * 404 for an unknown product or picture.
     */
    async image(id: number, index: number, size: ImageSize, format: ImageFormat, requestedVersion: string | undefined): Promise<ImageResult> {
      const row = await repo.findImageSource(id);
      if (!row || index >= row.imageCount) throw notFound('itemNotFound');
      const version = imageVersionTag(row.imageVersion);
      // Uploaded photos, stored re-encoded in every size and format (catalog.images.uploads.ts).
      if (row.uploads && row.uploads.length > 0) {
        const imageId = row.uploads[index];
        if (imageId === undefined) throw notFound('itemNotFound');
        const key = uploadKey(imageId, size, format);
        return {
          etag: `"${key}-v${version}"`,
          current: requestedVersion === version,
          format,
          load: () =>
            memory.get(key, async () => {
              // A storage outage is a 503 (the picture exists but cannot be read now), never a 404.
              const bytes = await uploads.get(key);
              if (!bytes) throw notFound('imageNotFound');
              return bytes;
            }),
        };
      }
      const key = `${id}-${index}-v${version}-${size}.${format}`;
      const render = async () => {
        const dict = await dictionary.get();
        const { shape, order } = parseShape(dict.shapes.get(row.categoryId) ?? 'cube3');
        const design = {
          shape,
          order,
          typeCodes: row.types.map((t) => t.code),
          brand: dict.suppliers.get(row.supplierId)?.nameEn ?? '',
          seed: row.id,
          view: index,
        };
        const bytes = await renderImage(design, size, format);
        // Kept for the next restart or instance; a storage that fails costs a rendering, not the answer.
        await storage.put(key, bytes, imageContentType(format)).catch((err: unknown) => onStorageError?.(err));
        return bytes;
      };
      const stored = () => storage.get(key).catch((err: unknown) => (onStorageError?.(err), undefined));
      return {
        etag: `"${key}"`,
        current: requestedVersion === version,
        format,
        load: () => memory.get(key, async () => (await stored()) ?? render()),
      };
    },
  };
}
export type ProductImages = ReturnType<typeof createProductImages>;
