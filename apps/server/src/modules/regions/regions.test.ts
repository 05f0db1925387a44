import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRegion } from '@cubeshop/shared';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (lang: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/selector/region', headers: { 'x-lang-type': lang, ...headers } });

describe(`GET /api/selector/region (${TEST_DB_KIND})`, () => {
  it('lists every country or region with zh and en names and dialling codes, mainland China first', async () => {
    const res = await get('zh');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const regions = res.json<TRegion[]>();
    expect(regions.length).toBeGreaterThanOrEqual(249);
    expect(regions[0]).toEqual({ id: 'CN', name: '中国', zh: '中国', en: "People's Republic of China", dialCode: '86' });
    const byId = new Map(regions.map((r) => [r.id, r]));
    expect(byId.get('US')).toMatchObject({ zh: '美国', en: 'United States of America', name: '美国', dialCode: '1' });
    expect(byId.get('HK')).toMatchObject({ zh: '香港', dialCode: '852' });
    expect(byId.get('GB')?.dialCode).toBe('44');
    expect(byId.get('AQ')?.dialCode).toBeNull(); // Antarctica has no dialling code
    expect(new Set(regions.map((r) => r.id)).size).toBe(regions.length);
    for (const r of regions) expect(r.id).toMatch(/^[A-Z]{2}$/);
  });

  it('names and orders in the request language', async () => {
    const en = (await get('en')).json<TRegion[]>();
    expect(en[0]?.id).toBe('CN');
    expect(en[0]?.name).toBe("People's Republic of China");
    const rest = en.slice(1).map((r) => r.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en-US').compare));
    expect(en.find((r) => r.id === 'DE')?.name).toBe('Germany');
    const zh = (await get('zh')).json<TRegion[]>();
    expect(zh.find((r) => r.id === 'DE')?.name).toBe('德国');
  });

  it('is cacheable: Cache-Control, Vary on the language, and 304 for a matching ETag', async () => {
    const res = await get('en');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.vary).toMatch(/x-lang-type/);
    const etag = String(res.headers.etag);
    expect((await get('en', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('zh', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});
