import type { TLocale } from '@cubeshop/shared';
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
  /**
   * Several texts in one call, the answers in the same order (LibreTranslate takes `q` as an
   * array). A provider that has it gets batches when its calls in flight reach the cap.
   */
  translateMany?(texts: string[], from: TLocale, to: TLocale, timeoutMs?: number): Promise<string[]>;
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
  /** Keep-alive connections to the provider (default: its calls in flight, translateConcurrency). */
  connections?: number;
}

export const DEFAULT_TRANSLATE_TIMEOUT_MS = 5_000;
/**
 * Provider calls in flight at most per instance (TRANSLATE_CONCURRENCY unset), by what a call
 * carries. One text a call: throughput is about this ÷ provider latency, and 256 keeps a 200 ms
 * provider up with 1,000 messages/s. Batches (chat.translator.ts): while calls are in flight a
 * text waits up to TRANSLATE_BATCH_WINDOW_MS for others; at 1,000 messages/s and 200 ms that is
 * ~20 calls of ~10 texts in flight rather than ~200 of one text, whose answers in bursts cost the
 * originals more event-loop time than the chat itself.
 */
export const DEFAULT_TRANSLATE_CONCURRENCY = { single: 256, batched: 32 } as const;
/** Texts in one batched call at most. */
export const MAX_TRANSLATE_BATCH = 50;
/** How long a text may wait for others to share its call while calls are in flight. */
export const TRANSLATE_BATCH_WINDOW_MS = 10;

/**
 * Texts waiting for a free provider slot at most (the queue's bound). Past it the provider is
 * behind (or the server too busy to take its answers): a new message is sent flagged untranslated
 * at once rather than queued, so translation sheds load and never holds the originals back. Far
 * above what a provider that keeps up leaves waiting (a window's worth of texts).
 */
export const TRANSLATE_QUEUE_BOUND = 200;

/** Calls in flight by default for this provider (batches or one text a call). */
export function translateConcurrency(provider: Pick<TranslationProvider, 'translateMany'>): number {
  return provider.translateMany ? DEFAULT_TRANSLATE_CONCURRENCY.batched : DEFAULT_TRANSLATE_CONCURRENCY.single;
}
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
export function nothingToTranslate(protectedText: string): boolean {
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

/**
 * LibreTranslate: POST {q, source, target, format: 'text', api_key?} to <url>/translate ->
 * {translatedText}; `q` an array of texts answers an array in the same order.
 */
export function libreTranslateProvider(options: TranslateProviderOptions): TranslationProvider {
  const endpoint = `${baseUrl(options.url)}/translate`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  const http = createJsonClient({ connectTimeoutMs: timeoutMs, connections: options.connections ?? DEFAULT_TRANSLATE_CONCURRENCY.batched });
  const post = async (q: string | string[], from: TLocale, to: TLocale, callTimeoutMs: number): Promise<unknown> => {
    const body: Record<string, unknown> = { q, source: from, target: to, format: 'text' };
    if (options.apiKey) body.api_key = options.apiKey;
    const json = (await http.post(endpoint, body, {}, Math.min(callTimeoutMs, timeoutMs))) as { translatedText?: unknown };
    return json?.translatedText;
  };
  return {
    name: 'libretranslate',
    async translate(text, from, to, callTimeoutMs = timeoutMs) {
      const out = await post(text, from, to, callTimeoutMs);
      if (typeof out !== 'string') throw new Error('translation provider answer has no translatedText');
      return out;
    },
    async translateMany(texts, from, to, callTimeoutMs = timeoutMs) {
      if (texts.length === 1) return [await this.translate(texts[0]!, from, to, callTimeoutMs)];
      const out = await post(texts, from, to, callTimeoutMs);
      if (!Array.isArray(out) || out.length !== texts.length || !out.every((x) => typeof x === 'string')) {
        throw new Error(`translation provider answer has no translatedText for each of ${texts.length} texts`);
      }
      return out;
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
  const http = createJsonClient({ connectTimeoutMs: timeoutMs, connections: options.connections ?? DEFAULT_TRANSLATE_CONCURRENCY.single });
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
