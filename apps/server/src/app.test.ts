import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, TEST_DB_KIND, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`foundation API (${TEST_DB_KIND})`, () => {
  it('reports health with a database round trip, and tells only staff which database runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.body).not.toMatch(/pglite|postgres/i);

    const buyer = await t.services.account.createUser({ account: 'health_buyer', password: 'Secret12', name: 'B' });
    const asBuyer = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${await t.services.authn.issueUserToken(buyer.id)}` },
    });
    expect(asBuyer.json()).toEqual({ status: 'ok', database: 'ok' });
    const admin = await t.services.account.createUser({ account: 'health_admin', password: 'Secret12', name: 'A', role: 'owner' });
    const asStaff = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${await t.services.authn.issueUserToken(admin.id)}` },
    });
    expect(asStaff.json()).toMatchObject({ status: 'ok', database: 'ok', databaseKind: TEST_DB_KIND, uptimeSeconds: expect.any(Number) });
  });

  it('reports 503 when the database is down, on health and on every call that needs it (Retry-After, the error shape)', async () => {
    const other = await createTestApp();
    const buyer = await other.services.account.createUser({ account: 'down_buyer', password: 'Secret12', name: 'D' });
    const token = await other.services.authn.issueUserToken(buyer.id);
    await other.services.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: 'error' });
    for (const [url, auth] of [
      ['/api/cart/info', true],
      ['/api/user', true],
      ['/api/items/100001', false],
      ['/api/authn/anonymous/token', false],
    ] as const) {
      const call = await other.app.inject({ method: 'GET', url, headers: { 'x-lang-type': 'en', ...(auth ? { authorization: `Bearer ${token}` } : {}) } });
      expect(call.statusCode, url).toBe(503);
      expect(call.headers['retry-after'], url).toBe('5');
      expect(call.json(), url).toMatchObject({ code: 'UNAVAILABLE', desc: 'Service unavailable, please try again later' });
    }
    // Closes the app and drops its database (the harness tolerates the database closed above).
    await other.close();
  });

  it('issues a random anonymous token that is never repeated and is stored hashed', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/api/authn/anonymous/token' })).json<{ token: string }>();
    const b = (await t.app.inject({ method: 'GET', url: '/api/authn/anonymous/token' })).json<{ token: string }>();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.token).not.toBe(a.token);
    const session = await t.services.authn.resolve(a.token);
    expect(session).toMatchObject({ userId: null, staff: false });
    expect(session?.tokenHash).not.toContain(a.token);
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 401 on a login-required call without a token, with an unknown token, and with an anonymous token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'UNAUTHORIZED', desc: '请先登录' });

    const unknown = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer ' + 'x'.repeat(43), 'x-lang-type': 'en' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 'UNAUTHORIZED', desc: 'Please log in first' });

    const { token } = (await t.app.inject({ method: 'GET', url: '/api/authn/anonymous/token' })).json<{ token: string }>();
    const anon = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(anon.statusCode).toBe(401);
  });

  it('serves the user behind a user token, and 401 once the token is revoked by sign-out', async () => {
    const user = await t.services.account.createUser({ account: 'buyer_one', password: 'Secret12', email: 'one@example.com' });
    const token = await t.services.authn.issueUserToken(user.id);
    const auth = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, account: 'buyer_one', username: 'buyer_one', admin: false, email: 'one@example.com' });
    expect(me.json()).not.toHaveProperty('passwordHash');

    expect((await t.app.inject({ method: 'POST', url: '/api/authn/signout', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: auth })).statusCode).toBe(401);
  });

  it('gives 404 JSON for unknown /api paths in the request language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(zh.statusCode).toBe(404);
    expect(zh.headers['content-type']).toContain('application/json');
    expect(zh.json()).toEqual({ code: 'NOT_FOUND', desc: '接口不存在：GET /api/no-such-thing' });
    const en = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.json()).toEqual({ code: 'NOT_FOUND', desc: 'No such API: POST /api/nope' });
  });

  it('gives 400 with a clear desc for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authn/signout',
      headers: { 'content-type': 'application/json', 'x-lang-type': 'en' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', desc: 'The request body is not valid JSON' });
  });

  it('hides internals on a 500', async () => {
    // A route that fails the way a bug would; the client must see only the generic sentence.
    const { buildApp } = await import('./app.js');
    const { loadConfig } = await import('./config.js');
    const testDb = await createTestDatabase();
    const built = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: testDb.database, logger: false });
    built.app.get('/api/explode', async () => {
      throw new Error('secret connection string postgres://admin:pw@db');
    });
    const res = await built.app.inject({ method: 'GET', url: '/api/explode', headers: { 'x-lang-type': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', desc: 'Server internal error, please try again later' });
    expect(res.body).not.toContain('secret');
    await built.app.close();
    await testDb.drop();
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/authn/anonymous/token', '/api/user']));
    expect(JSON.stringify(doc.paths['/api/user'])).toContain('subscribeEmail');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('names the WebSocket origin in connect-src instead of any ws:/wss: host', async () => {
    const csp = (host: string) =>
      t.app.inject({ method: 'GET', url: '/api/health', headers: { host } }).then((r) => String(r.headers['content-security-policy']));
    const connect = (policy: string) => /connect-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(connect(await csp('shop.example.com'))).toEqual(["'self'", 'ws://shop.example.com', 'wss://shop.example.com']);
    expect(connect(await csp('127.0.0.1:8080'))).toEqual(["'self'", 'ws://127.0.0.1:8080', 'wss://127.0.0.1:8080']);
    for (const policy of [await csp('shop.example.com'), await csp('evil.com; script-src *')]) {
      expect(connect(policy)).not.toContain('ws:');
      expect(connect(policy)).not.toContain('wss:');
      expect(policy).not.toContain('evil');
    }
  });

  it('falls back to the web app for every non-API path and 404s missing assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/products-by-category/12?x=1', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(asset.statusCode).toBe(404);
  });
});
