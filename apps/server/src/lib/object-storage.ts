import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unavailable } from './app-error.js';

/**
 * Where every picture the shop keeps lives (README, Running at scale): product photos, brand logos
 * and rendered product pictures (`items/`), chat images (`chat/`), after-sales photos
 * (`requests/`) and payment QR pictures (`payments/`). One port, two places:
 * - files under DATA_DIR/uploads (the default: one machine, or a disk every instance shares);
 * - an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph) when S3_BUCKET is set, so every
 *   instance reads what any of them wrote.
 *
 * Keys are paths of letters, digits, `.`, `_` and `-` made by the shop itself (never a user's
 * file name); anything else is a programming error. A key that holds nothing reads as undefined
 * (the caller answers 404); a storage that cannot be reached throws the UNAVAILABLE domain error
 * (503 with Retry-After), never a 500.
 */
export interface ObjectStorage {
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Stores the bytes under the key; a reader sees the old bytes or the whole new ones, never a part. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes what the key holds (nothing when it holds nothing). */
  delete(key: string): Promise<void>;
  /** Whether the key holds something. */
  exists(key: string): Promise<boolean>;
}

/** Retry-After (seconds) of a 503 while the picture storage cannot be reached. */
export const STORAGE_RETRY_AFTER_S = 5;

const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);

/** Throws for a key that is not one of ours (a programming error, never a user's input). */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..'))
    throw new Error(`object storage: bad key ${JSON.stringify(key)}`);
  return key;
}

/** What a failed call throws: 503 UNAVAILABLE (Retry-After), with the cause for the log. */
function storageDown(cause: unknown, onError?: (err: unknown) => void): Error {
  onError?.(cause);
  const err = unavailable('storageUnavailable', { retryAfter: STORAGE_RETRY_AFTER_S });
  return Object.assign(err, { cause });
}

/** The same storage seen under a folder: `prefix` ("chat/") is put before every key. */
export function scopedStorage(storage: ObjectStorage, prefix: string): ObjectStorage {
  const at = (key: string) => checkKey(`${prefix}${key}`);
  return {
    get: async (key) => storage.get(at(key)),
    put: async (key, bytes, contentType) => storage.put(at(key), bytes, contentType),
    delete: async (key) => storage.delete(at(key)),
    exists: async (key) => storage.exists(at(key)),
  };
}

const missing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/** Objects as files under one folder (DATA_DIR/uploads), folders created when first needed. */
export function createFileObjectStorage(root: string, options: { onError?: (err: unknown) => void } = {}): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async get(key) {
      const file = fileOf(key);
      try {
        return await fs.readFile(file);
      } catch (err) {
        if (missing(err)) return undefined;
        throw storageDown(err, options.onError);
      }
    },
    async put(key, bytes) {
      const file = fileOf(key);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Written aside and renamed: another process (or request) reads the old file or the whole new one.
        const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        try {
          await fs.writeFile(temp, bytes);
          await fs.rename(temp, file);
        } catch (err) {
          await fs.rm(temp, { force: true }).catch(() => undefined);
          throw err;
        }
      } catch (err) {
        throw storageDown(err, options.onError);
      }
    },
    async delete(key) {
      const file = fileOf(key);
      try {
        await fs.rm(file, { force: true });
      } catch (err) {
        throw storageDown(err, options.onError);
      }
    },
    async exists(key) {
      const file = fileOf(key);
      try {
        return (await fs.stat(file)).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw storageDown(err, options.onError);
      }
    },
  };
}

/** Objects in this process's memory (tests; pictures that need not outlive it). */
export function createMemoryObjectStorage(): ObjectStorage {
  const objects = new Map<string, Buffer>();
  return {
    /* eslint-disable @typescript-eslint/require-await -- ObjectStorage answers with promises; async turns checkKey's refusal into a rejection */
    get: async (key) => objects.get(checkKey(key)),
    put: async (key, bytes) => {
      objects.set(checkKey(key), Buffer.from(bytes));
    },
    delete: async (key) => {
      objects.delete(checkKey(key));
    },
    exists: async (key) => objects.has(checkKey(key)),
    /* eslint-enable @typescript-eslint/require-await */
  };
}

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, Ceph); unset: AWS S3 in `region`. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither; neither: the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO, Ceph and local servers). */
  forcePathStyle: boolean;
  /** Put before every key ("shop-a/"), so several shops may share a bucket. */
  prefix?: string | undefined;
  /** Told every failure that becomes a 503 (the server logs it). */
  onError?: (err: unknown) => void;
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** Nothing under the key (a missing bucket is a misconfiguration: the storage is down). */
const notThere = (err: unknown) => {
  const name = (err as { name?: string }).name ?? '';
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
};

/**
 * Objects in an S3-compatible bucket (@aws-sdk/client-s3). Checksums are sent and checked only
 * where the protocol requires them: the SDK's default CRC32 trailers (aws-chunked uploads) are
 * not understood by every S3-compatible server. A server that does not answer within seconds
 * fails the call (503) rather than holding the request.
 */
export function createS3ObjectStorage(options: S3StorageOptions): ObjectStorage & { client: S3Client; close(): void } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
  });
  const prefix = options.prefix ?? '';
  const Bucket = options.bucket;
  const Key = (key: string) => `${prefix}${checkKey(key)}`;
  return {
    client,
    async get(key) {
      const at = Key(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: at }));
        if (!res.Body) return Buffer.alloc(0);
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (notThere(err)) return undefined;
        throw storageDown(err, options.onError);
      }
    },
    async put(key, bytes, contentType) {
      const at = Key(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: at, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      } catch (err) {
        throw storageDown(err, options.onError);
      }
    },
    async delete(key) {
      const at = Key(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: at }));
      } catch (err) {
        if (notThere(err)) return;
        throw storageDown(err, options.onError);
      }
    },
    async exists(key) {
      const at = Key(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: at }));
        return true;
      } catch (err) {
        if (notThere(err)) return false;
        throw storageDown(err, options.onError);
      }
    },
    close() {
      client.destroy();
    },
  };
}
