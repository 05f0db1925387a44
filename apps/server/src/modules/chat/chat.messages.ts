import { randomUUID } from 'node:crypto';
import { CHAT_SYSTEM_NAME, type TChatMessageFrame, type TLocale } from '@cubeshop/shared';
import { message, type MessageKey } from '../../lib/messages.js';
import type { DeliveredMessage } from './chat.bus.js';
import { chatImageAddress } from './chat.images.js';
import type { NewMessage } from './chat.repository.js';
import { otherLocale } from './chat.translate.js';

/**
 * The shapes a chat message takes, all pure: to be stored (NewMessage), on the bus
 * (DeliveredMessage), and as the frame one reader gets (TChatMessageFrame).
 */

/** A message the server writes: in the buyer's language, with the other language stored as its translation. */
export function systemMessage(key: MessageKey, language: TLocale, params: Record<string, string | number> = {}): NewMessage {
  const other = otherLocale(language);
  return {
    id: randomUUID(),
    senderId: null,
    senderName: CHAT_SYSTEM_NAME,
    kind: 'system',
    content: message(key, language, params),
    image: null,
    language,
    translations: [{ language: other, text: message(key, other, params) }],
  };
}

/** The conversation's language as stored (zh unless en). */
export function conversationLocale(row: { language: string }): TLocale {
  return row.language === 'en' ? 'en' : 'zh';
}

/** A stored message as it travels on the bus. */
export function delivered(gid: string, seq: number, m: NewMessage, at: Date): DeliveredMessage {
  return {
    gid,
    seq,
    id: m.id,
    kind: m.kind,
    content: m.content,
    image: m.image,
    uid: m.senderId ?? 0,
    uname: m.senderName,
    timestamp: at.getTime(),
    language: m.language,
    translations: Object.fromEntries(m.translations.map((t) => [t.language, t.text])),
  };
}

/** The frame a reader in `language` gets; mode says whether machine translation is on. */
export function renderMessage(m: DeliveredMessage, language: TLocale, mode: 'on' | 'off'): TChatMessageFrame {
  const translated = m.language === null || m.language === language ? m.content : m.translations[language];
  if (m.kind === 'system') {
    // The shop's own words (greeting, "... is now serving you", ended) are written in both
    // languages when stored: each reader gets theirs as the text itself, translation or not.
    const own = translated ?? m.content;
    return {
      gid: m.gid,
      id: m.id,
      seq: m.seq,
      kind: 'system',
      content: own,
      image: m.image,
      uid: m.uid,
      uname: m.uname,
      timestamp: m.timestamp,
      source: own,
      translate: own,
      language,
      translation: mode,
    };
  }
  const frame: TChatMessageFrame = {
    gid: m.gid,
    id: m.id,
    seq: m.seq,
    kind: m.kind,
    content: m.content,
    image: chatImageAddress(m.gid, m.image),
    uid: m.uid,
    uname: m.uname,
    timestamp: m.timestamp,
    source: m.content,
    translate: translated ?? m.content,
    language: m.language,
    translation: mode,
  };
  if (translated === undefined && mode === 'on') {
    if (m.pending) frame.translatePending = true;
    else frame.translateError = true;
  }
  return frame;
}
