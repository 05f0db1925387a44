import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where rendered product pictures are kept between restarts: a port, so the images service does
 * not touch the disk itself. Keys are file names ("100001-0-v1.1-image.webp"), made by the images
 * service from numbers and fixed words only.
 */
export interface ImageStorage {
  /** The stored bytes, or undefined when there are none (or they cannot be read). */
  read(key: string): Promise<Buffer | undefined>;
  /** Stores the bytes under the key; a reader never sees a half-written file. */
  write(key: string, bytes: Buffer): Promise<void>;
}

/** Pictures as files in one folder (DATA_DIR/uploads/items), created when first needed. */
export function createFileImageStorage(dir: string): ImageStorage {
  return {
    async read(key) {
      return fs.readFile(path.join(dir, key)).catch(() => undefined);
    },
    async write(key, bytes) {
      const file = path.join(dir, key);
      await fs.mkdir(dir, { recursive: true });
      // Written aside and renamed: another process (or request) reads the old file or the whole new one.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
  };
}

/**
 * Keeps nothing: pictures live only in the images service's memory cache and are rendered again
 * after a restart (tests, or a server without a writable DATA_DIR).
 */
export const memoryOnlyImageStorage: ImageStorage = {
  read: async () => undefined,
  write: async () => undefined,
};
