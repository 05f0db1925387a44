import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults: port 8080 on 127.0.0.1, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', TRANSLATE_PROVIDER: 'none', SEED_DEMO: true });
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ PORT: 8080, DATABASE_URL: undefined });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['TRANSLATE_PROVIDER', 'google'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s and names the variable', (variable, value) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.variable)).toContain(variable);
    expect((error as ConfigError).message).toContain(variable);
  });

  it('reads the load-shedding thresholds (heap: unset means 90 % of the heap limit)', () => {
    expect(loadConfig({}).PRESSURE_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(loadConfig({}).PRESSURE_MAX_HEAP_USED_MB).toBeUndefined();
    expect(loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', PRESSURE_MAX_HEAP_USED_MB: '512' })).toMatchObject({
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 0,
      PRESSURE_MAX_HEAP_USED_MB: 512,
    });
    for (const [variable, value] of [
      ['PRESSURE_MAX_EVENT_LOOP_DELAY_MS', 'fast'],
      ['PRESSURE_MAX_HEAP_USED_MB', '-1'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), variable).toThrow(new RegExp(variable));
    }
  });

  it('needs TRANSLATE_URL when a translation provider is chosen', () => {
    expect(() => loadConfig({ TRANSLATE_PROVIDER: 'libretranslate' })).toThrow(/TRANSLATE_URL/);
    expect(loadConfig({ TRANSLATE_PROVIDER: 'openai', TRANSLATE_URL: 'http://127.0.0.1:11434/v1' }).TRANSLATE_PROVIDER).toBe('openai');
  });

  it('reads the S3 picture storage: defaults, and bad combinations named', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({})).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    // An endpoint (MinIO, R2, Ceph) means path-style addressing unless told otherwise; AWS means virtual hosts.
    expect(loadConfig({ S3_BUCKET: 'pics', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({ S3_BUCKET: 'pics', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ S3_BUCKET: 'pics', S3_ENDPOINT: 'https://x.r2.cloudflarestorage.com', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'auto' })).toMatchObject(
      { S3_FORCE_PATH_STYLE: false, S3_REGION: 'auto' },
    );
    expect(loadConfig({ S3_BUCKET: 'pics' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'pics', S3_PREFIX: '/shop/a/' }).S3_PREFIX).toBe('shop/a/');
    expect(loadConfig({ S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' })).toMatchObject({
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 's',
    });
    const refused: [Record<string, string>, string][] = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
      [{ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' }, 'S3_BUCKET'],
      [{ S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY'],
      [{ S3_BUCKET: 'pics', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
      [{ S3_BUCKET: 'pics', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT'],
      [{ S3_BUCKET: 'pics', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
      [{ S3_BUCKET: 'pics', S3_PREFIX: 'a/../b' }, 'S3_PREFIX'],
      [{ S3_BUCKET: 'no/slash' }, 'S3_BUCKET'],
    ];
    for (const [env, variable] of refused) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}:`));
    }
  });

  it('stops the real server process at start-up with a message naming the variable', async () => {
    const { spawnSync } = await import('node:child_process');
    const serverTs = path.resolve(import.meta.dirname, 'server.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const result = spawnSync(tsx, [serverTs], { env: { ...process.env, PORT: 'abc' }, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});
