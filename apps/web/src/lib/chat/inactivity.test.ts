import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_END_CLEAR_MS, InactivityTimer } from './inactivity';

const GID = '11111111-2222-4333-8444-555555555555';

function make() {
  const calls: string[] = [];
  const timer = new InactivityTimer({
    onWarning: (gid, endsAt) => calls.push(`warning ${gid} ${endsAt}`),
    onTimeout: (gid) => calls.push(`timeout ${gid}`),
    onCleared: (gid) => calls.push(`cleared ${gid}`),
  });
  return { timer, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('InactivityTimer', () => {
  it('warns at 270 000 ms with 30 s to go, times out at 300 000 ms', () => {
    const { timer, calls } = make();
    timer.start(GID);
    expect(timer.running).toBe(true);
    vi.advanceTimersByTime(269_999);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([`warning ${GID} ${1_000_000 + 300_000}`]);
    vi.advanceTimersByTime(29_999);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([`warning ${GID} 1300000`, `timeout ${GID}`]);
    expect(timer.running).toBe(false);
  });

  it('activity ("continue", a message) starts the clock again', () => {
    const { timer, calls } = make();
    timer.start(GID);
    vi.advanceTimersByTime(280_000);
    expect(calls).toHaveLength(1);
    timer.start(GID);
    vi.advanceTimersByTime(269_999);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(30_000);
    expect(calls.at(-1)).toBe(`timeout ${GID}`);
  });

  it('ended: the clock stops; the conversation id is cleared 2 s later', () => {
    const { timer, calls } = make();
    timer.start(GID);
    vi.advanceTimersByTime(100_000);
    timer.ended(GID);
    vi.advanceTimersByTime(CHAT_END_CLEAR_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([`cleared ${GID}`]);
    vi.advanceTimersByTime(400_000);
    expect(calls).toHaveLength(1);
  });

  it('a new conversation cancels the pending clear; dispose stops everything', () => {
    const { timer, calls } = make();
    timer.ended(GID);
    timer.cancelClear();
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
    timer.start(GID);
    timer.ended(GID);
    timer.dispose();
    vi.advanceTimersByTime(400_000);
    expect(calls).toEqual([]);
  });

  it('stop() ends the clock without a word', () => {
    const { timer, calls } = make();
    timer.start(GID);
    timer.stop();
    vi.advanceTimersByTime(400_000);
    expect(calls).toEqual([]);
  });
});
