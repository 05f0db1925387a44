import { describe, expect, it, vi } from 'vitest';
import type { BusEvent } from './chat.bus.js';
import type { ChatActor } from './chat.context.js';
import { createLocalPresence, createPresenceAnnouncer } from './chat.presence.js';

const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'zh' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'en' };
const settle = () => new Promise((r) => setImmediate(r));

function setup(elsewhere = false) {
  const presence = createLocalPresence();
  const published: BusEvent[] = [];
  const log = { warn: vi.fn() };
  const store = {
    set: vi.fn(presence.set),
    isOnline: vi.fn(async (uid: number) => elsewhere || (await presence.isOnline(uid))),
  };
  const announcer = createPresenceAnnouncer({ presence: store, bus: { publish: (e) => published.push(e) }, log });
  return { presence, store, published, log, announcer };
}

describe('local presence store', () => {
  it('lists the admins set online here', async () => {
    const presence = createLocalPresence();
    await presence.set({ uid: 2, uname: 'Ann' }, true);
    await presence.set({ uid: 3, uname: 'Bo' }, true);
    await presence.set({ uid: 3, uname: 'Bo' }, false);
    expect(await presence.onlineAgents()).toEqual([{ uid: 2, uname: 'Ann' }]);
    expect(await presence.isOnline(2)).toBe(true);
    expect(await presence.isOnline(3)).toBe(false);
  });
});

describe('presence announcer', () => {
  it("an admin's first socket here makes them online: stored, then told to every admin", async () => {
    const { presence, published, announcer } = setup();
    announcer.opened(agent, true);
    await settle();
    expect(await presence.isOnline(2)).toBe(true);
    expect(published).toEqual([{ k: 'agents', frame: { type: 'presence', uid: 2, uname: 'Ann', admin: true, online: true } }]);
    announcer.opened(agent, false);
    announcer.opened(buyer, true);
    await settle();
    expect(published).toHaveLength(1);
  });

  it('still announces an admin online when the store fails, and logs it', async () => {
    const { store, published, log, announcer } = setup();
    store.set.mockRejectedValueOnce(new Error('redis down'));
    announcer.opened(agent, true);
    await settle();
    expect(published).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it("an admin's last socket here makes them offline, unless another instance still has them", async () => {
    const here = setup();
    here.announcer.opened(agent, true);
    await settle();
    here.announcer.closed(agent, ['g'], false);
    await settle();
    expect(here.published).toHaveLength(1);
    here.announcer.closed(agent, ['g'], true);
    await settle();
    expect(await here.presence.isOnline(2)).toBe(false);
    expect(here.published.at(-1)).toEqual({ k: 'agents', frame: { type: 'presence', uid: 2, uname: 'Ann', admin: true, online: false } });

    const elsewhere = setup(true);
    elsewhere.announcer.closed(agent, [], true);
    await settle();
    expect(elsewhere.store.set).toHaveBeenCalledWith({ uid: 2, uname: 'Ann' }, false);
    expect(elsewhere.published).toEqual([]);
  });

  it('a buyer is announced to their conversation when they come, and offline there when their last socket goes', () => {
    const { published, announcer } = setup();
    announcer.buyerOnline(buyer, 'g1');
    announcer.closed(buyer, ['g1', 'g2'], false);
    announcer.closed(buyer, ['g1', 'g2'], true);
    expect(published).toEqual([
      { k: 'gid', gid: 'g1', frame: { type: 'presence', uid: 1, uname: 'Mei', admin: false, online: true } },
      { k: 'gid', gid: 'g1', frame: { type: 'presence', uid: 1, uname: 'Mei', admin: false, online: false } },
      { k: 'gid', gid: 'g2', frame: { type: 'presence', uid: 1, uname: 'Mei', admin: false, online: false } },
    ]);
  });
});
