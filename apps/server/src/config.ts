import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      )
      .optional(),
  );

/** The environment the server reads (README.md, Configuration). */
export const ZConfig = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  /** Prefix of Redis keys and channels, one per deployment sharing a Redis. */
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'may hold only letters, digits and _ : . - (at most 64)')
      .default('cubeshop'),
  ),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Cubeshop <no-reply@cubeshop.local>')),
  TRANSLATE_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['none', 'libretranslate', 'openai']).default('none')),
  TRANSLATE_URL: optionalUrl(['http:', 'https:']),
  TRANSLATE_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  TRANSLATE_MODEL: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Translation calls in flight at most per instance (and keep-alive connections to the provider); unset: 32 for batching providers (LibreTranslate), 256 for one text a call. */
  TRANSLATE_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(4096).optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /**
   * Which proxies may set X-Forwarded-For (the client IP used by rate limits): 'loopback' (a proxy
   * on this machine), a comma-separated list of addresses/CIDRs, 'true' (any: only behind a proxy
   * that strips the header) or 'false'.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('loopback')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  ),
  /**
   * Chat WebSockets one user may hold open on one instance (tabs, devices); the next one is
   * closed at once with code 4429. Staff keep the console open in several windows.
   */
  CHAT_MAX_SOCKETS_BUYER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
  CHAT_MAX_SOCKETS_STAFF: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(50)),
  /**
   * Origin of the chat API when it runs on a host of its own (the web build's VITE_CHAT_API_BASE),
   * e.g. https://chat.example.com: allowed in the Content-Security-Policy (its https and wss).
   */
  CHAT_ORIGIN: optionalUrl(['http:', 'https:']),
  /** Where the built web app lives; the server serves it with an SPA fallback. */
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * The shop's public origin (https://cubeshop.example) for canonical, hreflang, Open Graph and
   * sitemap URLs; unset: the origin each request came to.
   */
  PUBLIC_ORIGIN: optionalUrl(['http:', 'https:']),
  /**
   * Products per sitemap chunk (/sitemap-products-N.xml): at most 50,000, the protocol's limit.
   * 10,000 makes chunks of about 4 MB (150 KB compressed), each built in about 0.2 s.
   */
  SITEMAP_CHUNK_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50_000).default(10_000)),
  /** How often the outbox worker looks for mail to send (ms); changes also wake it at once. */
  OUTBOX_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(50).max(600_000).default(2_000)),
  /** The outbox's first retry after a failed delivery (ms), doubling per attempt up to 15 minutes. */
  OUTBOX_RETRY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(600_000).default(5_000)),
  /** How often each instance runs the unpaid-order follow-up (ms; docs/orders.md, Unpaid orders). */
  UNPAID_SWEEP_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1_000).max(3_600_000).default(60_000)),
  /** Seed the demo data when the database is empty (on by default). */
  SEED_DEMO: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  ),
  /**
   * Load shedding (plugins/pressure.ts): while the mean event-loop delay of the last second is
   * above this many ms, new requests are answered 503 with Retry-After. 0 turns the check off.
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(1000)),
  /** The same above this much used V8 heap, MB; unset: 90 % of the heap limit (--max-old-space-size). 0: off. */
  PRESSURE_MAX_HEAP_USED_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_048_576).optional()),
  /**
   * PayPal online payment (docs/orders.md, PayPal): with both the REST app's client id and secret
   * set, buyers who chose PayPal pay from the order page; without them PayPal is invoice by e-mail.
   */
  PAYPAL_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_ENVIRONMENT: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'production']).default('sandbox')),
  /** PayPal's API at another address (a local stand-in in tests); unset: the environment's own. */
  PAYPAL_API_URL: optionalUrl(['http:', 'https:']),
  /** The webhook's id in the PayPal app: events are verified against it (unset: webhooks are refused). */
  PAYPAL_WEBHOOK_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * GET /metrics (Prometheus) answers a request with `Authorization: Bearer <this>`; without it,
   * only a request straight from the loopback interface (no proxy header). Unset: loopback only.
   */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 printable characters without spaces')
      .optional(),
  ),
  /**
   * Pictures in S3-compatible object storage (lib/object-storage.ts; README, Running at scale):
   * set, every picture (products, brands, chat, after-sales, payment QR) lives in this bucket, so
   * every instance serves what any of them stored; unset: files under DATA_DIR/uploads.
   */
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, 'must be a bucket name (letters, digits, . _ -)')
      .optional(),
  ),
  /** An S3-compatible server (MinIO, Cloudflare R2, Ceph): http(s)://host[:port]; unset: AWS S3. */
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a region name such as us-east-1 (R2: auto)')
      .default('us-east-1'),
  ),
  /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Bucket in the path (http://host/bucket/key) rather than the host name; unset: true with S3_ENDPOINT, false for AWS. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  ),
  /** A folder in the bucket for this shop's pictures ("shop/"), so several may share a bucket. */
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v) => v.replace(/^\/+|\/+$/g, ''))
      .refine(
        (v) => v.length <= 200 && v.split('/').every((seg) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(seg)),
        'must be a path of letters, digits and . _ - (such as shop/pictures)',
      )
      .transform((v) => `${v}/`)
      .optional(),
  ),
});
export type TConfig = z.infer<typeof ZConfig> & { DATA_DIR: string };

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses the environment. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): TConfig {
  const result = ZConfig.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })));
  }
  const config = result.data;
  if (config.TRANSLATE_PROVIDER !== 'none' && !config.TRANSLATE_URL) {
    throw new ConfigError([{ variable: 'TRANSLATE_URL', message: `is required when TRANSLATE_PROVIDER is ${config.TRANSLATE_PROVIDER}` }]);
  }
  if (!config.PAYPAL_CLIENT_ID !== !config.PAYPAL_CLIENT_SECRET) {
    const missing = config.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID';
    throw new ConfigError([{ variable: missing, message: 'PayPal needs both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (or neither)' }]);
  }
  checkS3(config, env);
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR), S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT };
}

/** The S3 variables make sense only together: a bucket to use, and both keys or neither. */
function checkS3(config: z.infer<typeof ZConfig>, env: Record<string, string | undefined>): void {
  if (!config.S3_BUCKET) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'].find((name) =>
      env[name]?.trim(),
    );
    if (stray) throw new ConfigError([{ variable: 'S3_BUCKET', message: `is required when ${stray} is set (pictures go to S3 only with a bucket)` }]);
    return;
  }
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError([
      { variable: missing, message: "S3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for the AWS SDK's default credentials)" },
    ]);
  }
}
