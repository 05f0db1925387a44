import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness.js';
import { PRESSURE_RETRY_AFTER_S } from './pressure.js';

/**
 * Load shedding: a heap budget of 1 MB is always exceeded, so once the plugin has measured
 * (every second) and the pressure has lasted a sample, requests are refused with 503.
 */
let shedding: TestApp;
let calm: TestApp;
let adminToken: string;

// A web build of one page and one of its scripts (hashed, under /assets/).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-pressure-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(webDist, 'assets', 'page-3f2a1b.js'), 'export const page = 1;');

beforeAll(async () => {
  shedding = await createTestApp({ PRESSURE_MAX_HEAP_USED_MB: '1', WEB_DIST: webDist });
  // real thresholds, far enough from what a busy test machine reaches
  calm = await createTestApp({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '60000', PRESSURE_MAX_HEAP_USED_MB: '' });
  const admin = await shedding.services.account.createUser({ account: 'pressure_admin', password: 'Secret12', name: 'A', role: 'owner' });
  adminToken = await shedding.services.authn.issueUserToken(admin.id);
});
afterAll(async () => {
  await shedding?.close();
  await calm?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function until503(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode === 503) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('never shed');
}

describe(`load shedding (${TEST_DB_KIND})`, () => {
  it('answers 503 with Retry-After and the error shape in the request language while under pressure', async () => {
    await until503(shedding);
    const en = await shedding.app.inject({ method: 'GET', url: '/api/items', headers: { 'x-lang-type': 'en' } });
    expect(en.statusCode).toBe(503);
    expect(en.headers['retry-after']).toBe(String(PRESSURE_RETRY_AFTER_S));
    expect(en.headers['content-type']).toMatch(/^application\/json/);
    expect(en.json()).toEqual({ code: 'UNAVAILABLE', desc: 'Service unavailable, please try again later', details: { retryAfter: PRESSURE_RETRY_AFTER_S } });
    const zh = await shedding.app.inject({ method: 'POST', url: '/api/favorites', headers: { 'accept-language': 'zh-CN' }, payload: { itemId: 1 } });
    expect(zh.statusCode).toBe(503);
    expect(zh.json()).toMatchObject({ code: 'UNAVAILABLE', desc: '服务暂不可用，请稍后重试' });
    // unknown paths too: the server does no work at all for a shed request
    expect((await shedding.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(503);
  });

  it("keeps serving the web build's scripts while it sheds requests: a page whose script was refused would not work at all", async () => {
    await until503(shedding);
    const script = await shedding.app.inject({ method: 'GET', url: '/assets/page-3f2a1b.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('export const page');
    expect((await shedding.app.inject({ method: 'GET', url: '/api/items' })).statusCode).toBe(503);
    // A path under /assets/ that is no file of the build is no way around the shedding.
    expect((await shedding.app.inject({ method: 'GET', url: '/assets/../api/items' })).statusCode).toBe(503);
    expect((await shedding.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(503);
  });

  it('keeps answering /api/health and says it is shedding; staff see the measurements', async () => {
    await until503(shedding);
    const health = await shedding.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', pressure: 'shedding' });
    const staff = await shedding.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${adminToken}` } });
    expect(staff.json()).toMatchObject({
      status: 'ok',
      pressure: 'shedding',
      load: { eventLoopDelayMs: expect.any(Number), heapUsedMb: expect.any(Number), rssMb: expect.any(Number) },
    });
    expect(staff.json().load.heapUsedMb).toBeGreaterThan(1);
  });

  it('answers normally below the thresholds, and tells strangers nothing extra', async () => {
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await calm.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    expect((await calm.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
    expect(calm.app.pressureReport()).toMatchObject({ shedding: false });
  });
});
