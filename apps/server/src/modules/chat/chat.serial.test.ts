import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './chat.serial.js';

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('serial queue', () => {
  it('runs the work of one key one after another, in the order asked', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const first = deferred();
    const a = queue.run('g', async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
      return 'a';
    });
    const b = queue.run('g', async () => {
      log.push('b');
      return 'b';
    });
    await tick();
    expect(log).toEqual(['a start']);
    first.resolve();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('runs different keys side by side', async () => {
    const queue = createSerialQueue();
    const blocked = deferred();
    const log: string[] = [];
    void queue.run('g1', () => blocked.promise);
    await queue.run('g2', async () => log.push('g2'));
    expect(log).toEqual(['g2']);
    await tick();
    // g2's chain is forgotten once done; g1's is still running.
    expect(queue.busy).toBe(1);
    blocked.resolve();
    await queue.drain();
    await tick();
    expect(queue.busy).toBe(0);
  });

  it("a failure is the caller's alone: the work behind it still runs", async () => {
    const queue = createSerialQueue();
    const failed = queue.run('g', () => Promise.reject(new Error('boom')));
    const next = queue.run('g', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
  });

  it('drain waits for the work in flight, at most timeoutMs', async () => {
    const queue = createSerialQueue();
    await queue.drain();
    const slow = deferred();
    let done = false;
    void queue.run('g', async () => {
      await slow.promise;
      done = true;
    });
    const started = Date.now();
    await queue.drain(50);
    expect(done).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    setTimeout(() => slow.resolve(), 10);
    await queue.drain(2_000);
    expect(done).toBe(true);
  });
});
