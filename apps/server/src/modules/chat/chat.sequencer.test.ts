import { describe, expect, it } from 'vitest';
import type { DeliveredMessage } from './chat.bus.js';
import { Sequencer } from './chat.sequencer.js';

const msg = (seq: number, id = `m${seq}`): DeliveredMessage => ({
  gid: 'g',
  seq,
  id,
  kind: 'text',
  content: `message ${seq}`,
  image: null,
  uid: 1,
  uname: 'u',
  timestamp: seq,
  language: 'en',
  translations: {},
});
const none = () => false;
const seqs = (list: DeliveredMessage[]) => list.map((m) => m.seq);

/** A sequencer past its first load, at `last`. */
function ready(last = 0) {
  const s = new Sequencer(last);
  s.endLoad();
  return s;
}

describe('Sequencer', () => {
  it('starts syncing at since: arrivals are held until the load ends, and drain waits for it', () => {
    const s = new Sequencer(4);
    expect(s).toMatchObject({ from: 4, last: 4, syncing: true });
    expect(s.arrive(msg(5), false)).toBe('held');
    expect(s.drain(none)).toBeNull();
    s.endLoad();
    const release = s.drain(none)!;
    expect(seqs(release.messages)).toEqual([5]);
    expect(s.last).toBe(5);
  });

  it('lets the next message through at once and moves last', () => {
    const s = ready(2);
    expect(s.arrive(msg(3), false)).toBe('next');
    expect(s.last).toBe(3);
    expect(s.pending).toBe(false);
  });

  it('ignores what the socket already has', () => {
    const s = ready(5);
    expect(s.arrive(msg(5), false)).toBe('stale');
    expect(s.arrive(msg(1), false)).toBe('stale');
    expect(s.last).toBe(5);
  });

  it('holds early messages until the gap fills, then lets them out in order', () => {
    const s = ready(1);
    expect(s.arrive(msg(4), false)).toBe('held');
    expect(s.arrive(msg(3), false)).toBe('held');
    expect(s.gapEnd()).toBe(4);
    // Nothing in order yet: still a gap.
    expect(s.drain(none)).toEqual({ messages: [], frames: [], gap: true, done: false });
    expect(s.arrive(msg(2), false)).toBe('next');
    expect(s.pending).toBe(true);
    const release = s.drain(none)!;
    expect(seqs(release.messages)).toEqual([3, 4]);
    expect(release.gap).toBe(false);
    expect(s.last).toBe(4);
    expect(s.heldSeqs).toEqual([]);
    expect(s.gapEnd()).toBeUndefined();
  });

  it('keeps what is still behind a second gap', () => {
    const s = ready(0);
    s.arrive(msg(2), false);
    s.arrive(msg(5), false);
    s.arrive(msg(1), false);
    const release = s.drain(none)!;
    expect(seqs(release.messages)).toEqual([2]);
    expect(release.gap).toBe(true);
    expect(s.heldSeqs).toEqual([5]);
    expect(s.last).toBe(2);
  });

  it('queues events behind held messages and lets them out after them', () => {
    const s = ready(0);
    expect(s.event('"before"')).toBe(true);
    s.arrive(msg(2), false);
    expect(s.blocked).toBe(true);
    expect(s.event('"ended"')).toBe(false);
    s.arrive(msg(1), false);
    const release = s.drain(none)!;
    expect(seqs(release.messages)).toEqual([2]);
    expect(release.frames).toEqual(['"ended"']);
    expect(s.drain(none)!.frames).toEqual([]);
  });

  it('queues events while a load runs', () => {
    const s = new Sequencer(0);
    expect(s.event('"group"')).toBe(false);
    s.endLoad();
    expect(s.drain(none)!.frames).toEqual(['"group"']);
  });

  it("never lets out the socket's own messages: silent when they arrived early, or own at drain time", () => {
    const s = ready(0);
    s.arrive(msg(2, 'mine-early'), true);
    s.arrive(msg(3, 'mine-now'), false);
    s.arrive(msg(4), false);
    expect(s.arrive(msg(1), false)).toBe('next');
    const release = s.drain((id) => id === 'mine-now')!;
    expect(seqs(release.messages)).toEqual([4]);
    expect(s.last).toBe(4);
  });

  it("a load sends only what is new and not the socket's own, and moves last to the end of the page", () => {
    const s = ready(1);
    s.arrive(msg(4, 'own-4'), true);
    s.beginLoad();
    expect(s.syncing).toBe(true);
    const page = [msg(1), msg(2), msg(3, 'own-3'), msg(4, 'own-4')];
    expect(seqs(s.loaded(page, (id) => id === 'own-3'))).toEqual([2]);
    expect(s.last).toBe(4);
    s.endLoad();
    // The held copy of 4 is behind last now: dropped, not sent twice.
    expect(s.drain(none)).toEqual({ messages: [], frames: [], gap: false, done: false });
    expect(s.heldSeqs).toEqual([]);
  });

  it('an empty page changes nothing', () => {
    const s = new Sequencer(3);
    expect(s.loaded([], none)).toEqual([]);
    expect(s.last).toBe(3);
  });

  it('seed: the whole history went out, the sequencer is at its end', () => {
    const s = new Sequencer(0);
    s.arrive(msg(2), false);
    s.seed(1);
    expect(s.syncing).toBe(false);
    expect(seqs(s.drain(none)!.messages)).toEqual([2]);
  });

  it('an end waits for held messages and queued events, then says done', () => {
    const s = ready(0);
    s.arrive(msg(2), false);
    s.event('"ended"');
    expect(s.end()).toBe(false);
    expect(s.drain(none)!.done).toBe(false);
    s.arrive(msg(1), false);
    const release = s.drain(none)!;
    expect(seqs(release.messages)).toEqual([2]);
    expect(release.frames).toEqual(['"ended"']);
    expect(release.done).toBe(true);
  });

  it('an end with nothing waiting is immediate', () => {
    expect(ready(3).end()).toBe(true);
    expect(new Sequencer(0).end()).toBe(false);
  });
});
