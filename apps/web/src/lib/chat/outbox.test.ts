import { describe, expect, it } from 'vitest';
import { Outbox, randomUuid, type OutgoingMessage } from './outbox';

const A = '11111111-2222-4333-8444-555555555555';
const B = '99999999-2222-4333-8444-555555555555';

function make(online = true) {
  const sent: OutgoingMessage[] = [];
  let ids = 0;
  const net = { online };
  const outbox = new Outbox({ send: (m) => (net.online ? (sent.push(m), true) : false), randomId: () => `c-${++ids}` });
  return { outbox, sent, net };
}

describe('Outbox', () => {
  it('gives each message a client id; it waits until its conversation is synced, then goes out', () => {
    const { outbox, sent } = make();
    const first = outbox.add({ type: 'message', gid: A, content: 'hi' });
    expect(first).toEqual({ type: 'message', id: 'c-1', gid: A, content: 'hi' });
    expect(sent).toEqual([]);
    outbox.synced(A);
    expect(sent).toEqual([first]);
    const second = outbox.add({ type: 'image', gid: A, image: 'data:image/png;base64,AAAA' });
    expect(sent).toEqual([first, second]);
    expect(outbox.isReady(A)).toBe(true);
    expect(outbox.isReady(B)).toBe(false);
  });

  it('after a reconnect only what was not settled goes again, with the same ids, in the order written', () => {
    const { outbox, sent } = make();
    outbox.synced(A);
    const [m1, m2, m3] = ['one', 'two', 'three'].map((content) => outbox.add({ type: 'message', gid: A, content }));
    const other = outbox.add({ type: 'message', gid: B, content: 'elsewhere' });
    outbox.settle(m1!.id); // acked
    outbox.disconnected();
    expect(outbox.isReady(A)).toBe(false);
    outbox.add({ type: 'message', gid: A, content: 'offline' });
    sent.length = 0;
    // The catch-up carried m2 back: stored already, not sent again.
    outbox.settle(m2!.id);
    outbox.synced(A);
    expect(sent.map((m) => m.id)).toEqual([m3!.id, 'c-5']);
    expect(outbox.has(other.id)).toBe(true);
    expect(outbox.has(m1!.id)).toBe(false);
  });

  it('a message pushed again with its id is kept once (a resend, never a copy)', () => {
    const { outbox, sent } = make();
    const m = outbox.add({ type: 'message', gid: A, content: 'once' });
    outbox.push(m);
    outbox.push(m);
    outbox.synced(A);
    expect(sent).toEqual([m]);
  });

  it('stops at the first message the socket refuses, keeping the rest for the next sync', () => {
    const { outbox, sent, net } = make(false);
    const a = outbox.add({ type: 'message', gid: A, content: 'a' });
    const b = outbox.add({ type: 'message', gid: A, content: 'b' });
    outbox.synced(A);
    expect(sent).toEqual([]);
    net.online = true;
    outbox.disconnected();
    outbox.synced(A);
    expect(sent).toEqual([a, b]);
  });

  it('an ended conversation drops its waiting messages', () => {
    const { outbox, sent } = make();
    const a = outbox.add({ type: 'message', gid: A, content: 'late' });
    const b = outbox.add({ type: 'message', gid: B, content: 'fine' });
    outbox.drop(A);
    expect(outbox.has(a.id)).toBe(false);
    outbox.synced(A);
    outbox.synced(B);
    expect(sent).toEqual([b]);
  });

  it('ids are UUIDs by default', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Outbox({ send: () => true }).add({ type: 'message', gid: A, content: 'x' }).id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
