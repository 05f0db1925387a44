import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { STAFF_ROLES, staffCan, type TStaffCapability, type TStaffRole } from '@cubeshop/shared';
import { randomIp } from '../test/accounts.js';
import { TEST_DB_KIND } from '../test/harness.js';
import { apiOperations, bodySchemaOf, declaresSecurity, errorShapeProblem, fillPath, parametersOf, type ApiOperation } from '../test/openapi.js';
import { createShopApp, type ShopApp } from '../test/shop.js';

// Who is calling is checked before anything of the request is read (docs/security.md, What is
// defended). Every operation of the OpenAPI document that needs a token says who may call it
// (`x-access`: user, staff or staff:<capability>); every caller who may not call it (no token, an
// anonymous visitor's token, a buyer, each staff role without the capability) sends it broken
// input: malformed JSON, a body of wrong types, NUL characters, a wrong content type, invalid
// path and query parameters. Each must answer 401 (not signed in) or 403 (signed in, no right),
// never a 400 naming a field, a 415 or a 413. No list to maintain: a new secured route is covered.

type Caller = 'no token' | 'anonymous token' | 'buyer' | TStaffRole;

/**
 * Secured operations with no role gate: each answers 404 to everyone but the owner of what it
 * names (its existence is not told), so every caller here, naming nothing of theirs, gets 404.
 */
const OWNER_CHECKED = new Map([
  ['GET /api/chat/images/{gid}/{name}', "a chat picture: the conversation's buyer and staff only, 404 to anyone else, signed out included"],
]);

let t: ShopApp;
let operations: ApiOperation[];
const tokens = new Map<Caller, string | undefined>();
let sent = 0;

beforeAll(async () => {
  t = await createShopApp();
  operations = (await apiOperations(t)).filter(declaresSecurity);
  tokens.set('no token', undefined);
  tokens.set('anonymous token', await t.services.authn.issueAnonymousToken());
  const buyer = await t.services.account.createUser({ account: `buyer_${randomBytes(3).toString('hex')}`, name: 'Buyer' });
  tokens.set('buyer', await t.services.authn.issueUserToken(buyer.id));
  for (const role of STAFF_ROLES) {
    const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: role, role });
    tokens.set(role, await t.services.authn.issueUserToken(user.id));
  }
});
afterAll(async () => {
  console.log(`access order (${TEST_DB_KIND}): ${sent} refused requests to ${operations?.length ?? 0} secured operations`);
  await t?.close();
});

/** The status a caller must get whatever it sends, or null when it may call the operation. */
function refusal(access: string, caller: Caller): 401 | 403 | null {
  if (caller === 'no token' || caller === 'anonymous token') return 401;
  for (const need of access.split(' ')) {
    if (need === 'user') continue;
    if (caller === 'buyer') return 403;
    if (need.startsWith('staff:') && !staffCan(caller, need.slice('staff:'.length) as TStaffCapability)) return 403;
  }
  return null;
}

interface Broken {
  what: string;
  query?: string;
  contentType?: string;
  payload?: string | Buffer;
  /** Path parameters as sent (raw, not encoded). */
  raw?: boolean;
}

/** Broken requests for an operation: its path and query made invalid, and broken bodies for those that take one. */
function brokenRequests(op: ApiOperation): Broken[] {
  const out: Broken[] = [{ what: 'invalid path and query parameters', query: 'page=-1&recPerPage=abc&id=%00&status=%00' }];
  const takesBody = bodySchemaOf(op) !== undefined || op.spec.requestBody !== undefined || op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  if (takesBody) {
    out.push(
      { what: 'malformed JSON', contentType: 'application/json', payload: '{"gid": ' },
      {
        what: 'a body of wrong types',
        contentType: 'application/json',
        payload: JSON.stringify({ gid: 12, uid: 'x', actualExpressFee: 'lots', body: [], kind: 7, status: {} }),
      },
      { what: 'NUL characters', contentType: 'application/json', payload: JSON.stringify({ gid: 'a\u0000b', reason: '\u0000', name: '\u0000' }) },
      { what: 'a wrong content type', contentType: 'text/plain', payload: 'hello' },
      { what: 'an empty JSON body', contentType: 'application/json', payload: '' },
    );
  }
  return out;
}

function pathOf(op: ApiOperation): string {
  const values = Object.fromEntries(parametersOf(op, 'path').map((p) => [p.name, 'not-an-id']));
  // Path parameters the document does not list (a template only) get the same value.
  for (const m of op.path.matchAll(/\{([^}]+)\}/g)) values[m[1]!] ??= 'not-an-id';
  return fillPath(op.path, values);
}

describe('who is calling is checked first', () => {
  it('has secured operations to check, each saying who may call it', () => {
    expect(operations.length).toBeGreaterThan(50);
    const undeclared = operations
      .filter((op) => typeof (op.spec as Record<string, unknown>)['x-access'] !== 'string' && !OWNER_CHECKED.has(op.key))
      .map((op) => op.key);
    // A secured route must declare its access check (onRequest: app.requireUser / app.requireStaff(...)).
    expect(undeclared).toEqual([]);
  });

  it('answers 401/403, never 400, 413 or 415, to every caller who may not call an operation, whatever it sends', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const access = (op.spec as Record<string, unknown>)['x-access'];
      if (typeof access !== 'string') continue;
      for (const [caller, token] of tokens) {
        const expected = refusal(access, caller);
        if (expected === null) continue;
        for (const broken of brokenRequests(op)) {
          const headers: Record<string, string> = { 'x-lang-type': 'en', 'x-price-type': 'CNY' };
          if (token) headers.authorization = `Bearer ${token}`;
          if (broken.contentType) headers['content-type'] = broken.contentType;
          const options: InjectOptions = {
            method: op.method,
            url: `${pathOf(op)}${broken.query ? `?${broken.query}` : ''}`,
            headers,
            remoteAddress: randomIp(),
          };
          if (broken.payload !== undefined) options.payload = broken.payload;
          const res = await t.app.inject(options);
          sent++;
          const shape = errorShapeProblem(res.body);
          if (res.statusCode !== expected || shape)
            wrong.push(`${op.key} as ${caller} with ${broken.what}: ${res.statusCode} ${res.body.slice(0, 160)} (expected ${expected})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('answers 404, never 400, to callers of an owner-checked operation naming nothing of theirs', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => OWNER_CHECKED.has(o.key))) {
      for (const [caller, token] of tokens) {
        for (const query of ['', 'page=-1&recPerPage=abc']) {
          const headers: Record<string, string> = { 'x-lang-type': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) };
          const res = await t.app.inject({ method: op.method, url: `${pathOf(op)}${query ? `?${query}` : ''}`, headers, remoteAddress: randomIp() });
          sent++;
          if (res.statusCode !== 404) wrong.push(`${op.key} as ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still validates the input of a caller who may call the operation (400 naming the field)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/orders/1/shipping-fee',
      headers: { authorization: `Bearer ${tokens.get('sales')}`, 'content-type': 'application/json', 'x-lang-type': 'en' },
      payload: JSON.stringify({ actualExpressFee: 'lots' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('actualExpressFee');
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/groups/join',
      headers: { authorization: `Bearer ${tokens.get('service')}`, 'content-type': 'application/json', 'x-lang-type': 'en' },
      payload: JSON.stringify({ gid: 12 }),
    });
    expect(join.statusCode).toBe(400);
  });
});
