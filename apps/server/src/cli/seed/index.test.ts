import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness.js';
import { DEFAULT_SETTINGS, DEMO_USERS, seedDemoUsers, seedIfEmpty } from './index.js';

/**
 * The demo users of the first start. A user that exists already is skipped; any other failure of
 * createUser stops the seed (it used to be swallowed, leaving a shop without its demo accounts),
 * and the next start tries again.
 */
let t: TestApp;
let other: TestApp;

/** One product, so seedIfEmpty leaves the (slow) demo catalog out: only users and settings matter here. */
async function oneProduct(app: TestApp) {
  const { writes } = app.services.catalog;
  const supplierId = await writes.createSupplier({ slug: 'seedtest', nameZh: '种子', nameEn: 'Seed' });
  const categoryId = await writes.createCategory({ slug: 'seedtest', nameZh: '种子', nameEn: 'Seed' });
  await writes.addItems([{ supplierId, categoryId, nameZh: '种子', nameEn: 'Seed', priceFen: 100 }]);
}

beforeAll(async () => {
  [t, other] = await Promise.all([createTestApp(), createTestApp()]);
  await Promise.all([oneProduct(t), oneProduct(other)]);
});
afterAll(async () => {
  await t?.close();
  await other?.close();
});

describe(`demo users of the seed (${TEST_DB_KIND})`, () => {
  it('lets a real createUser failure surface, and completes at the next start', async () => {
    const failing = { createUser: async () => Promise.reject(new Error('connection terminated')) };
    await expect(seedDemoUsers(failing)).rejects.toThrow('connection terminated');
    await expect(seedIfEmpty({ ...t.services, account: { ...t.services.account, ...failing } })).rejects.toThrow('connection terminated');
    // the shipping tables went in, the default settings (written last) did not
    expect(await t.services.settings.get('freeShipping')).toBeDefined();
    expect(await t.services.settings.get('exchangeRate')).toBeUndefined();
    // the next start
    expect(await seedIfEmpty(t.services)).toBe(true);
    for (const user of DEMO_USERS) expect(await t.services.account.findIdByLogin(user.account), user.account).toBeDefined();
    expect(await t.services.settings.get('exchangeRate')).toEqual(DEFAULT_SETTINGS.exchangeRate);
    expect(await seedIfEmpty(t.services)).toBe(false);
  });

  it('skips a demo user that exists already and creates the others', async () => {
    const [buyer, admin] = DEMO_USERS;
    const { account } = other.services;
    const existing = await account.createUser({ account: buyer.account, password: 'Other123', email: buyer.email, name: 'Earlier' });
    await seedDemoUsers(account);
    expect(await account.findIdByLogin(buyer.account)).toBe(existing.id);
    expect((await account.getUser(existing.id))?.name).toBe('Earlier');
    const adminId = await account.findIdByLogin(admin.account);
    expect((await account.getUser(adminId!))?.admin).toBe(true);
    // again: everything exists, nothing fails
    await expect(seedDemoUsers(account)).resolves.toBeUndefined();
  });

  it('refuses demo data that breaks a rule (a refusal that is not "exists")', async () => {
    const { account } = other.services;
    const strict = {
      createUser: (input: Parameters<typeof account.createUser>[0]) => account.createUser({ ...input, account: `x${input.account}`, email: 'not an e-mail' }),
    };
    await expect(seedDemoUsers(strict)).rejects.toMatchObject({ details: { field: 'email' } });
  });
});
