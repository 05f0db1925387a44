/**
 * At most `concurrency` tasks at a time, the others waiting in order: at most `maxWaiting` of them
 * and each at most `waitMs`. A task that cannot wait is refused at once with LimiterBusy, so a
 * flood queues a bounded amount of work and its senders hear "busy" instead of a silence.
 */
export class LimiterBusy extends Error {
  constructor() {
    super('busy');
    this.name = 'LimiterBusy';
  }
}

export interface LimiterOptions {
  concurrency: number;
  maxWaiting: number;
  waitMs: number;
}

export function createLimiter({ concurrency, maxWaiting, waitMs }: LimiterOptions) {
  let active = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  function acquire(): Promise<void> {
    if (active < concurrency) {
      active++;
      return Promise.resolve();
    }
    if (waiting.length >= maxWaiting) return Promise.reject(new LimiterBusy());
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new LimiterBusy());
        }, waitMs),
      };
      waiting.push(entry);
    });
  }

  function release(): void {
    const next = waiting.shift();
    if (!next) {
      active--;
      return;
    }
    // The slot passes straight to the next task: `active` stays as it is.
    clearTimeout(next.timer);
    next.start();
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running now. */
    get active(): number {
      return active;
    },
    /** Tasks waiting now. */
    get waiting(): number {
      return waiting.length;
    },
  };
}
export type Limiter = ReturnType<typeof createLimiter>;

/** One limiter per key (a user): made when first needed, dropped when idle. */
export function createKeyedLimiter(options: LimiterOptions) {
  const limiters = new Map<string | number, Limiter>();
  return {
    async run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
      let limiter = limiters.get(key);
      if (!limiter) limiters.set(key, (limiter = createLimiter(options)));
      try {
        return await limiter.run(task);
      } finally {
        if (limiter.active === 0 && limiter.waiting === 0 && limiters.get(key) === limiter) limiters.delete(key);
      }
    },
    /** Keys with tasks running or waiting. */
    get size(): number {
      return limiters.size;
    },
  };
}
