import { describe, expect, it } from 'vitest';
import { createClusterEvents, type ClusterEventMap, type ClusterEvents } from '../../../lib/cluster-events.js';
import { createCatalogBroadcast } from './catalog.cluster-invalidation.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** In-process cluster events whose 'catalog.changed' announcements are recorded as they go out. */
function recordingEvents(instanceId: string) {
  const events = createClusterEvents({ prefix: 'test', instanceId, onError: (err) => expect.fail(String(err)) });
  const sent: ClusterEventMap['catalog.changed'][] = [];
  const publish = events.publish.bind(events);
  const recorded: Pick<ClusterEvents, 'publish' | 'on'> = {
    on: events.on.bind(events),
    publish: (name, payload) => {
      if (name === 'catalog.changed') sent.push(payload as ClusterEventMap['catalog.changed']);
      publish(name, payload);
    },
  };
  return { events, sent, recorded };
}

describe('catalog writes reach the other instances, coalesced', () => {
  it('empties this instance at once on every write, and sends a burst of writes as a few events', async () => {
    const { events, sent, recorded } = recordingEvents('a');
    let here = 0;
    let elsewhere = 0;
    // "elsewhere" stands for another instance's handler: it hears what is published
    events.on('catalog.changed', () => elsewhere++);
    const broadcast = createCatalogBroadcast({
      events: recorded,
      invalidate: () => here++,
      windowMs: 100,
    });
    broadcast.changed();
    expect(here).toBe(1);
    expect(sent).toHaveLength(1); // the first write of a quiet period goes out at once
    for (let i = 0; i < 10_000; i++) broadcast.changed();
    expect(here).toBe(10_001); // this instance never waits
    expect(sent).toHaveLength(1);
    await sleep(150);
    expect(sent).toHaveLength(2); // the rest of the burst: one more event
    expect(elsewhere).toBe(2);
    // its own event does not empty this instance a second time
    expect(here).toBe(10_001);
    await sleep(150);
    broadcast.changed();
    expect(sent).toHaveLength(3);
  });

  it('empties the caches when another instance announces a write', () => {
    const events = createClusterEvents({ prefix: 'test', instanceId: 'b', onError: (err) => expect.fail(String(err)) });
    let emptied = 0;
    createCatalogBroadcast({ events, invalidate: () => emptied++ });
    events.publish('catalog.changed', { at: Date.now() });
    expect(emptied).toBe(1);
  });

  it('sends stock changes as the products they touched, and a burst with any whole change as a whole change', async () => {
    const { sent, recorded } = recordingEvents('c');
    const here = { all: 0, stock: [] as number[][] };
    const broadcast = createCatalogBroadcast({
      events: recorded,
      invalidate: () => here.all++,
      stockChanged: (ids, pages) => here.stock.push(pages ? [...ids] : [...ids, -1]),
      windowMs: 50,
    });
    broadcast.changed({ stock: [7] });
    broadcast.changed({ stock: [8, 9] });
    broadcast.changed({ stock: [8] });
    // This instance: each change as it is, at once.
    expect(here).toEqual({ all: 0, stock: [[7], [8, 9], [8]] });
    await sleep(80);
    expect(sent.map((e) => e.stock)).toEqual([[7], [8, 9]]);
    await sleep(80); // a quiet period: the next change goes out at once
    broadcast.changed({ stock: [1] });
    broadcast.changed({ stock: [2] });
    broadcast.changed();
    await sleep(80);
    expect(sent.slice(2).map((e) => e.stock)).toEqual([[1], undefined]);
    // An order's move of the stock leaves the pages (pages: false), unless a burst also holds a staff change.
    await sleep(80);
    broadcast.changed({ stock: [3], pages: false });
    broadcast.changed({ stock: [4], pages: false });
    broadcast.changed({ stock: [5] });
    await sleep(80);
    expect(sent.slice(4)).toEqual([expect.objectContaining({ stock: [3], pages: false }), expect.objectContaining({ stock: [4, 5] })]);
    expect(sent[5]).not.toHaveProperty('pages');
    expect(here.stock.slice(-3)).toEqual([[3, -1], [4, -1], [5]]);
    // Products written travel beside stock changes in one event.
    await sleep(80);
    broadcast.changed({ items: [10] });
    broadcast.changed({ items: [11] });
    broadcast.changed({ stock: [12], pages: false });
    await sleep(80);
    expect(sent.slice(6)).toEqual([expect.objectContaining({ items: [10] }), expect.objectContaining({ items: [11], stock: [12], pages: false })]);
  });

  it('empties only the products of a stock change another instance announces', () => {
    const events = createClusterEvents({ prefix: 'test', instanceId: 'd', onError: (err) => expect.fail(String(err)) });
    const heard: (number[] | 'all')[] = [];
    createCatalogBroadcast({
      events,
      invalidate: () => heard.push('all'),
      itemsChanged: (ids) => heard.push([...ids, -2]),
      stockChanged: (ids, pages) => heard.push(pages ? [...ids] : [...ids, -1]),
    });
    events.publish('catalog.changed', { at: Date.now(), stock: [4, 5] });
    events.publish('catalog.changed', { at: Date.now(), stock: [6], pages: false });
    events.publish('catalog.changed', { at: Date.now(), items: [7], stock: [8] });
    events.publish('catalog.changed', { at: Date.now() });
    expect(heard).toEqual([[4, 5], [6, -1], [7, -2], [8], 'all']);
  });

  it('without cluster events is only the local invalidation', () => {
    let emptied = 0;
    const broadcast = createCatalogBroadcast({ invalidate: () => emptied++ });
    broadcast.changed();
    expect(emptied).toBe(1);
  });
});
