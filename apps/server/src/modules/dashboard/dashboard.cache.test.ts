import { describe, expect, it } from 'vitest';
import type { SalesFigures } from '../orders/orders.sales.js';
import { createDashboardService } from './dashboard.service.js';

// How the dashboard reuses its sums (docs/orders.md, Sales dashboard): a busy range's sums are
// answered at once when a few seconds old while one reload runs behind them, and an order placed
// or changed ('orders.changed') makes the next reader wait for new sums.
function harness(openRequests: () => Promise<number> = () => Promise.resolve(0)) {
  let clock = 1_000_000;
  const listeners: (() => void)[] = [];
  const loads: { range: { start: Date; end: Date }; resolve: (f: SalesFigures) => void }[] = [];
  const figures = (orders: number): SalesFigures => ({
    buckets: [
      { day: '2026-11-27', currency: 'CNY', orders, owedMinor: orders * 100, receivedMinor: 0, toPayMinor: orders * 100, settled: false, cancelled: false },
    ],
    topProducts: [],
    topBrands: [],
    newBuyers: new Map(),
  });
  const service = createDashboardService({
    sales: { figures: (range) => new Promise((resolve) => loads.push({ range, resolve })) },
    lowStock: () => Promise.resolve({ products: 0, styles: [] }),
    openRequests,
    chatLoad: () => Promise.resolve({ waiting: 0, serving: 0 }),
    events: { on: (_name, handler) => listeners.push(() => (handler as (p: unknown) => void)({ count: 1 })) },
    ttlMs: 5_000,
    now: () => clock,
  });
  return {
    service,
    loads,
    figures,
    tick: (ms: number) => (clock += ms),
    orderChanged: () => listeners.forEach((l) => l()),
  };
}

const query = { from: '2026-11-27', to: '2026-11-27' };
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('dashboard sums', () => {
  it('one load for readers at once; a few seconds later the old sums answer at once while one reload runs', async () => {
    const h = harness();
    const first = [h.service.get(query), h.service.get(query), h.service.get(query)];
    await settle();
    expect(h.loads).toHaveLength(1);
    h.loads[0]!.resolve(h.figures(3));
    for (const answer of await Promise.all(first)) expect(answer.totals.orders.CNY).toBe(3);

    h.tick(6_000);
    // Past 5 s: answered from the old sums without waiting for the reload, which starts once.
    const stale = await Promise.race([h.service.get(query), settle().then(() => 'waited')]);
    expect(stale).not.toBe('waited');
    expect((stale as Awaited<ReturnType<typeof h.service.get>>).totals.orders.CNY).toBe(3);
    await h.service.get(query);
    expect(h.loads).toHaveLength(2);
    h.loads[1]!.resolve(h.figures(4));
    await settle();
    expect((await h.service.get(query)).totals.orders.CNY).toBe(4);
  });

  it('after an order is placed or changed the next reader gets new sums, not the old ones', async () => {
    const h = harness();
    const first = h.service.get(query);
    await settle();
    h.loads[0]!.resolve(h.figures(3));
    await first;
    h.orderChanged();
    const next = h.service.get(query);
    await settle();
    expect(h.loads).toHaveLength(2);
    h.loads[1]!.resolve(h.figures(5));
    expect((await next).totals.orders.CNY).toBe(5);
  });

  it('what waits now is answered at once when a few seconds old while one read runs behind it, and an unchanged answer is the same object', async () => {
    const reads: ((n: number) => void)[] = [];
    const h = harness(() => new Promise((resolve) => reads.push(resolve)));
    const first = h.service.get(query);
    await settle();
    h.loads[0]!.resolve(h.figures(3));
    reads[0]!(2);
    const answer = await first;
    expect(answer.openRequests).toBe(2);
    // Nothing reloaded: the same object, so the route writes and compresses it once.
    expect(await h.service.get(query)).toBe(answer);

    h.tick(6_000);
    const stale = await Promise.race([h.service.get(query), settle().then(() => 'waited')]);
    expect(stale).not.toBe('waited');
    expect((stale as typeof answer).openRequests).toBe(2);
    await settle();
    expect(reads).toHaveLength(2);
    reads[1]!(7);
    await settle();
    h.loads[1]?.resolve(h.figures(3));
    await settle();
    const next = await h.service.get(query);
    expect(next.openRequests).toBe(7);
    expect(next.totals.orders.CNY).toBe(3);
  });
});
