import { randomUUID } from 'node:crypto';
import { chatTextProblem, type TLocale } from '@cubeshop/shared';
import type { ChatBus, DeliveredMessage } from './chat.bus.js';
import type { ChatActor, ChatClock } from './chat.context.js';
import { ChatError } from './chat.errors.js';
import type { ChatGroups } from './chat.groups.js';
import { ChatImageError, type ChatImageStore } from './chat.images.js';
import { delivered } from './chat.messages.js';
import { isUniqueViolation, type ChatRepository, type NewMessage } from './chat.repository.js';
import type { SerialQueue } from './chat.serial.js';
import { detectLanguage, otherLocale } from './chat.translate.js';
import type { Translator } from './chat.translator.js';

/**
 * Members' messages: checked (text rules, image by content), stored with the next seq and
 * published at once; a text is then translated into the other language in the background, and
 * the translation is stored on the message and published as an update of it (bus event `tr`,
 * the `translated` frame), so a slow or failing provider never delays the original; while the
 * provider's queue is full, a text goes out flagged untranslated instead (shed). A resend of a
 * stored id is acknowledged again and stored, sent and translated nowhere; another user reusing
 * the id is refused. Also the history and a message's translation on request.
 */

export interface SendInput {
  gid: string;
  id?: string | undefined;
  content?: string | undefined;
  /** Data URL or base64 of an image. */
  image?: string | undefined;
}

export interface SendResult {
  gid: string;
  id: string;
  seq: number;
  timestamp: number;
  duplicate: boolean;
}

export interface MessagingDeps {
  repo: Pick<ChatRepository, 'findMessage' | 'appendMessage' | 'messagesAfter' | 'messageById' | 'addTranslation' | 'addTranslations'>;
  bus: Pick<ChatBus, 'publish'>;
  translator: Pick<Translator, 'mode' | 'translate' | 'full' | 'shed'>;
  images: Pick<ChatImageStore, 'save' | 'admit'>;
  groups: Pick<ChatGroups, 'classify'>;
  queue: Pick<SerialQueue, 'run'>;
  clock: ChatClock;
  /** A background translation could not be stored (it is published all the same). */
  onError?: (err: unknown) => void;
}

export function createMessaging({ repo, bus, translator, images, groups, queue, clock, onError = () => undefined }: MessagingDeps) {
  const now = () => new Date(clock.now());
  /** Background translations still running (settled() waits for them: shutdown, tests). */
  const translating = new Set<Promise<void>>();

  // Translations are stored in batches: one statement in flight at a time, and what arrives
  // meanwhile goes into the next (one row at a time when quiet, hundreds per statement under
  // load, so a busy provider does not double the database round trips per message).
  type Write = { row: { gid: string; seq: number; language: TLocale; text: string }; done: (err?: unknown) => void };
  const writes: Write[] = [];
  let writing = false;
  async function flushWrites() {
    writing = true;
    while (writes.length) {
      // At most 1,000 rows a statement (5 parameters each, far below PostgreSQL's 65,535).
      const batch = writes.splice(0, 1_000);
      let failure: unknown;
      try {
        await repo.addTranslations(
          batch.map((w) => w.row),
          now(),
        );
      } catch (err) {
        failure = err ?? new Error('storing translations failed');
      }
      for (const w of batch) w.done(failure);
    }
    writing = false;
  }
  const storeTranslation = (row: Write['row']) =>
    new Promise<void>((resolve, reject) => {
      writes.push({
        row,
        done: (err) => (err === undefined ? resolve() : reject(err instanceof Error ? err : new Error('storing translations failed', { cause: err }))),
      });
      if (!writing) void flushWrites();
    });

  /**
   * Translations published but not stored yet, by conversation and seq: history() (a catch-up
   * after a reconnect) reads them too, so a translation is never missing in between.
   */
  const unstored = new Map<string, Map<number, { language: TLocale; text: string }>>();

  /**
   * Translates a stored text into the other language, outside the conversation's queue (the
   * next messages do not wait for it), publishes the result and stores it on the message; a
   * failure is published too (receivers show the original with translateError). Published
   * before it is stored: waiting for the write put the database's slowest moments (hundreds of
   * ms under load) into every translation's arrival.
   */
  function translateLater(gid: string, seq: number, m: NewMessage & { language: TLocale }) {
    const language = otherLocale(m.language);
    const job = (async () => {
      const text = await translator.translate(m.content, m.language, language);
      if (text === null) {
        bus.publish({ k: 'tr', gid, id: m.id, seq, language, text: m.content, failed: true });
        return;
      }
      let kept = unstored.get(gid);
      if (!kept) unstored.set(gid, (kept = new Map<number, { language: TLocale; text: string }>()));
      kept.set(seq, { language, text });
      bus.publish({ k: 'tr', gid, id: m.id, seq, language, text });
      try {
        await storeTranslation({ gid, seq, language, text });
      } catch (err) {
        onError(err);
      } finally {
        kept.delete(seq);
        if (!kept.size && unstored.get(gid) === kept) unstored.delete(gid);
      }
    })().catch(onError);
    translating.add(job);
    void job.finally(() => translating.delete(job));
  }

  /** The stored message with this id, acknowledged again (duplicate) when it is the sender's. */
  async function resend(gid: string, id: string, uid: number): Promise<SendResult> {
    const stored = await repo.findMessage(gid, id);
    if (!stored) throw new ChatError('internal');
    if (stored.senderId !== uid) throw new ChatError('duplicate_id');
    return { gid, id, seq: stored.seq, timestamp: stored.createdAt.getTime(), duplicate: true };
  }

  async function imageMessage(actor: ChatActor, gid: string, id: string, image: string): Promise<NewMessage> {
    let url: string;
    try {
      url = (await images.save(image, gid)).url;
    } catch (err) {
      if (err instanceof ChatImageError) throw new ChatError(err.code);
      throw err;
    }
    return { id, senderId: actor.uid, senderName: actor.uname, kind: 'image', content: '', image: url, language: null, translations: [] };
  }

  function textMessage(actor: ChatActor, id: string, text: string): NewMessage {
    const problem = chatTextProblem(text);
    if (problem) throw new ChatError(problem);
    const content = text.trim();
    const language = detectLanguage(content, actor.language);
    return { id, senderId: actor.uid, senderName: actor.uname, kind: 'text', content, image: null, language, translations: [] };
  }

  /** Checks, stores and publishes one message, after the conversation's earlier steps on this instance. */
  function store(actor: ChatActor, input: SendInput): Promise<SendResult> {
    return queue.run(input.gid, async () => {
      const { gid } = input;
      const id = input.id ?? randomUUID();
      // A resend is caught by the unique (gid, id) index when it is stored; look first only
      // when that saves real work (an image to re-encode).
      if (input.id && input.image !== undefined && (await repo.findMessage(gid, id))) return resend(gid, id, actor.uid);

      const m = input.image !== undefined ? await imageMessage(actor, gid, id, input.image) : textMessage(actor, id, input.content ?? '');

      const at = now();
      let seq: number | null;
      try {
        seq = await repo.appendMessage(gid, { ...m, senderId: actor.uid }, at, !actor.agent);
      } catch (err) {
        if (isUniqueViolation(err)) return resend(gid, id, actor.uid);
        throw err;
      }
      if (seq === null) throw new ChatError(await groups.classify(gid, actor.uid));
      const { language } = m;
      // Overload (the provider's queue is full): the message goes out flagged untranslated at once,
      // like after a failed call, and costs no provider call, no second frame and no row (shed
      // load; a reader may still ask for its translation later).
      const wanted = language !== null && translator.mode === 'on';
      const shed = wanted && translator.full?.() === true;
      if (shed) translator.shed?.();
      const translate = wanted && !shed;
      bus.publish({ k: 'msg', m: translate ? { ...delivered(gid, seq, m, at), pending: true } : delivered(gid, seq, m, at) });
      if (translate) translateLater(gid, seq, { ...m, language });
      return { gid, id, seq, timestamp: at.getTime(), duplicate: false };
    });
  }

  /** An image message, admitted first: one per user at a time (a third at once is `image_busy`). */
  async function admitImage(actor: ChatActor, input: SendInput): Promise<SendResult> {
    try {
      return await images.admit(actor.uid, () => store(actor, input));
    } catch (err) {
      if (err instanceof ChatImageError) throw new ChatError(err.code);
      throw err;
    }
  }

  return {
    /**
     * Stores a message and sends it out at once. A resend of a stored id is acknowledged again
     * and not sent twice. A text's translation follows as an update (translateLater): receivers
     * get the original with translatePending, then a `translated` event.
     */
    send(actor: ChatActor, input: SendInput): Promise<SendResult> {
      // An image is expensive to check: one per user at a time (chat.images.ts), before it queues.
      if (input.image !== undefined) return admitImage(actor, input);
      return store(actor, input);
    },

    /** Waits for the background translations running now, at most timeoutMs (shutdown, tests). */
    async settled(timeoutMs = 10_000): Promise<void> {
      if (!translating.size) return;
      await Promise.race([Promise.all([...translating]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },

    /** Stored messages after a seq (up to upTo), oldest first, with translations still being stored. */
    async history(gid: string, after: number, limit: number, upTo?: number): Promise<DeliveredMessage[]> {
      const messages = await repo.messagesAfter(gid, after, limit, upTo);
      const kept = unstored.get(gid);
      if (kept) {
        for (const m of messages) {
          const t = kept.get(m.seq);
          if (t && m.translations[t.language] === undefined) m.translations = { ...m.translations, [t.language]: t.text };
        }
      }
      return messages;
    },

    /** One message in `language`: the stored translation, or one made now and stored. */
    async translateMessage(gid: string, id: string, language: TLocale): Promise<{ seq: number; text: string; failed: boolean }> {
      const m = await repo.messageById(gid, id);
      if (!m) throw new ChatError('bad_frame');
      if (m.language === null || m.language === language) return { seq: m.seq, text: m.content, failed: false };
      const stored = m.translations[language];
      if (stored !== undefined) return { seq: m.seq, text: stored, failed: false };
      if (translator.mode === 'off') return { seq: m.seq, text: m.content, failed: false };
      const text = await translator.translate(m.content, m.language, language);
      if (text === null) return { seq: m.seq, text: m.content, failed: true };
      await repo.addTranslation(gid, m.seq, language, text, now());
      return { seq: m.seq, text, failed: false };
    },
  };
}
export type Messaging = ReturnType<typeof createMessaging>;
