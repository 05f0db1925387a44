import { describe, expect, it } from 'vitest';
import type { TLocale } from '@cubeshop/shared';
import type { TranslationProvider } from './chat.translate.js';
import { createTranslator } from './chat.translator.js';

const tick = () => new Promise((r) => setImmediate(r));

/** A batching provider whose calls wait until the test answers them, oldest first. */
function heldBatches() {
  const calls: { texts: string[]; from: TLocale; to: TLocale; answer: (fail?: boolean) => void }[] = [];
  const provider: TranslationProvider = {
    name: 'libretranslate',
    translate: () => Promise.reject(new Error('batching provider: translateMany only')),
    translateMany: (texts, from, to) =>
      new Promise((resolve, reject) => {
        calls.push({ texts, from, to, answer: (fail) => (fail ? reject(new Error('down')) : resolve(texts.map((t) => `<${to}> ${t}`))) });
      }),
  };
  return { provider, calls };
}

describe('translator', () => {
  it('protects before and restores after the provider, and skips texts with nothing to translate', async () => {
    const calls: string[] = [];
    const fake: TranslationProvider = {
      name: 'libretranslate',
      translate: async (text) => {
        calls.push(text);
        return `I want [[0]] cubes [[1]], see [[2]]`;
      },
    };
    const t = createTranslator(fake);
    expect(await t.translate('我要 3 个魔方 👍，看 https://x.cn/a', 'zh', 'en')).toBe('I want 3 cubes 👍, see https://x.cn/a');
    expect(calls).toEqual(['我要 [[0]] 个魔方 [[1]]，看 [[2]]']);
    expect(await t.translate('👍 12', 'zh', 'en')).toBe('👍 12');
    expect(calls).toHaveLength(1);
  });

  it('returns null on failure, and after five failures in a row stops asking for a while', async () => {
    let calls = 0;
    let now = 1_000;
    const t = createTranslator(
      {
        name: 'openai',
        translate: async () => {
          calls++;
          throw new Error('down');
        },
      },
      { now: () => now, breakMs: 30_000 },
    );
    for (let i = 0; i < 5; i++) expect(await t.translate('hello', 'en', 'zh')).toBeNull();
    expect(calls).toBe(5);
    expect(await t.translate('hello', 'en', 'zh')).toBeNull();
    expect(calls).toBe(5);
    now += 30_001;
    await t.translate('hello', 'en', 'zh');
    expect(calls).toBe(6);
  });

  it('keeps to its time budget when the provider is busy: a message waits at most that long', async () => {
    const t = createTranslator(
      { name: 'libretranslate', translate: () => new Promise((r) => setTimeout(() => r('slow'), 400)) },
      { concurrency: 1, budgetMs: 150 },
    );
    const started = Date.now();
    const [first, second] = await Promise.all([t.translate('hello', 'en', 'zh'), t.translate('world', 'en', 'zh')]);
    // The first got the slot but ran past the budget; the second never got a slot in time.
    expect(first).toBeNull();
    expect(second).toBeNull();
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('caches translations per language pair: a repeated text (numbers aside) calls the provider once', async () => {
    const calls: string[] = [];
    const t = createTranslator({
      name: 'libretranslate',
      translate: async (text, _from, to) => {
        calls.push(`${to}:${text}`);
        return `<${to}> ${text}`;
      },
    });
    expect(await t.translate('Your order 1024 has shipped', 'en', 'zh')).toBe('<zh> Your order 1024 has shipped');
    expect(await t.translate('Your order 2048 has shipped', 'en', 'zh')).toBe('<zh> Your order 2048 has shipped');
    expect(calls).toEqual(['zh:Your order [[0]] has shipped']);
    // Another pair is another entry.
    expect(await t.translate('你好', 'zh', 'en')).toBe('<en> 你好');
    expect(calls).toHaveLength(2);
  });

  it('shares one provider call among identical texts asked for at once, and keeps no failure', async () => {
    let calls = 0;
    let fail = true;
    const answers: (() => void)[] = [];
    const t = createTranslator({
      name: 'libretranslate',
      translate: (text) =>
        new Promise((resolve, reject) => {
          calls++;
          answers.push(() => (fail ? reject(new Error('down')) : resolve(`[${text}]`)));
        }),
    });
    const both = Promise.all([t.translate('hello', 'en', 'zh'), t.translate('hello', 'en', 'zh')]);
    await new Promise((r) => setImmediate(r));
    expect(calls).toBe(1);
    answers[0]!();
    expect(await both).toEqual([null, null]);
    fail = false;
    const again = t.translate('hello', 'en', 'zh');
    await new Promise((r) => setImmediate(r));
    answers[1]!();
    expect(await again).toBe('[hello]');
    expect(calls).toBe(2);
  });

  it('is off without a provider', async () => {
    const t = createTranslator(null);
    expect(t.mode).toBe('off');
    expect(await t.translate('hello', 'en', 'zh')).toBeNull();
  });
});

describe('translator batches', () => {
  it('without a window: sends a text at once while a call slot is free, then gathers the waiting texts into the next free call', async () => {
    const { provider, calls } = heldBatches();
    const t = createTranslator(provider, { concurrency: 2, windowMs: 0 });
    const first = [t.translate('one', 'en', 'zh'), t.translate('two', 'en', 'zh')];
    await tick();
    expect(calls.map((c) => c.texts)).toEqual([['one'], ['two']]);
    const waiting = ['three', 'four', 'five'].map((text) => t.translate(text, 'en', 'zh'));
    await tick();
    expect(calls).toHaveLength(2);
    calls[0]!.answer();
    expect(await first[0]).toBe('<zh> one');
    await tick();
    expect(calls.map((c) => c.texts)).toEqual([['one'], ['two'], ['three', 'four', 'five']]);
    calls[2]!.answer();
    // Each caller gets its own text's answer, in the order the provider gave them.
    expect(await Promise.all(waiting)).toEqual(['<zh> three', '<zh> four', '<zh> five']);
    calls[1]!.answer();
    expect(await first[1]).toBe('<zh> two');
  });

  it('keeps a batch to maxBatch texts and to one language pair, the longest-waiting pair first', async () => {
    const { provider, calls } = heldBatches();
    const t = createTranslator(provider, { concurrency: 1, maxBatch: 2 });
    const all = [
      t.translate('busy', 'en', 'zh'),
      t.translate('a', 'en', 'zh'),
      t.translate('你好', 'zh', 'en'),
      t.translate('b', 'en', 'zh'),
      t.translate('c', 'en', 'zh'),
    ];
    for (let i = 0; i < 4; i++) {
      await tick();
      calls[i]!.answer();
    }
    expect(await Promise.all(all)).toEqual(['<zh> busy', '<zh> a', '<en> 你好', '<zh> b', '<zh> c']);
    expect(calls.map((c) => `${c.from}>${c.to}:${c.texts.join('|')}`)).toEqual(['en>zh:busy', 'en>zh:a|b', 'zh>en:你好', 'en>zh:c']);
  });

  it('fails every text of a failed batch, counting it as one failure for the breaker', async () => {
    const { provider, calls } = heldBatches();
    const t = createTranslator(provider, { concurrency: 1, failuresToBreak: 2 });
    const busy = t.translate('busy', 'en', 'zh');
    const batch = ['x', 'y', 'z'].map((text) => t.translate(text, 'en', 'zh'));
    await tick();
    calls[0]!.answer();
    await busy;
    await tick();
    calls[1]!.answer(true);
    expect(await Promise.all(batch)).toEqual([null, null, null]);
    // One failed call so far: the provider is still asked.
    const next = t.translate('again', 'en', 'zh');
    await tick();
    expect(calls).toHaveLength(3);
    calls[2]!.answer(true);
    expect(await next).toBeNull();
    // Two in a row: skipped now.
    expect(await t.translate('skipped', 'en', 'zh')).toBeNull();
    expect(calls).toHaveLength(3);
  });

  it('lets a text waiting for a slot go at its deadline without taking it out of a later batch by mistake', async () => {
    const { provider, calls } = heldBatches();
    const t = createTranslator(provider, { concurrency: 1 });
    const busy = t.translate('busy', 'en', 'zh');
    const late = t.translate('late', 'en', 'zh', Date.now() + 150);
    const later = t.translate('later', 'en', 'zh');
    expect(await late).toBeNull();
    calls[0]!.answer();
    await busy;
    await tick();
    expect(calls[1]!.texts).toEqual(['later']);
    calls[1]!.answer();
    expect(await later).toBe('<zh> later');
  });

  it('bounds the texts waiting for a slot: past maxWaiting a text fails at once, and full() says so until the queue drains', async () => {
    const { provider, calls } = heldBatches();
    const t = createTranslator(provider, { concurrency: 1, windowMs: 0, maxWaiting: 2 });
    const sent = t.translate('sent', 'en', 'zh');
    const waiting = [t.translate('a', 'en', 'zh'), t.translate('b', 'en', 'zh')];
    await tick();
    expect(calls.map((c) => c.texts)).toEqual([['sent']]);
    expect(t.full?.()).toBe(true);
    const started = Date.now();
    expect(await t.translate('c', 'en', 'zh')).toBeNull();
    expect(Date.now() - started).toBeLessThan(50);
    expect(t.stats?.()).toMatchObject({ waiting: 2, failed: 1 });
    calls[0]!.answer();
    expect(await sent).toBe('<zh> sent');
    await tick();
    expect(t.full?.()).toBe(false);
    expect(calls[1]!.texts).toEqual(['a', 'b']);
    calls[1]!.answer();
    expect(await Promise.all(waiting)).toEqual(['<zh> a', '<zh> b']);
    expect(t.stats?.()).toMatchObject({ waiting: 0 });
  });

  it('sends a text at once when nothing is in flight; while calls are, gathers texts for the window, or until a batch is full', async () => {
    const { provider, calls } = heldBatches();
    const t = createTranslator(provider, { concurrency: 8, windowMs: 40, maxBatch: 3 });
    const first = t.translate('first', 'en', 'zh');
    await tick();
    expect(calls.map((c) => c.texts)).toEqual([['first']]);
    // A call is in flight: the next texts wait for the window, though slots are free.
    const windowed = [t.translate('a', 'en', 'zh'), t.translate('b', 'en', 'zh')];
    await tick();
    expect(calls).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.map((c) => c.texts)).toEqual([['first'], ['a', 'b']]);
    // A full batch does not wait for the window.
    const full = ['c', 'd', 'e'].map((text) => t.translate(text, 'en', 'zh'));
    await tick();
    expect(calls.map((c) => c.texts)).toEqual([['first'], ['a', 'b'], ['c', 'd', 'e']]);
    for (const c of calls) c.answer();
    expect(await Promise.all([first, ...windowed, ...full])).toEqual(['first', 'a', 'b', 'c', 'd', 'e'].map((x) => `<zh> ${x}`));
  });
});
