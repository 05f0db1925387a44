import { describe, expect, it, vi } from 'vitest';
import type { TLocale } from '@cubeshop/shared';
import type { BusEvent, DeliveredMessage } from './chat.bus.js';
import type { ChatActor } from './chat.context.js';
import { ChatError, type ChatErrorCode } from './chat.errors.js';
import { ChatImageError } from './chat.images.js';
import { renderMessage } from './chat.messages.js';
import { createMessaging, type MessagingDeps } from './chat.messaging.js';
import type { NewMessage } from './chat.repository.js';
import { createSerialQueue } from './chat.serial.js';

const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'zh' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'en' };
const NOW = 70_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Row {
  seq: number;
  m: NewMessage & { senderId: number };
  at: Date;
}

/** Conversation `g` in memory: appendMessage takes the next seq; ids are unique per conversation. */
function setup(
  options: {
    translation?: 'on' | 'off';
    translate?: (text: string, from: TLocale, to: TLocale) => Promise<string | null>;
    open?: boolean;
    refusal?: ChatErrorCode;
    /** The translator's queue is full. */
    full?: () => boolean;
  } = {},
) {
  const rows: Row[] = [];
  const translations: { seq: number; language: TLocale; text: string }[] = [];
  const published: BusEvent[] = [];
  const translate = vi.fn(options.translate ?? (async (text: string, _from: TLocale, to: TLocale) => `<${to}> ${text}`));
  const shed = vi.fn();
  const save = vi.fn(async (image: string) => {
    if (image === 'not an image') throw new ChatImageError('not_image');
    return { url: '/api/chat/images/g/abc.webp', bytes: 10, width: 1, height: 1 };
  });
  const classify = vi.fn(async () => options.refusal ?? 'ended');
  const toDelivered = (r: Row): DeliveredMessage => ({
    gid: 'g',
    seq: r.seq,
    id: r.m.id,
    kind: r.m.kind,
    content: r.m.content,
    image: r.m.image,
    uid: r.m.senderId,
    uname: r.m.senderName,
    timestamp: r.at.getTime(),
    language: r.m.language,
    translations: Object.fromEntries([...r.m.translations, ...translations.filter((t) => t.seq === r.seq)].map((t) => [t.language, t.text])),
  });
  const repo: MessagingDeps['repo'] = {
    findMessage: vi.fn(async (_gid: string, id: string) => {
      const r = rows.find((x) => x.m.id === id);
      return r && { seq: r.seq, senderId: r.m.senderId, createdAt: r.at };
    }),
    appendMessage: vi.fn(async (_gid: string, m: NewMessage & { senderId: number }, at: Date) => {
      if (options.open === false) return null;
      if (rows.some((r) => r.m.id === m.id)) throw Object.assign(new Error('duplicate key'), { cause: { code: '23505' } });
      rows.push({ seq: rows.length + 1, m, at });
      return rows.length;
    }),
    messagesAfter: vi.fn(async (_gid: string, after: number) => rows.filter((r) => r.seq > after).map(toDelivered)),
    messageById: vi.fn(async (_gid: string, id: string) => {
      const r = rows.find((x) => x.m.id === id);
      return r && toDelivered(r);
    }),
    addTranslation: vi.fn(async (_gid: string, seq: number, language: TLocale, text: string) => {
      translations.push({ seq, language, text });
    }),
    addTranslations: vi.fn(async (list: { seq: number; language: TLocale; text: string }[]) => {
      for (const { seq, language, text } of list) translations.push({ seq, language, text });
    }),
  };
  const messaging = createMessaging({
    repo,
    bus: { publish: (e) => published.push(e) },
    translator: { mode: options.translation ?? 'on', translate, full: options.full ?? (() => false), shed },
    images: { save, admit: (_uid, task) => task() },
    groups: { classify },
    queue: createSerialQueue(),
    clock: { now: () => NOW },
  });
  return { messaging, repo, rows, published, translate, shed, save, classify };
}

const reason = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ChatError) return err.reason;
    throw err;
  }
  return 'no error';
};

describe('messaging', () => {
  it('stores a text trimmed and publishes it at once; its translation follows, stored on the message and published', async () => {
    const t = setup();
    const result = await t.messaging.send(buyer, { gid: 'g', id: 'c1d2e3f4-0000-4000-8000-000000000001', content: '  有货吗？ ' });
    expect(result).toEqual({ gid: 'g', id: 'c1d2e3f4-0000-4000-8000-000000000001', seq: 1, timestamp: NOW, duplicate: false });
    expect(t.rows[0]!.m).toMatchObject({ kind: 'text', content: '有货吗？', language: 'zh', senderId: 1, translations: [] });
    await t.messaging.settled();
    expect(t.translate).toHaveBeenCalledWith('有货吗？', 'zh', 'en');
    expect(t.repo.addTranslations).toHaveBeenCalledWith([{ gid: 'g', seq: 1, language: 'en', text: '<en> 有货吗？' }], new Date(NOW));
    expect(t.published).toEqual([
      {
        k: 'msg',
        m: {
          gid: 'g',
          seq: 1,
          id: result.id,
          kind: 'text',
          content: '有货吗？',
          image: null,
          uid: 1,
          uname: 'Mei',
          timestamp: NOW,
          language: 'zh',
          translations: {},
          pending: true,
        },
      },
      { k: 'tr', gid: 'g', id: result.id, seq: 1, language: 'en', text: '<en> 有货吗？' },
    ]);
    // History and catch-up read it with the translation from now on.
    expect((await t.messaging.history('g', 0, 10))[0]!.translations).toEqual({ en: '<en> 有货吗？' });
    // Buyers' messages restart the idle clock, agents' do not.
    expect(vi.mocked(t.repo.appendMessage).mock.calls[0]![3]).toBe(true);
    await t.messaging.send(agent, { gid: 'g', content: 'Yes' });
    expect(vi.mocked(t.repo.appendMessage).mock.calls[1]![3]).toBe(false);
  });

  it('makes an id when the client sent none', async () => {
    const t = setup();
    const result = await t.messaging.send(agent, { gid: 'g', content: 'Hello' });
    expect(result.id).toMatch(UUID);
    await t.messaging.settled();
    expect(t.translate).toHaveBeenCalledWith('Hello', 'en', 'zh');
  });

  it('acks and publishes the original without waiting for a slow provider; the translation follows when it comes', async () => {
    const answers: ((text: string) => void)[] = [];
    const t = setup({ translate: () => new Promise<string>((r) => answers.push(r)) });
    const result = await t.messaging.send(agent, { gid: 'g', content: 'Hello' });
    const second = await t.messaging.send(agent, { gid: 'g', content: 'Anyone there?' });
    expect([result.seq, second.seq]).toEqual([1, 2]);
    expect(t.published.map((e) => e.k)).toEqual(['msg', 'msg']);
    expect(t.repo.addTranslations).not.toHaveBeenCalled();
    // The second's translation comes first: each update names its message.
    answers[1]!('有人吗？');
    answers[0]!('你好');
    await t.messaging.settled();
    expect(t.published.slice(2)).toEqual([
      { k: 'tr', gid: 'g', id: second.id, seq: 2, language: 'zh', text: '有人吗？' },
      { k: 'tr', gid: 'g', id: result.id, seq: 1, language: 'zh', text: '你好' },
    ]);
  });

  it('stores translations that finish together in one statement, each published as it arrives', async () => {
    const answers: (() => void)[] = [];
    const t = setup({ translate: (text) => new Promise<string>((r) => answers.push(() => r(`<zh> ${text}`))) });
    for (const content of ['one', 'two', 'three']) await t.messaging.send(agent, { gid: 'g', content });
    for (const answer of answers) answer();
    await t.messaging.settled();
    // The first is written alone; the two that came while it was being written share the next.
    expect(vi.mocked(t.repo.addTranslations).mock.calls.map(([rows]) => rows.map((r) => r.seq))).toEqual([[1], [2, 3]]);
    expect(t.published.filter((e) => e.k === 'tr').map((e) => e.k === 'tr' && e.seq)).toEqual([1, 2, 3]);
    expect((await t.messaging.history('g', 0, 10)).map((m) => m.translations.zh)).toEqual(['<zh> one', '<zh> two', '<zh> three']);
  });

  it('publishes a translation before its write ends, and a catch-up in between reads it all the same', async () => {
    const t = setup();
    let finishWrite: () => void = () => undefined;
    const addTranslations = t.repo.addTranslations;
    vi.mocked(addTranslations).mockImplementationOnce(() => new Promise<void>((r) => (finishWrite = r)));
    const sent = await t.messaging.send(buyer, { gid: 'g', content: '有货吗？' });
    await vi.waitFor(() => expect(t.published.some((e) => e.k === 'tr')).toBe(true));
    expect(addTranslations).toHaveBeenCalledTimes(1);
    // Not stored yet (the write is held), yet the catch-up has it.
    expect((await t.messaging.history('g', 0, 10))[0]).toMatchObject({ seq: sent.seq, translations: { en: '<en> 有货吗？' } });
    finishWrite();
    await t.messaging.settled();
    // Once the write ended the stored rows answer (the held write stored nothing here), so the
    // kept copy is gone: history reads the store only.
    expect((await t.messaging.history('g', 0, 10))[0]!.translations).toEqual({});
  });

  it('a failed translation is published as failed (the original as its text) and nothing is stored', async () => {
    const failed = setup({ translate: async () => null });
    const { id } = await failed.messaging.send(buyer, { gid: 'g', content: '你好' });
    await failed.messaging.settled();
    expect(failed.rows[0]!.m.translations).toEqual([]);
    expect(failed.repo.addTranslations).not.toHaveBeenCalled();
    expect(failed.published[1]).toEqual({ k: 'tr', gid: 'g', id, seq: 1, language: 'en', text: '你好', failed: true });
  });

  it("sheds translation while the provider's queue is full: the original goes at once, flagged untranslated, and no update follows", async () => {
    let full = true;
    const t = setup({ full: () => full });
    const { id } = await t.messaging.send(buyer, { gid: 'g', content: '你好' });
    await t.messaging.settled();
    expect(t.translate).not.toHaveBeenCalled();
    expect(t.shed).toHaveBeenCalledTimes(1);
    expect(t.published).toHaveLength(1);
    const m = (t.published[0] as Extract<BusEvent, { k: 'msg' }>).m;
    expect(m).toMatchObject({ id, content: '你好', translations: {} });
    expect(m).not.toHaveProperty('pending');
    // Readers get it with translateError, as after a failed call.
    expect(renderMessage(m, 'en', 'on')).toMatchObject({ id, translate: '你好', translateError: true });
    expect(renderMessage(m, 'en', 'on')).not.toHaveProperty('translatePending');
    // Room again: the next message is translated as usual.
    full = false;
    await t.messaging.send(buyer, { gid: 'g', content: '谢谢' });
    await t.messaging.settled();
    expect(t.translate).toHaveBeenCalledWith('谢谢', 'zh', 'en');
    expect(t.published.slice(1)).toMatchObject([
      { k: 'msg', m: { pending: true } },
      { k: 'tr', text: '<en> 谢谢' },
    ]);
  });

  it('translates nothing when translation is off or the text needs none (no pending flag either)', async () => {
    const off = setup({ translation: 'off' });
    await off.messaging.send(buyer, { gid: 'g', content: '你好' });
    await off.messaging.settled();
    expect(off.translate).not.toHaveBeenCalled();
    expect(off.published).toHaveLength(1);
    expect(off.published[0]).not.toHaveProperty('m.pending');

    const emoji = setup();
    await emoji.messaging.send(buyer, { gid: 'g', content: '👍 69' });
    await emoji.messaging.settled();
    expect(emoji.translate).not.toHaveBeenCalled();
    expect(emoji.rows[0]!.m).toMatchObject({ language: null, translations: [] });
    expect(emoji.published).toHaveLength(1);
    expect(emoji.published[0]).not.toHaveProperty('m.pending');
  });

  it('refuses bad text before any work, and stores nothing', async () => {
    const t = setup();
    expect(await reason(t.messaging.send(buyer, { gid: 'g', content: '   ' }))).toBe('empty_text');
    expect(await reason(t.messaging.send(buyer, { gid: 'g', content: 'x'.repeat(2001) }))).toBe('text_too_long');
    expect(t.translate).not.toHaveBeenCalled();
    expect(t.rows).toEqual([]);
    expect(t.published).toEqual([]);
  });

  it('stores an image by its URL; a refused image is a chat refusal', async () => {
    const t = setup();
    await t.messaging.send(buyer, { gid: 'g', image: 'data:image/png;base64,AAAA' });
    expect(t.rows[0]!.m).toMatchObject({ kind: 'image', content: '', image: '/api/chat/images/g/abc.webp', language: null, translations: [] });
    expect(await reason(t.messaging.send(buyer, { gid: 'g', image: 'not an image' }))).toBe('not_image');
    expect(t.rows).toHaveLength(1);
  });

  it('a resend of a stored id is acked again, stored, published and translated nowhere', async () => {
    const t = setup();
    const id = 'c1d2e3f4-0000-4000-8000-000000000002';
    const first = await t.messaging.send(buyer, { gid: 'g', id, content: '你好' });
    const again = await t.messaging.send(buyer, { gid: 'g', id, content: '你好' });
    await t.messaging.settled();
    expect(again).toEqual({ ...first, duplicate: true });
    expect(t.translate).toHaveBeenCalledTimes(1);
    expect(t.rows).toHaveLength(1);
    expect(t.published.map((e) => e.k)).toEqual(['msg', 'tr']);
    expect(await reason(t.messaging.send(agent, { gid: 'g', id, content: 'mine?' }))).toBe('duplicate_id');
  });

  it('without translation a resend is caught by the unique index instead', async () => {
    const t = setup({ translation: 'off' });
    const id = 'c1d2e3f4-0000-4000-8000-000000000003';
    await t.messaging.send(buyer, { gid: 'g', id, content: 'hi' });
    expect(await t.messaging.send(buyer, { gid: 'g', id, content: 'hi' })).toMatchObject({ seq: 1, duplicate: true });
    expect(t.repo.findMessage).toHaveBeenCalledTimes(1);
    expect(t.published).toHaveLength(1);
  });

  it('a message the conversation does not take is refused with the reason', async () => {
    const t = setup({ open: false, refusal: 'forbidden_gid' });
    expect(await reason(t.messaging.send(buyer, { gid: 'g', content: 'hi' }))).toBe('forbidden_gid');
    expect(t.classify).toHaveBeenCalledWith('g', 1);
    expect(t.published).toEqual([]);
  });

  it("keeps one conversation's messages in the order they were sent, whatever translation takes", async () => {
    const delays: Record<string, number> = { first: 30, second: 0 };
    const t = setup({ translate: (text) => new Promise((r) => setTimeout(() => r(text), delays[text])) });
    const [a, b] = await Promise.all([t.messaging.send(agent, { gid: 'g', content: 'first' }), t.messaging.send(agent, { gid: 'g', content: 'second' })]);
    expect([a.seq, b.seq]).toEqual([1, 2]);
  });

  it('translates a stored message on request: stored one, none needed, made now and stored, or failed', async () => {
    let answer: string | null = 'Hello';
    const t = setup({ translate: async () => answer });
    const { id } = await t.messaging.send(buyer, { gid: 'g', content: '你好' });
    await t.messaging.settled();
    // The translation made after it was stored.
    expect(await t.messaging.translateMessage('g', id, 'en')).toEqual({ seq: 1, text: 'Hello', failed: false });
    expect(await t.messaging.translateMessage('g', id, 'zh')).toEqual({ seq: 1, text: '你好', failed: false });
    expect(await reason(t.messaging.translateMessage('g', 'unknown', 'en'))).toBe('bad_frame');

    answer = null;
    const { id: second } = await t.messaging.send(buyer, { gid: 'g', content: '再见' });
    await t.messaging.settled();
    expect(await t.messaging.translateMessage('g', second, 'en')).toEqual({ seq: 2, text: '再见', failed: true });
    answer = 'Bye';
    expect(await t.messaging.translateMessage('g', second, 'en')).toEqual({ seq: 2, text: 'Bye', failed: false });
    expect(t.repo.addTranslation).toHaveBeenCalledWith('g', 2, 'en', 'Bye', new Date(NOW));
    expect((await t.messaging.history('g', 1, 10))[0]!.translations).toEqual({ en: 'Bye' });

    const off = setup({ translation: 'off' });
    const { id: third } = await off.messaging.send(buyer, { gid: 'g', content: '你好' });
    expect(await off.messaging.translateMessage('g', third, 'en')).toEqual({ seq: 1, text: '你好', failed: false });
  });
});
