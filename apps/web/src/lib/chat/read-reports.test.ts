import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_READ_REPORT_MS, ReadReports, type ReadFrame } from './read-reports';

const A = '11111111-2222-4333-8444-555555555555';
const B = '99999999-2222-4333-8444-555555555555';

function make() {
  const cursors: Record<string, number> = {};
  const ready = new Set<string>([A, B]);
  const sent: ReadFrame[] = [];
  const net = { online: true };
  const reads = new ReadReports({
    cursors: () => cursors,
    canReport: (gid) => ready.has(gid),
    send: (frame) => (net.online ? (sent.push(frame), true) : false),
  });
  return { reads, cursors, ready, sent, net };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ReadReports', () => {
  it('batches: one frame per conversation a second, with the cursor as it is then', () => {
    const { reads, cursors, sent } = make();
    cursors[A] = 3;
    reads.update();
    cursors[A] = 5;
    reads.update();
    cursors[B] = 2;
    reads.update();
    vi.advanceTimersByTime(CHAT_READ_REPORT_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { type: 'read', gid: A, seq: 5 },
      { type: 'read', gid: B, seq: 2 },
    ]);
    // Sent and not moved since: nothing more, not even a timer's worth.
    reads.update();
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });

  it('nothing to say when the server has the cursor already', () => {
    const { reads, cursors, sent } = make();
    cursors[A] = 5;
    reads.confirm(A, 5);
    reads.update();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
    // A confirmation never goes back.
    reads.confirm(A, 2);
    reads.update();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });

  it('only conversations synced on the open socket; the others when they are', () => {
    const { reads, cursors, ready, sent } = make();
    ready.delete(A);
    cursors[A] = 4;
    reads.update();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
    ready.add(A);
    reads.update();
    vi.advanceTimersByTime(CHAT_READ_REPORT_MS);
    expect(sent).toEqual([{ type: 'read', gid: A, seq: 4 }]);
  });

  it('a report the server did not confirm goes again on the next socket; a confirmed one does not', () => {
    const { reads, cursors, sent } = make();
    cursors[A] = 4;
    cursors[B] = 7;
    reads.flush();
    expect(sent).toHaveLength(2);
    reads.confirm(B, 7);
    reads.disconnected();
    reads.update();
    vi.advanceTimersByTime(CHAT_READ_REPORT_MS);
    expect(sent.slice(2)).toEqual([{ type: 'read', gid: A, seq: 4 }]);
  });

  it('a report that could not be sent is tried again later', () => {
    const { reads, cursors, sent, net } = make();
    cursors[A] = 4;
    net.online = false;
    reads.flush();
    net.online = true;
    reads.update();
    vi.advanceTimersByTime(CHAT_READ_REPORT_MS);
    expect(sent).toEqual([{ type: 'read', gid: A, seq: 4 }]);
  });

  it('flush() reports at once and cancels the timer; dispose() stops it', () => {
    const { reads, cursors, sent } = make();
    cursors[A] = 1;
    reads.update();
    reads.flush();
    expect(sent).toEqual([{ type: 'read', gid: A, seq: 1 }]);
    cursors[A] = 2;
    reads.update();
    reads.dispose();
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(1);
  });
});
