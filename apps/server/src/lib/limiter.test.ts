import { describe, expect, it } from 'vitest';
import { createKeyedLimiter, createLimiter, LimiterBusy } from './limiter.js';

// The bounded queue behind the chat's image limits (modules/chat/chat.images.ts).

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('limiter', () => {
  it('runs at most `concurrency` tasks, the next in order, and refuses at once past maxWaiting', async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 1, waitMs: 5_000 });
    const order: string[] = [];
    const first = gate();
    const a = limiter.run(async () => {
      order.push('a start');
      await first.opened;
      order.push('a end');
    });
    const b = limiter.run(async () => {
      order.push('b');
    });
    await expect(limiter.run(async () => order.push('c'))).rejects.toBeInstanceOf(LimiterBusy);
    expect({ active: limiter.active, waiting: limiter.waiting }).toEqual({ active: 1, waiting: 1 });
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect({ active: limiter.active, waiting: limiter.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('gives up on a task that waited waitMs, and a failed task frees its slot', async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 5, waitMs: 30 });
    const first = gate();
    const a = limiter.run(() => first.opened);
    await expect(limiter.run(async () => 'late')).rejects.toBeInstanceOf(LimiterBusy);
    first.open();
    await a;
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'free again')).toBe('free again');
  });

  it('keyed: each key its own limit, forgotten when idle', async () => {
    const keyed = createKeyedLimiter({ concurrency: 1, maxWaiting: 0, waitMs: 1_000 });
    const first = gate();
    const a = keyed.run(1, () => first.opened);
    await expect(keyed.run(1, async () => undefined)).rejects.toBeInstanceOf(LimiterBusy);
    expect(await keyed.run(2, async () => 'other user')).toBe('other user');
    expect(keyed.size).toBe(1);
    first.open();
    await a;
    expect(keyed.size).toBe(0);
  });
});
