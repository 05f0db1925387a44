import type { TLocale } from '@cubeshop/shared';
import { LRUCache } from 'lru-cache';
import { createJsonClient } from './chat.provider-http.js';

/**
 * Machine translation of chat messages (zh <-> en) behind one small interface, with three
 * providers: LibreTranslate, any OpenAI-compatible chat-completions endpoint, and none.
 *
 * Emoji, URLs, e-mail addresses and numbers (with the model names around them: GAN356, 3x3,
 * 5.7cm) must come back exactly as they were, so they are swapped for numbered placeholders
 * ([[0]], [[1]] ...) before the text goes out and put back afterwards.
 */

export type TranslateProviderName = 'none' | 'libretranslate' | 'openai';

export interface TranslationProvider {
  readonly name: TranslateProviderName;
  /**
   * The text in `to`. Rejects on a timeout (timeoutMs, else the provider's default), a non-2xx
   * answer or an answer of the wrong shape.
   */
  translate(text: string, from: TLocale, to: TLocale, timeoutMs?: number): Promise<string>;
  /** Closes its connections (shutdown). */
  close?(): Promise<void>;
}

export interface TranslateProviderOptions {
  provider: TranslateProviderName;
  url?: string | undefined;
  apiKey?: string | undefined;
  model?: string | undefined;
  /** Milliseconds before a call counts as failed (default 5000). */
  timeoutMs?: number;
  /** Keep-alive connections to the provider (default DEFAULT_TRANSLATE_CONCURRENCY). */
  connections?: number;
}

export const DEFAULT_TRANSLATE_TIMEOUT_MS = 5_000;
/**
 * Provider calls in flight at most per instance (TRANSLATE_CONCURRENCY). Throughput is about
 * this ÷ provider latency: 256 keeps a 200 ms provider up with 1,000 messages/s.
 */
export const DEFAULT_TRANSLATE_CONCURRENCY = 256;
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

const LANGUAGE_NAMES: Record<TLocale, string> = { zh: 'Simplified Chinese', en: 'English' };

export function otherLocale(locale: TLocale): TLocale {
  return locale === 'zh' ? 'en' : 'zh';
}

// ---------------------------------------------------------------------------------------------
// placeholders

/**
 * URL | e-mail | emoji (flags, keycaps, ZWJ sequences, skin tones, variation selectors) | a
 * word-like token (69, 1,000, 5.7, 12:30, 50%, 3x3, GAN356, #A-1024); a token is only protected
 * when it has a digit. Order matters: the first alternative that fits wins.
 */
const PROTECTED =
  /(?:https?:\/\/|www\.)[^\s<>"'\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)*|\p{Emoji_Modifier}|#?[A-Za-z0-9]+(?:(?:[-_./:]|(?<=\d),(?=\d{3}))[A-Za-z0-9]+)*%?/gu;
/** Punctuation that ends a sentence rather than a URL ("see www.x.com."). */
const TRAILING = /[.,:;!?]+$/;
/** What makes a match worth protecting. */
const WORTH = /[0-9@\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u20E3]|^(?:https?:\/\/|www\.)/u;

export interface Protected {
  /** The text with placeholders. */
  text: string;
  /** What each placeholder stands for, by index. */
  tokens: string[];
}

export function protectText(text: string): Protected {
  const tokens: string[] = [];
  const out = text.replace(PROTECTED, (match) => {
    const trail = TRAILING.exec(match)?.[0] ?? '';
    const core = trail ? match.slice(0, -trail.length) : match;
    if (!core || !WORTH.test(core)) return match;
    tokens.push(core);
    return `[[${tokens.length - 1}]]${trail}`;
  });
  return { text: out, tokens };
}

/**
 * Puts the protected pieces back. Tolerates what translators do to placeholders: spaces inside,
 * full-width brackets (【【0】】, ［［0］］), single brackets. A placeholder the translator dropped is
 * appended at the end so nothing is lost.
 */
export function restoreText(translated: string, tokens: string[]): string {
  if (!tokens.length) return translated;
  const used = new Set<number>();
  const out = translated.replace(/[[［【]\s*[[［【]?\s*(\d{1,4})\s*[\]］】]\s*[\]］】]?/g, (whole, index: string) => {
    const i = Number(index);
    const token = tokens[i];
    if (token === undefined) return whole;
    used.add(i);
    return token;
  });
  const missing = tokens.filter((_, i) => !used.has(i));
  return missing.length ? `${out} ${missing.join(' ')}` : out;
}

/** True when nothing but placeholders, spaces and punctuation is left: no need to translate. */
function nothingToTranslate(protectedText: string): boolean {
  return !/[\p{L}]/u.test(protectedText.replace(/\[\[\d+\]\]/g, ''));
}

/**
 * The language a chat text is written in: zh when it has more Han characters than Latin words,
 * en when it has Latin words, the sender's language on a tie, and null when it has neither (emoji,
 * numbers, a URL): such a text reads the same in both languages.
 */
export function detectLanguage(text: string, hint: TLocale): TLocale | null {
  const plain = protectText(text).text.replace(/\[\[\d+\]\]/g, ' ');
  const han = plain.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latinWords = plain.match(/\p{Script=Latin}+/gu)?.length ?? 0;
  if (!han && !latinWords) return null;
  if (han > latinWords) return 'zh';
  if (latinWords > han) return 'en';
  return hint;
}

// ---------------------------------------------------------------------------------------------
// providers

function baseUrl(url: string | undefined): string {
  if (!url) throw new Error('TRANSLATE_URL is required');
  return url.replace(/\/+$/, '');
}

/** LibreTranslate: POST {q, source, target, format: 'text', api_key?} to <url>/translate -> {translatedText}. */
export function libreTranslateProvider(options: TranslateProviderOptions): TranslationProvider {
  const endpoint = `${baseUrl(options.url)}/translate`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  const http = createJsonClient({ connectTimeoutMs: timeoutMs, connections: options.connections ?? DEFAULT_TRANSLATE_CONCURRENCY });
  return {
    name: 'libretranslate',
    async translate(text, from, to, callTimeoutMs = timeoutMs) {
      const body: Record<string, string> = { q: text, source: from, target: to, format: 'text' };
      if (options.apiKey) body.api_key = options.apiKey;
      const json = (await http.post(endpoint, body, {}, Math.min(callTimeoutMs, timeoutMs))) as { translatedText?: unknown };
      if (typeof json?.translatedText !== 'string') throw new Error('translation provider answer has no translatedText');
      return json.translatedText;
    },
    close: () => http.close(),
  };
}

export function translationPrompt(from: TLocale, to: TLocale): string {
  return [
    `You translate customer-service chat messages of an online shop for magic cubes from ${LANGUAGE_NAMES[from]} to ${LANGUAGE_NAMES[to]}.`,
    'Translate faithfully and completely: do not add, drop, explain or answer anything, keep the tone.',
    'Keep emoji, URLs, e-mail addresses, numbers, product model names and placeholders such as [[0]] exactly as they are.',
    'Reply with the translation only.',
  ].join(' ');
}

/** Any OpenAI-compatible endpoint: POST <url>/chat/completions, temperature 0 -> choices[0].message.content. */
export function openAiProvider(options: TranslateProviderOptions): TranslationProvider {
  const endpoint = `${baseUrl(options.url)}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const http = createJsonClient({ connectTimeoutMs: timeoutMs, connections: options.connections ?? DEFAULT_TRANSLATE_CONCURRENCY });
  return {
    name: 'openai',
    async translate(text, from, to, callTimeoutMs = timeoutMs) {
      const json = (await http.post(
        endpoint,
        {
          model,
          temperature: 0,
          messages: [
            { role: 'system', content: translationPrompt(from, to) },
            { role: 'user', content: text },
          ],
        },
        headers,
        Math.min(callTimeoutMs, timeoutMs),
      )) as { choices?: { message?: { content?: unknown } }[] };
      const content = json?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new Error('translation provider answer has no message content');
      return content.trim();
    },
    close: () => http.close(),
  };
}

export function createTranslationProvider(options: TranslateProviderOptions): TranslationProvider | null {
  if (options.provider === 'libretranslate') return libreTranslateProvider(options);
  if (options.provider === 'openai') return openAiProvider(options);
  return null;
}

// ---------------------------------------------------------------------------------------------
// translator: placeholders, a cache, a concurrency cap, a timeout and a breaker around a provider

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
  /** Closes the provider's connections (shutdown). */
  close(): Promise<void>;
}

export interface TranslatorOptions {
  /** Calls in flight at most; more wait their turn (default DEFAULT_TRANSLATE_CONCURRENCY). */
  concurrency?: number;
  /**
   * Time a translation may take when the caller gives no deadline, waiting for a free slot
   * included (default 5000). Past it the translation counts as failed.
   */
  budgetMs?: number;
  /** After this many failures in a row, skip the provider for breakMs (translations fail at once). */
  failuresToBreak?: number;
  breakMs?: number;
  /** Translations kept per instance, least recently used go first (default 10,000; 0: no cache). */
  cacheEntries?: number;
  /** How long a cached translation is used (default 1 hour). */
  cacheTtlMs?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
}

/** A small counting semaphore: a slot within waitMs, or false when the wait ran out. */
function createPool(size: number) {
  let active = 0;
  const queue: ((granted: boolean) => void)[] = [];
  return {
    acquire: (waitMs: number) =>
      new Promise<boolean>((resolve) => {
        if (active < size) {
          active++;
          resolve(true);
          return;
        }
        const waiter = (granted: boolean) => {
          clearTimeout(timer);
          resolve(granted);
        };
        const timer = setTimeout(() => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          resolve(false);
        }, waitMs);
        queue.push(waiter);
      }),
    release() {
      const next = queue.shift();
      if (next) next(true);
      else active--;
    },
  };
}

export function createTranslator(provider: TranslationProvider | null, options: TranslatorOptions = {}): Translator {
  if (!provider) {
    return { mode: 'off', translate: async () => null, close: async () => undefined };
  }
  const budgetMs = options.budgetMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  const failuresToBreak = options.failuresToBreak ?? 5;
  const breakMs = options.breakMs ?? 30_000;
  const now = options.now ?? Date.now;
  const pool = createPool(options.concurrency ?? DEFAULT_TRANSLATE_CONCURRENCY);
  const cacheEntries = options.cacheEntries ?? 10_000;
  // Keyed by languages and the text with placeholders: "order 1024 shipped" and "order 2048
  // shipped" are one entry. Only answers are kept: after a failure the next asks again. A plain
  // LRU plus a map of calls in flight rather than lib/cache.ts's LoadingCache, whose loads each
  // make an AbortController: measurable at a thousand misses a second.
  const cache = cacheEntries > 0 ? new LRUCache<string, string>({ max: cacheEntries, ttl: options.cacheTtlMs ?? 3_600_000 }) : null;
  const inFlight = new Map<string, Promise<string>>();
  let failures = 0;
  let openUntil = 0;

  /** One provider call within the pool and the deadline; rejects when it failed or ran out of time. */
  async function call(text: string, from: TLocale, to: TLocale, deadline: number): Promise<string> {
    if (openUntil > now()) throw new Error('translation provider skipped after repeated failures');
    if (deadline - Date.now() < 100 || !(await pool.acquire(deadline - Date.now()))) {
      throw new Error('translation skipped: its time ran out waiting for the provider');
    }
    const remaining = deadline - Date.now();
    if (remaining < 100) {
      pool.release();
      throw new Error('translation skipped: its time ran out waiting for the provider');
    }
    // The slot is held until the call really ends (the cap stays a cap); the caller waits at
    // most `remaining`, whatever the provider does with its timeout.
    const pending = provider!.translate(text, from, to, remaining);
    void pending.then(pool.release, pool.release);
    let timer: NodeJS.Timeout | undefined;
    try {
      const out = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`translation took longer than ${remaining} ms`)), remaining);
        }),
      ]);
      failures = 0;
      return out;
    } catch (err) {
      failures++;
      if (failures >= failuresToBreak) {
        openUntil = now() + breakMs;
        failures = 0;
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    mode: 'on',
    close: async () => {
      await provider.close?.();
    },
    async translate(text, from, to, deadline = Date.now() + budgetMs) {
      if (from === to) return text;
      const prepared = protectText(text);
      if (nothingToTranslate(prepared.text)) return text;
      const key = `${from}:${to}:${prepared.text}`;
      const hit = cache?.get(key);
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
        options.onError?.(err);
        return null;
      }
    },
  };
}
