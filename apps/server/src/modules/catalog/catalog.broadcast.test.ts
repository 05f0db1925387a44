import { describe, expect, it } from 'vitest';
import { createClusterEvents, type ClusterEventMap } from '../../lib/cluster-events.js';
import { createCatalogBroadcast } from './catalog.broadcast.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('catalog writes reach the other instances, coalesced', () => {
  it('empties this instance at once on every write, and sends a burst of writes as a few events', async () => {
    const events = createClusterEvents({ prefix: 'test', instanceId: 'a', onError: (err) => expect.fail(String(err)) });
    const sent: ClusterEventMap['catalog.changed'][] = [];
    const publish = events.publish.bind(events);
    let here = 0;
    let elsewhere = 0;
    // "elsewhere" stands for another instance's handler: it hears what is published
    events.on('catalog.changed', () => elsewhere++);
    const broadcast = createCatalogBroadcast({
      events: {
        on: events.on.bind(events),
        publish: (name, payload) => {
          if (name === 'catalog.changed') sent.push(payload as ClusterEventMap['catalog.changed']);
          publish(name, payload);
        },
      },
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

  it('without cluster events is only the local invalidation', () => {
    let emptied = 0;
    const broadcast = createCatalogBroadcast({ invalidate: () => emptied++ });
    broadcast.changed();
    expect(emptied).toBe(1);
  });
});
