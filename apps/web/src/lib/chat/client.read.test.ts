import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT, BUYER, GID, connected, last, makeClient, msg, session } from './test/client-fixtures';
import { FakeSocket } from './test/fake-socket';

// The composed client as the admin console uses it: the server's read cursors (docs/chat.md,
// "Read cursors"). The batching alone: read-reports.test.ts.

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ChatClient read cursors (admin)', () => {
  const adminSession = { ...session, ...AGENT, admin: true, language: 'en' };
  const fromBuyer = (seq: number) => msg(seq, { ...BUYER, id: `b-${seq}` });
  const group = {
    gid: GID,
    ...BUYER,
    language: 'en',
    status: 'serving',
    createdAt: 0,
    acceptedAt: 1,
    endedAt: null,
    endReason: null,
    waitingMs: 1,
    lastSeq: 5,
    agents: [AGENT],
  };

  /** An admin console loading: session, then per conversation the group, the read cursor, the history, synced. */
  function adminLoad(cursor: number, history = [1, 2, 3, 4, 5]) {
    const client = makeClient('a-token-of-enough-length', 'admin');
    const events: string[] = [];
    client.onEvent((e) => e.type === 'message' && events.push(e.message.id));
    client.connect();
    const socket = last();
    socket.open();
    socket.push(adminSession);
    socket.push({ type: 'group', group });
    socket.push({ type: 'read', gid: GID, seq: cursor });
    socket.push(history.map(fromBuyer));
    socket.push({ type: 'synced', gid: GID, lastSeq: history.at(-1) ?? 0 });
    return { client, socket, events };
  }
  const readFrames = (socket: FakeSocket) => socket.sent.filter((f) => f.type === 'read');

  it('a reload with the cursor at the newest message: no unread and no message event for the old messages; a new one still counts and notifies', () => {
    const { client, socket, events } = adminLoad(5);
    expect(client.getState().messages[GID]).toHaveLength(5);
    expect(client.getState().unread).toEqual({});
    expect(client.getState().read).toEqual({ [GID]: 5 });
    expect(events).toEqual([]);
    // Nothing to report: the server knows.
    vi.advanceTimersByTime(5_000);
    expect(readFrames(socket)).toEqual([]);

    socket.push(fromBuyer(6));
    expect(client.getState().unread).toEqual({ [GID]: 1 });
    expect(events).toEqual(['b-6']);
  });

  it('a reload with the cursor in the middle: only the messages above it are unread and notify', () => {
    const { client, events } = adminLoad(3);
    expect(client.getState().unread).toEqual({ [GID]: 2 });
    expect(events).toEqual(['b-4', 'b-5']);
  });

  it('the open conversation is reported read up to its newest message, once per batch, not per message', () => {
    const { client, socket } = adminLoad(3);
    client.setViewing(GID);
    expect(client.getState().unread).toEqual({});
    expect(client.getState().read[GID]).toBe(5);
    socket.push(fromBuyer(6));
    socket.push(fromBuyer(7));
    expect(client.getState().unread).toEqual({});
    vi.advanceTimersByTime(999);
    expect(readFrames(socket)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(readFrames(socket)).toEqual([{ type: 'read', gid: GID, seq: 7 }]);
    // The agent's own message: read up to it too.
    const id = client.sendText('hello', GID)!;
    socket.push({ type: 'ack', gid: GID, id, seq: 8, timestamp: 2000, duplicate: false });
    socket.push({ type: 'read', gid: GID, seq: 7 });
    vi.advanceTimersByTime(1_000);
    expect(readFrames(socket)).toEqual([
      { type: 'read', gid: GID, seq: 7 },
      { type: 'read', gid: GID, seq: 8 },
    ]);
    socket.push({ type: 'read', gid: GID, seq: 8 });
    vi.advanceTimersByTime(5_000);
    expect(readFrames(socket)).toHaveLength(2);
  });

  it("another device's read clears what it read here; newer messages stay unread", () => {
    const { client, socket, events } = adminLoad(5);
    socket.push(fromBuyer(6));
    socket.push(fromBuyer(7));
    expect(client.getState().unread).toEqual({ [GID]: 2 });
    socket.push({ type: 'read', gid: GID, seq: 6 });
    expect(client.getState().unread).toEqual({ [GID]: 1 });
    // A message the other device read already arriving late here is not new either.
    socket.push({ type: 'read', gid: GID, seq: 9 });
    expect(client.getState().unread).toEqual({});
    socket.push(fromBuyer(8));
    expect(client.getState().unread).toEqual({});
    expect(events).toEqual(['b-6', 'b-7']);
    // A cursor never goes back.
    socket.push({ type: 'read', gid: GID, seq: 2 });
    expect(client.getState().read[GID]).toBe(9);
  });

  it('a read the server did not confirm goes again after a reconnect; closing the console sends what is pending', () => {
    const { client, socket } = adminLoad(3);
    client.setViewing(GID);
    socket.serverClose(1011);
    vi.advanceTimersByTime(3_000);
    const again = last();
    expect(again).not.toBe(socket);
    again.open();
    again.push(adminSession);
    again.push({ type: 'group', group });
    again.push({ type: 'read', gid: GID, seq: 3 });
    again.push({ type: 'synced', gid: GID, lastSeq: 5 });
    expect(client.getState().unread).toEqual({});
    vi.advanceTimersByTime(1_000);
    expect(readFrames(again)).toEqual([{ type: 'read', gid: GID, seq: 5 }]);

    again.push({ type: 'read', gid: GID, seq: 5 });
    again.push(fromBuyer(6));
    client.close();
    expect(readFrames(again).at(-1)).toEqual({ type: 'read', gid: GID, seq: 6 });
  });

  it('buyers neither report reads nor take read events', () => {
    const { client, socket } = connected();
    client.setViewing('*');
    socket.push(msg(2));
    socket.push({ type: 'read', gid: GID, seq: 99 });
    vi.advanceTimersByTime(5_000);
    expect(readFrames(socket)).toEqual([]);
    expect(client.getState().read).toEqual({});
    client.setViewing(null);
    socket.push(msg(3));
    expect(client.getState().unread).toEqual({ [GID]: 1 });
  });
});
