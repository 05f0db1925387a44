import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for tests (s3rver), on a random port of 127.0.0.1 with its data in a
 * temporary folder, and one bucket made for the caller. `env` is what points the server (or any
 * process started by a test, e.g. a deployment behind nginx) at that bucket.
 */
export interface TestS3 {
  /** S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE. */
  env: {
    S3_BUCKET: string;
    S3_ENDPOINT: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: 'true';
  };
  bucket: string;
  /** http://127.0.0.1:<port> */
  endpoint: string;
  port: number;
  /** Makes another (empty) bucket on the same server; answers its name. */
  createBucket(name?: string): Promise<string>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

/** s3rver's fixed credentials (it accepts signed requests made with these). */
const KEY = 'S3RVER';

export async function startS3(options: { bucket?: string } = {}): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-s3-'));
  const bucket = options.bucket ?? `cubeshop-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: 'true' },
    bucket,
    endpoint,
    port,
    async createBucket(name = `cubeshop-test-${randomBytes(4).toString('hex')}`) {
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
      return name;
    },
    async stop() {
      await server.close().catch(() => undefined);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
