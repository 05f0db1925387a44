import type { TLocale } from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import type { CacheStats } from '../../lib/cache.js';
import {
  DEFAULT_TRANSLATE_TIMEOUT_MS,
  MAX_TRANSLATE_BATCH,
  TRANSLATE_BATCH_WINDOW_MS,
  TRANSLATE_QUEUE_BOUND,
  nothingToTranslate,
  protectText,
  restoreText,
  translateConcurrency,
  type TranslationProvider,
} from './chat.translate.js';

/**
 * The translator around a provider (chat.translate.ts): placeholders, a cache per language pair,
 * identical texts sharing one call, a cap on calls in flight with batches when the provider takes
 * them, a deadline per text and a breaker after repeated failures.
 */

export interface Translator {
  /** 'off' when no provider is configured. */
  readonly mode: 'on' | 'off';
  /**
   * The text in `to`, or null when the provider failed or the deadline (epoch ms; default now +
   * the budget) passed first. Never rejects. A text translated before (same languages, same
   * words once numbers, URLs and emoji are set aside) comes from the cache; identical texts asked
   * for at the same time share one provider call.
   */
  translate(text: string, from: TLocale, to: TLocale, deadline?: number): Promise<string | null>;
  /**
   * True when the texts waiting for the provider reached their bound (maxWaiting): a text that
   * needs a provider call now fails at once, so a new message is better sent flagged untranslated
   * (and counted with shed()). Absent when no provider is configured.
   */
  full?(): boolean;
  /** Counts a message sent flagged untranslated because the provider's queue was full. */
  shed?(): void;
  /** Closes the provider's connections (shutdown). */
  close(): Promise<void>;
  /** Counts since start (metrics); absent when no provider is configured. */
  stats?(): Readonly<TranslatorStats>;
}

export interface TranslatorStats {
  /** Calls made to the provider (a batch is one call), and those that failed or timed out. */
  calls: number;
  callFailures: number;
  /** Texts that came back untranslated (provider failure, deadline, breaker open). */
  failed: number;
  /** Texts waiting for a free provider slot now. */
  waiting: number;
  /** Messages sent flagged untranslated under overload (shed load). */
  shed: number;
}

export interface TranslatorOptions {
  /**
   * Provider calls in flight at most; more texts wait their turn, in batches when the provider
   * takes them (default translateConcurrency(provider)).
   */
  concurrency?: number;
  /** Texts in one batched call at most (default MAX_TRANSLATE_BATCH). */
  maxBatch?: number;
  /** Texts waiting for a slot at most; past it a text fails at once (default TRANSLATE_QUEUE_BOUND). */
  maxWaiting?: number;
  /**
   * Batching providers: while calls are in flight, a text waits up to this long for others to
   * share its call (default TRANSLATE_BATCH_WINDOW_MS; 0: only when every slot is taken).
   */
  windowMs?: number;
  /**
   * Time a translation may take when the caller gives no deadline, waiting for a free slot
   * included (default 5000). Past it the translation counts as failed.
   */
  budgetMs?: number;
  /** After this many failed calls in a row, skip the provider for breakMs (translations fail at once). */
  failuresToBreak?: number;
  breakMs?: number;
  /** Translations kept per instance, least recently used go first (default 10,000; 0: no cache). */
  cacheEntries?: number;
  /** How long a cached translation is used (default 1 hour). */
  cacheTtlMs?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
  /** Hit and miss counts of the translation cache (metrics), as 'chat.translations'. */
  cacheStats?: CacheStats | undefined;
}

const RAN_OUT = 'translation skipped: its time ran out waiting for the provider';
const QUEUE_FULL = 'translation skipped: too many texts waiting for the provider';

/** A text waiting for the provider, with what its caller waits on. */
interface Waiting {
  text: string;
  deadline: number;
  order: number;
  /** Handed to the provider (else still waiting for a slot). */
  sent: boolean;
  settled: boolean;
  timer: NodeJS.Timeout;
  resolve: (text: string) => void;
  reject: (err: Error) => void;
}

/**
 * Provider calls with a cap on those in flight. One text a call: a text goes out at once while a
 * slot is free, else it waits for the next. Batches: a text goes out at once when no call is in
 * flight (a quiet chat waits for nothing); otherwise it waits in its language pair's queue until
 * the window ends, the queue holds maxBatch texts, or no call is in flight any more, and then each
 * free slot takes the longest-waiting pair's next texts (up to maxBatch). Waiting for a window
 * rather than for a slot to free keeps calls spread out: slots freed by answers only would
 * gather the calls into waves a provider's latency apart, a text waiting up to a whole wave.
 * Every caller waits until its own deadline at most, whatever the provider does; a call holds its
 * slot until it really ends, so the cap stays a cap.
 */
function createDispatcher(
  provider: TranslationProvider,
  { calls, maxBatch, maxWaiting, windowMs, onCall }: { calls: number; maxBatch: number; maxWaiting: number; windowMs: number; onCall: (ok: boolean) => void },
) {
  const many = provider.translateMany?.bind(provider);
  const size = many ? maxBatch : 1;
  const windowed = Boolean(many) && windowMs > 0;
  const queues = new Map<string, Waiting[]>();
  let active = 0;
  let order = 0;
  /** Texts queued for a slot (not yet sent, not given up). */
  let queued = 0;
  /** The window ended (or slots ran out) with texts still waiting: the next free slot takes them. */
  let due = false;
  let windowTimer: NodeJS.Timeout | null = null;

  const ready = () => {
    if (!windowed || due || active === 0) return true;
    for (const queue of queues.values()) if (queue.length >= size) return true;
    return false;
  };

  const settle = (w: Waiting, err: Error | null, text?: string) => {
    if (w.settled) return;
    w.settled = true;
    if (!w.sent) queued--;
    clearTimeout(w.timer);
    if (err) w.reject(err);
    else w.resolve(text!);
  };

  /** The oldest pair's next live texts, or null when nothing waits. */
  function next(): { pair: string; batch: Waiting[] } | null {
    let pair: string | null = null;
    let oldest = Infinity;
    for (const [key, queue] of queues) {
      while (queue.length && queue[0]!.settled) queue.shift();
      if (!queue.length) queues.delete(key);
      else if (queue[0]!.order < oldest) [pair, oldest] = [key, queue[0]!.order];
    }
    if (pair === null) return null;
    const queue = queues.get(pair)!;
    const batch: Waiting[] = [];
    while (queue.length && batch.length < size) {
      const w = queue.shift()!;
      if (w.settled) continue;
      w.sent = true;
      queued--;
      batch.push(w);
    }
    if (!queue.length) queues.delete(pair);
    return { pair, batch };
  }

  async function send(pair: string, batch: Waiting[]) {
    const [from, to] = pair.split(':') as [TLocale, TLocale];
    const now = Date.now();
    const live = batch.filter((w) => {
      if (w.deadline - now >= 100) return true;
      settle(w, new Error(RAN_OUT));
      return false;
    });
    if (!live.length) return;
    const remaining = Math.max(...live.map((w) => w.deadline)) - now;
    const texts = live.map((w) => w.text);
    try {
      const out = many ? await many(texts, from, to, remaining) : [await provider.translate(texts[0]!, from, to, remaining)];
      onCall(true);
      live.forEach((w, i) => settle(w, null, out[i]));
    } catch (err) {
      onCall(false);
      const error = err instanceof Error ? err : new Error(String(err));
      for (const w of live) settle(w, error);
    }
  }

  function pump() {
    while (active < calls) {
      const job = next();
      if (!job) break;
      active++;
      void send(job.pair, job.batch).finally(() => {
        active--;
        if (ready()) pump();
      });
    }
    // Texts left over (every slot taken) go with the next slot that frees.
    due = queues.size > 0;
  }

  function arrived() {
    if (ready()) pump();
    else
      windowTimer ??= setTimeout(() => {
        windowTimer = null;
        pump();
      }, windowMs);
  }

  return {
    /** Texts queued for a slot (not yet sent, not given up). */
    waiting: () => queued,
    full: () => queued >= maxWaiting,
    call: (text: string, from: TLocale, to: TLocale, deadline: number) =>
      new Promise<string>((resolve, reject) => {
        const wait = deadline - Date.now();
        if (wait < 100 || queued >= maxWaiting) {
          reject(new Error(wait < 100 ? RAN_OUT : QUEUE_FULL));
          return;
        }
        const w: Waiting = { text, deadline, order: order++, sent: false, settled: false, resolve, reject, timer: undefined as unknown as NodeJS.Timeout };
        w.timer = setTimeout(() => settle(w, new Error(w.sent ? `translation took longer than ${wait} ms` : RAN_OUT)), wait);
        const pair = `${from}:${to}`;
        let queue = queues.get(pair);
        if (!queue) queues.set(pair, (queue = []));
        queue.push(w);
        queued++;
        arrived();
      }),
  };
}

export function createTranslator(provider: TranslationProvider | null, options: TranslatorOptions = {}): Translator {
  if (!provider) {
    return { mode: 'off', translate: () => Promise.resolve(null), close: () => Promise.resolve() };
  }
  const budgetMs = options.budgetMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  const failuresToBreak = options.failuresToBreak ?? 5;
  const breakMs = options.breakMs ?? 30_000;
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  const counts = { calls: 0, callFailures: 0, failed: 0, shed: 0 };
  const dispatcher = createDispatcher(provider, {
    calls: options.concurrency ?? translateConcurrency(provider),
    maxBatch: options.maxBatch ?? MAX_TRANSLATE_BATCH,
    maxWaiting: options.maxWaiting ?? TRANSLATE_QUEUE_BOUND,
    windowMs: options.windowMs ?? TRANSLATE_BATCH_WINDOW_MS,
    onCall(ok) {
      counts.calls++;
      if (!ok) counts.callFailures++;
      if (ok) failures = 0;
      else if (++failures >= failuresToBreak) {
        openUntil = now() + breakMs;
        failures = 0;
      }
    },
  });
  const cacheEntries = options.cacheEntries ?? 10_000;
  // Keyed by languages and the text with placeholders: "order 1024 shipped" and "order 2048
  // shipped" are one entry. Only answers are kept: after a failure the next asks again. A plain
  // LRU plus a map of calls in flight rather than lib/cache.ts's LoadingCache, whose loads each
  // make an AbortController: measurable at a thousand misses a second.
  const cache = cacheEntries > 0 ? new LRUCache<string, string>({ max: cacheEntries, ttl: options.cacheTtlMs ?? 3_600_000 }) : null;
  const inFlight = new Map<string, Promise<string>>();
  const cacheCounts = cache && options.cacheStats ? options.cacheStats.of('chat.translations') : undefined;

  /** One text through the dispatcher within the deadline; rejects when it failed or ran out of time. */
  function call(text: string, from: TLocale, to: TLocale, deadline: number): Promise<string> {
    if (openUntil > now()) return Promise.reject(new Error('translation provider skipped after repeated failures'));
    return dispatcher.call(text, from, to, deadline);
  }

  return {
    mode: 'on',
    close: async () => {
      await provider.close?.();
    },
    stats: () => ({ ...counts, waiting: dispatcher.waiting() }),
    full: dispatcher.full,
    shed: () => void counts.shed++,
    async translate(text, from, to, deadline = Date.now() + budgetMs) {
      if (from === to) return text;
      const prepared = protectText(text);
      if (nothingToTranslate(prepared.text)) return text;
      const key = `${from}:${to}:${prepared.text}`;
      const hit = cache?.get(key);
      if (cacheCounts) {
        if (hit !== undefined) cacheCounts.hits++;
        else cacheCounts.misses++;
      }
      if (hit !== undefined) return restoreText(hit, prepared.tokens);
      try {
        let pending = inFlight.get(key);
        if (!pending) {
          const started = call(prepared.text, from, to, deadline);
          pending = started;
          inFlight.set(key, started);
          started.then(
            (out) => {
              inFlight.delete(key);
              cache?.set(key, out);
            },
            () => inFlight.delete(key),
          );
        }
        return restoreText(await pending, prepared.tokens);
      } catch (err) {
        counts.failed++;
        options.onError?.(err);
        return null;
      }
    },
  };
}
