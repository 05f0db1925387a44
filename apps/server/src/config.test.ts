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
    expect(loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', PRESSURE_MAX_HEAP_USED_MB: '512' })).toMatchObject({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 0, PRESSURE_MAX_HEAP_USED_MB: 512 });
    for (const [variable, value] of [['PRESSURE_MAX_EVENT_LOOP_DELAY_MS', 'fast'], ['PRESSURE_MAX_HEAP_USED_MB', '-1']] as const) {
      expect(() => loadConfig({ [variable]: value }), variable).toThrow(new RegExp(variable));
    }
  });

  it('needs TRANSLATE_URL when a translation provider is chosen', () => {
    expect(() => loadConfig({ TRANSLATE_PROVIDER: 'libretranslate' })).toThrow(/TRANSLATE_URL/);
    expect(loadConfig({ TRANSLATE_PROVIDER: 'openai', TRANSLATE_URL: 'http://127.0.0.1:11434/v1' }).TRANSLATE_PROVIDER).toBe('openai');
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
