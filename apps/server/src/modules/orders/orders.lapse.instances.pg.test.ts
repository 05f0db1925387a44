// The unpaid-order follow-up on two instances (PostgreSQL): two apps, each on its own connection
// pool as two processes would be, sweep the same orders at the same moment, several times over.
// Each order is reminded once and cancelled once, its reserved stock comes back once, and its
// buyer gets one reminder and one cancel mail through the outbox.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderDetail } from '@cubeshop/shared';
import { buildApp, type App } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { orderPayload, shopClient, stockShop, type ShopProducts } from '../../test/shop.js';

const DAY = 86_400_000;
let testDb: TestDatabase;
let mailbox: Mailbox;
let products: ShopProducts;
const pools: Database[] = [];
const apps: App[] = [];

async function instance(): Promise<App> {
  const database = await openDatabase({ url: testDb.url!, poolSize: 4 });
  pools.push(database);
  const built = await buildApp({ config: testConfig({ SMTP_URL: mailbox.url, OUTBOX_INTERVAL_MS: '100' }), database, logger: false });
  await built.app.ready();
  apps.push(built);
  return built;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailbox = await startMailbox();
  const one = await instance();
  await instance();
  products = await stockShop(one);
  await one.services.stock.setOnHand(products.cube, [{ typeCode: 'black', onHand: 1_000 }]);
  await one.services.settings.set('unpaidOrders', { remindAfterDays: 3, cancelAfterDays: 10 });
  for (const a of apps) a.services.settings.invalidate();
});
afterAll(async () => {
  for (const a of apps) await a.app.close();
  for (const p of pools) await p.close().catch(() => undefined);
  await testDb?.drop();
  await mailbox?.close();
});

describe('unpaid orders on two instances (PostgreSQL)', { timeout: 120_000 }, () => {
  it('twelve orders swept by both instances at once: reminded once, cancelled once, stock back once, mailed once each', async () => {
    const [one, two] = apps as [App, App];
    const levels = async () => (await one.services.stock.levels([products.cube])).get(products.cube)!.find((l) => l.typeCode === 'black')!;
    const before = await levels();
    const orders: { id: number; email: string; placed: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const email = `race_${randomBytes(4).toString('hex')}@example.com`;
      const user = await one.services.account.createUser({ account: email, email, name: `Buyer ${i}`, locale: i % 2 ? 'zh' : 'en' });
      const c = shopClient(one, await one.services.authn.issueUserToken(user.id));
      expect((await c('POST', '/api/cart/items', { body: { itemId: products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
      const placed = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
      expect(placed.status).toBe(201);
      const detail = (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
      orders.push({ id: detail.id, email, placed: Date.parse(detail.createdTime) });
    }
    expect((await levels()).reserved).toBe(before.reserved + 24);
    const newest = Math.max(...orders.map((o) => o.placed));
    const race = async (now: Date) =>
      (await Promise.all([one, two, one, two].map((a) => a.services.unpaidOrders.sweep({ now })))).map((r) => ({
        reminded: r.reminded,
        cancelled: r.cancelled,
      }));

    const reminds = await race(new Date(newest + 3 * DAY + 60_000));
    const reminded = reminds.flatMap((r) => r.reminded).sort();
    expect(reminded).toEqual(orders.map((o) => o.id).sort());
    const cancels = await race(new Date(newest + 10 * DAY + 60_000));
    expect(cancels.flatMap((r) => r.cancelled).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(await race(new Date(newest + 40 * DAY))).toEqual(Array.from({ length: 4 }, () => ({ reminded: [], cancelled: [] })));

    expect(await levels()).toEqual(before);
    await expect.poll(async () => (await one.services.outbox.pending()).waiting, { timeout: 60_000, interval: 200 }).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    for (const o of orders) {
      const subjects = mailbox.messages.filter((m) => m.rcptTo.includes(o.email)).map((m) => m.subject);
      expect(
        subjects.filter((s) => s.includes(String(o.id)) && (s.includes('尚待付款') || s.includes('waiting for your payment'))),
        o.email,
      ).toHaveLength(1);
      expect(
        subjects.filter((s) => s.includes(String(o.id)) && (s.includes('已取消') || s.includes('was cancelled'))),
        o.email,
      ).toHaveLength(1);
      const trail = await one.services.audit.of('order', o.id);
      expect(trail.filter((e) => e.action === 'order.cancel')).toHaveLength(1);
      expect(trail.filter((e) => e.action === 'order.remind')).toHaveLength(1);
    }
  });
});
