import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { createBuyer, shopClient } from '../../test/shop.js';

// An instance keeps the sessions it read for a few seconds (modules/authn/authn.service.ts): these
// are the changes a person relies on taking effect at once all the same, and the bound for a
// change nobody announced.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => shopClient(t, token)('GET', '/api/user');
const queue = (token: string) => shopClient(t, token)('GET', '/api/admin/orders');

describe(`sessions an instance keeps (${TEST_DB_KIND})`, () => {
  it('a staff role taken away ends staff access at the next request, and a role given opens it', async () => {
    const person = await createBuyer(t, 'clerk');
    await t.services.account.setRole(person.id, 'sales');
    expect((await queue(person.token)).status).toBe(200);
    expect((await queue(person.token)).status).toBe(200);
    await t.services.account.setRole(person.id, null);
    expect((await queue(person.token)).status).toBe(403);
    await t.services.account.setRole(person.id, 'owner');
    expect((await queue(person.token)).status).toBe(200);
  });

  it('a signed-out token is refused at once, though it was just used', async () => {
    const buyer = await createBuyer(t);
    expect((await me(buyer.token)).status).toBe(200);
    expect((await shopClient(t, buyer.token)('POST', '/api/authn/signout')).status).toBeLessThan(300);
    expect((await me(buyer.token)).status).toBe(401);
  });

  it('a buyer disabled by staff is refused at once on every token', async () => {
    const owner = await createBuyer(t, 'owner');
    await t.services.account.setRole(owner.id, 'owner');
    const buyer = await createBuyer(t);
    const second = await t.services.authn.issueUserToken(buyer.id);
    expect((await me(buyer.token)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
    const disabled = await shopClient(t, owner.token)('POST', `/api/admin/customers/${buyer.id}/disable`, { body: { reason: 'test' } });
    expect(disabled.status).toBe(200);
    expect((await me(buyer.token)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
  });

  it('a revocation written by another tool, never announced, holds within seconds', async () => {
    const buyer = await createBuyer(t);
    expect((await me(buyer.token)).status).toBe(200);
    await t.services.database.db.execute(sql`update auth_tokens set revoked_at = now() where token_hash = ${hashToken(buyer.token)}`);
    await new Promise((r) => setTimeout(r, 3_100));
    expect((await me(buyer.token)).status).toBe(401);
  });
});
