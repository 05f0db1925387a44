import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_COUNTDOWN_S, CHAT_END_MS, CHAT_WARNING_MS } from '@cubeshop/shared';
import type { BusEvent } from './chat.bus.js';
import type { ChatActor } from './chat.context.js';
import { ChatError } from './chat.errors.js';
import { createIdleRule, createIdleSweeper } from './chat.idle.js';

const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'zh' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'en' };
const NOW = 10_000_000;

interface Idle {
  gid: string;
  language: string;
  lastActivityAt: Date;
  warnedAt: Date | null;
}
const idle = (gid: string, idleMs: number, warned = false): Idle => ({
  gid,
  language: 'zh',
  lastActivityAt: new Date(NOW - idleMs),
  warnedAt: warned ? new Date(NOW - 1) : null,
});

function setup(rows: Idle[], options: { claim?: (gid: string) => boolean; end?: (gid: string) => boolean } = {}) {
  const published: BusEvent[] = [];
  const log = { error: vi.fn() };
  const repo = {
    touchActivity: vi.fn(async (gid: string) => gid === 'mine'),
    idleSince: vi.fn(async () => rows),
    claimWarning: vi.fn(async (gid: string) => options.claim?.(gid) ?? true),
  };
  const end = vi.fn(async (gid: string) => {
    if (gid === 'broken') throw new Error('database down');
    return (options.end?.(gid) ?? true) ? ({ gid } as never) : null;
  });
  const rule = createIdleRule({
    repo,
    bus: { publish: (e) => published.push(e) },
    conversations: { end },
    groups: { classify: async () => 'ended' },
    clock: { now: () => NOW },
    log,
  });
  return { rule, repo, end, published, log };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('idle rule', () => {
  it('looks at conversations idle since the warning time, by the chat clock', async () => {
    const { rule, repo } = setup([]);
    expect(await rule.sweep()).toEqual({ warned: [], ended: [] });
    expect(repo.idleSince).toHaveBeenCalledWith(new Date(NOW - CHAT_WARNING_MS));
  });

  it('warns once per idle period: the one instance that claims it tells every member when it ends', async () => {
    const { rule, repo, published } = setup([idle('a', CHAT_WARNING_MS), idle('b', CHAT_WARNING_MS + 1, true), idle('c', CHAT_WARNING_MS + 2)], {
      claim: (gid) => gid !== 'c',
    });
    expect(await rule.sweep()).toEqual({ warned: ['a'], ended: [] });
    expect(repo.claimWarning).toHaveBeenCalledTimes(2);
    expect(repo.claimWarning).toHaveBeenCalledWith('a', new Date(NOW - CHAT_WARNING_MS), new Date(NOW));
    expect(published).toEqual([
      { k: 'gid', gid: 'a', frame: { type: 'inactivity_warning', gid: 'a', countdownS: CHAT_COUNTDOWN_S, endsAt: NOW - CHAT_WARNING_MS + CHAT_END_MS } },
    ]);
  });

  it('ends what has been idle for the whole time (warned or not), only where the buyer was idle since the cut-off', async () => {
    const { rule, end, published } = setup([idle('a', CHAT_END_MS), idle('b', CHAT_END_MS + 5_000, true), idle('c', CHAT_END_MS)], {
      end: (gid) => gid !== 'c',
    });
    expect(await rule.sweep()).toEqual({ warned: [], ended: ['a', 'b'] });
    expect(end).toHaveBeenCalledWith('a', 'inactivity_timeout', new Date(NOW - CHAT_END_MS));
    expect(published).toEqual([]);
  });

  it('a failure on one conversation is logged, and the others are still looked at', async () => {
    const { rule, log } = setup([idle('broken', CHAT_END_MS), idle('next', CHAT_END_MS)]);
    expect(await rule.sweep()).toEqual({ warned: [], ended: ['next'] });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ gid: 'broken' }), expect.any(String));
  });

  it('"continue" restarts the clock of the buyer\'s own open conversation only', async () => {
    const { rule, repo } = setup([]);
    await rule.markActive(buyer, 'mine');
    expect(repo.touchActivity).toHaveBeenCalledWith('mine', 1, new Date(NOW));
    await expect(rule.markActive(buyer, 'other')).rejects.toThrow(ChatError);
    await expect(rule.markActive(buyer, 'other')).rejects.toMatchObject({ reason: 'ended' });
    await expect(rule.markActive(agent, 'mine')).rejects.toMatchObject({ reason: 'not_buyer' });
  });
});

describe('idle sweeper', () => {
  it('sweeps every interval once started, one pass at a time, until stopped', async () => {
    vi.useFakeTimers();
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const sweep = vi.fn(async () => {
      overlapped ||= running > 0;
      running++;
      await new Promise((r) => setTimeout(r, 1_500));
      running--;
      passes++;
    });
    const sweeper = createIdleSweeper({ sweep, intervalMs: 1_000, log: { error: vi.fn() } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sweep).not.toHaveBeenCalled();
    sweeper.start();
    sweeper.start();
    await vi.advanceTimersByTimeAsync(3_000);
    sweeper.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    await sweeper.settled();
    expect(overlapped).toBe(false);
    // Three ticks were asked for; each pass waited for the one before.
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(passes).toBe(3);
  });

  it('a failed pass is logged and the next one runs', async () => {
    const log = { error: vi.fn() };
    const sweep = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined);
    const sweeper = createIdleSweeper({ sweep, intervalMs: 1_000, log });
    await sweeper.runNow();
    await sweeper.runNow();
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
