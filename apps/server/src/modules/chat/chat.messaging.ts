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
import { detectLanguage, otherLocale, type Translator } from './chat.translate.js';

/**
 * Members' messages: checked (text rules, image by content), translated once into the other
 * language, stored with the next seq, then published. A resend of a stored id is acknowledged
 * again and stored and sent nowhere; another user reusing the id is refused. Also the history
 * and a message's translation on request.
 */

export interface SendInput {
  gid: string;
  id?: string | undefined;
  content?: string | undefined;
  /** Data URL or base64 of an image. */
  image?: string | undefined;
  /**
   * Epoch ms (real time) by which the message must go out: translation gives up at this point
   * and the message is sent untranslated. Default: 5 s from now.
   */
  deadline?: number | undefined;
}

export interface SendResult {
  gid: string;
  id: string;
  seq: number;
  timestamp: number;
  duplicate: boolean;
}

export interface MessagingDeps {
  repo: Pick<ChatRepository, 'findMessage' | 'appendMessage' | 'messagesAfter' | 'messageById' | 'addTranslation'>;
  bus: Pick<ChatBus, 'publish'>;
  translator: Pick<Translator, 'mode' | 'translate'>;
  images: Pick<ChatImageStore, 'save'>;
  groups: Pick<ChatGroups, 'classify'>;
  queue: Pick<SerialQueue, 'run'>;
  clock: ChatClock;
}

export function createMessaging({ repo, bus, translator, images, groups, queue, clock }: MessagingDeps) {
  const now = () => new Date(clock.now());

  /** The stored message with this id, acknowledged again (duplicate) when it is the sender's. */
  async function resend(gid: string, id: string, uid: number): Promise<SendResult> {
    const stored = await repo.findMessage(gid, id);
    if (!stored) throw new ChatError('internal');
    if (stored.senderId !== uid) throw new ChatError('duplicate_id');
    return { gid, id, seq: stored.seq, timestamp: stored.createdAt.getTime(), duplicate: true };
  }

  async function imageMessage(actor: ChatActor, id: string, image: string): Promise<NewMessage> {
    let url: string;
    try {
      url = (await images.save(image)).url;
    } catch (err) {
      if (err instanceof ChatImageError) throw new ChatError(err.code);
      throw err;
    }
    return { id, senderId: actor.uid, senderName: actor.uname, kind: 'image', content: '', image: url, language: null, translations: [] };
  }

  async function textMessage(actor: ChatActor, id: string, text: string, deadline: number | undefined): Promise<NewMessage> {
    const problem = chatTextProblem(text);
    if (problem) throw new ChatError(problem);
    const content = text.trim();
    const language = detectLanguage(content, actor.language);
    const translations: NewMessage['translations'] = [];
    if (language && translator.mode === 'on') {
      const target = otherLocale(language);
      const translated = await translator.translate(content, language, target, deadline);
      if (translated !== null) translations.push({ language: target, text: translated });
    }
    return { id, senderId: actor.uid, senderName: actor.uname, kind: 'text', content, image: null, language, translations };
  }

  return {
    /**
     * Stores a message and sends it out. A resend of a stored id is acknowledged again and not
     * sent twice. Text is translated into the other language before it is stored (a failed
     * translation is not stored: receivers get the original with translateError).
     */
    send(actor: ChatActor, input: SendInput): Promise<SendResult> {
      return queue.run(input.gid, async () => {
        const { gid } = input;
        const id = input.id ?? randomUUID();
        // A resend is caught by the unique (gid, id) index when it is stored; look first only
        // when that saves real work (an image to re-encode, a text to translate).
        const costly = input.image !== undefined || translator.mode === 'on';
        if (input.id && costly && (await repo.findMessage(gid, id))) return resend(gid, id, actor.uid);

        const m = input.image !== undefined ? await imageMessage(actor, id, input.image) : await textMessage(actor, id, input.content ?? '', input.deadline);

        const at = now();
        let seq: number | null;
        try {
          seq = await repo.appendMessage(gid, { ...m, senderId: actor.uid }, at, !actor.admin);
        } catch (err) {
          if (isUniqueViolation(err)) return resend(gid, id, actor.uid);
          throw err;
        }
        if (seq === null) throw new ChatError(await groups.classify(gid, actor.uid));
        bus.publish({ k: 'msg', m: delivered(gid, seq, m, at) });
        return { gid, id, seq, timestamp: at.getTime(), duplicate: false };
      });
    },

    /** Stored messages after a seq (up to upTo), oldest first. */
    history(gid: string, after: number, limit: number, upTo?: number): Promise<DeliveredMessage[]> {
      return repo.messagesAfter(gid, after, limit, upTo);
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
