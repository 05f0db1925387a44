import { z } from 'zod';
import type { TLocale } from '../i18n/locale.js';
import { findInputProblem, textProblem } from '../validation/text.js';
import { ZChatGid, type TChatEndReason, type TChatGroup, type TChatPerson } from './api.js';

/**
 * The chat WebSocket protocol in one place (docs/requirements.md, API, WebSocket chat, plus what it
 * leaves open). docs/chat.md tells the story; this file is the contract.
 *
 *   connect   GET /ws?token=T&language=zh|en[&since=N | &since=<gid>:N,<gid>:N]
 *   client -> server   JSON objects, see ChatClientFrameMap (a message frame carries no type)
 *   server -> client   a message object, an array of message objects (catch-up, history), or an
 *                      event object with a string `type`, see ChatServerEventMap
 *
 * A client tells the three server shapes apart like this: Array -> messages; `typeof type ===
 * 'string'` -> event; otherwise -> one message.
 */

/** Longest chat text, in characters, after trimming. */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** uid and sender of messages the server writes (greeting, accepted, ended ...). */
export const CHAT_SYSTEM_UID = 0;
export const CHAT_SYSTEM_NAME = 'Cubeshop';
/** How many frames a socket may send per second on average, and in one burst. */
export const CHAT_RATE = { perSecond: 10, burst: 30 } as const;

/** Close codes the server uses. A client reconnects on anything but 1000 (docs/requirements.md, States). */
export const CHAT_CLOSE_CODES = {
  /** Normal close (the client closed the widget). */
  normal: 1000,
  /** A frame over the size limit (about 2 MiB); images above 1 MiB get an error frame instead. */
  tooBig: 1009,
  /** The server is restarting or shutting down: reconnect (to another instance). */
  restart: 1012,
  /** The socket could not keep up (its send buffer grew past the limit): reconnect with since. */
  slow: 1013,
  /** The server failed to set the connection up: reconnect later. */
  internal: 1011,
  /**
   * The session behind the token ended (signed out, password changed or reset, expired): do not
   * reconnect with this token; the client shows the signed-out state.
   */
  sessionEnded: 4401,
  /** This user already holds as many chat sockets as allowed (CHAT_MAX_SOCKETS_*): close one first. */
  tooManySockets: 4429,
} as const;

// ---------------------------------------------------------------------------------------------
// client -> server

const ZClientMessageId = z.uuid();
const ZMessageType = z.union([z.literal(0), z.literal('message'), z.literal('image')]).optional();

/** {gid, content} or {gid, image}, optionally with the client's message id (a UUID). */
const ZWireMessage = z.object({
  type: ZMessageType,
  id: ZClientMessageId.optional(),
  gid: ZChatGid,
  content: z.string().optional(),
  /** A data URL (data:image/png;base64,...) or bare base64 of an image file. */
  image: z.string().min(1).optional(),
});

export const ZChatUserInactiveFrame = z.object({
  type: z.literal('user_inactive'),
  gid: ZChatGid,
  /** 'inactivity_timeout' when the 5-minute idle timer ran out; anything else means the buyer closed the chat. */
  reason: z.string().max(64).default('inactivity_timeout'),
});
export const ZChatUserActiveFrame = z.object({ type: z.literal('user_active'), gid: ZChatGid });
export const ZChatCatchUpFrame = z.object({ type: z.literal('catch_up'), gid: ZChatGid, since: z.number().int().nonnegative() });
export const ZChatTranslateFrame = z.object({ type: z.literal('translate'), gid: ZChatGid, id: z.uuid() });
export const ZChatStartFrame = z.object({ type: z.literal('start') });
export const ZChatPingFrame = z.object({ type: z.literal('ping') });
/** Largest seq a conversation can reach (the column is a 32-bit integer). */
export const CHAT_SEQ_MAX = 2_147_483_647;
export const ZChatReadFrame = z.object({ type: z.literal('read'), gid: ZChatGid, seq: z.number().int().nonnegative().max(CHAT_SEQ_MAX) });

/** Every frame a client may send, by `type` (message and image frames are sent without one). */
export interface ChatClientFrameMap {
  /** A text message. Resending the same id is a no-op: the server acks it again. */
  message: { id?: string | undefined; gid: string; content: string };
  /** An image message: jpeg, png, webp, gif or avif, at most 1,048,576 bytes decoded. */
  image: { id?: string | undefined; gid: string; image: string };
  /** The client's idle timer ended the chat (docs/requirements.md, States), or the buyer closed it. */
  user_inactive: z.infer<typeof ZChatUserInactiveFrame>;
  /** "Continue" on the inactivity warning: the buyer is still there. */
  user_active: z.infer<typeof ZChatUserActiveFrame>;
  /** Send me every message of gid with seq > since that this socket has not had yet. */
  catch_up: z.infer<typeof ZChatCatchUpFrame>;
  /** Translate one message into my language (again); answered by a `translation` event. */
  translate: z.infer<typeof ZChatTranslateFrame>;
  /** A buyer whose conversation ended wants a new one (answered with a greeting carrying a new gid). */
  start: z.infer<typeof ZChatStartFrame>;
  /** Application-level keepalive; answered by `pong`. */
  ping: z.infer<typeof ZChatPingFrame>;
  /**
   * Staff only: I have read gid up to seq (my read cursor; it only moves forward and never past the
   * conversation's last message). Answered by a `read` event. Buyers get `not_admin`.
   */
  read: z.infer<typeof ZChatReadFrame>;
}
export type TChatClientFrameType = keyof ChatClientFrameMap;
export type TChatClientFrame = { [K in TChatClientFrameType]: { type: K } & ChatClientFrameMap[K] }[TChatClientFrameType];

export type TChatFrameParse =
  | { success: true; frame: TChatClientFrame }
  | { success: false; code: 'bad_frame' | 'bad_text'; message: string; gid?: string | undefined; id?: string | undefined };

/**
 * Frame schemas by type. A Map, not an object: a frame's type is the sender's string, and a
 * lookup must never reach an inherited member ("constructor", "__proto__", "toString" ...).
 */
const typed: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  ['user_inactive', ZChatUserInactiveFrame],
  ['user_active', ZChatUserActiveFrame],
  ['catch_up', ZChatCatchUpFrame],
  ['translate', ZChatTranslateFrame],
  ['start', ZChatStartFrame],
  ['ping', ZChatPingFrame],
  ['read', ZChatReadFrame],
]);

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid frame';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Checks a decoded JSON value against the client frames; says what is wrong when it fits none. */
export function parseChatClientFrame(value: unknown): TChatFrameParse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false, code: 'bad_frame', message: 'a frame is a JSON object' };
  const record = value as Record<string, unknown>;
  const safe = (v: unknown) => (typeof v === 'string' && textProblem(v) === null ? v.slice(0, 64) : undefined);
  const echo = { gid: safe(record.gid), id: safe(record.id) };
  // The text rule of every input (validation/text.ts): no control characters anywhere in a frame.
  const bad = findInputProblem(value);
  if (bad) {
    if (bad.path === 'content' && bad.problem !== 'depth')
      return { success: false, code: 'bad_text', message: 'the text contains characters that are not allowed', ...echo };
    return {
      success: false,
      code: 'bad_frame',
      message: bad.problem === 'depth' ? 'nested too deeply' : `${bad.path}: characters that are not allowed`,
      ...echo,
    };
  }
  const type = record.type;
  const schema = typeof type === 'string' ? typed.get(type) : undefined;
  if (schema) {
    const result = schema.safeParse(value);
    return result.success
      ? { success: true, frame: result.data as TChatClientFrame }
      : { success: false, code: 'bad_frame', message: describe(result.error), ...echo };
  }
  if (type !== undefined && type !== 0 && type !== 'message' && type !== 'image') {
    return { success: false, code: 'bad_frame', message: `unknown frame type ${JSON.stringify(type).slice(0, 40)}`, ...echo };
  }
  const result = ZWireMessage.safeParse(value);
  if (!result.success) return { success: false, code: 'bad_frame', message: describe(result.error), ...echo };
  const { id, gid, content, image } = result.data;
  if (image !== undefined && content !== undefined && content.trim() !== '') {
    return { success: false, code: 'bad_frame', message: 'a frame carries content or image, not both', ...echo };
  }
  if (image !== undefined) return { success: true, frame: { type: 'image', id, gid, image } };
  if (content === undefined) return { success: false, code: 'bad_frame', message: 'content or image is required', ...echo };
  return { success: true, frame: { type: 'message', id, gid, content } };
}

/** Why a chat text cannot be sent (docs/requirements.md, Validation: trimmed text must be non-empty; the text rule), or null. */
export function chatTextProblem(content: string): 'empty_text' | 'text_too_long' | 'bad_text' | null {
  if (textProblem(content)) return 'bad_text';
  const trimmed = content.trim();
  if (!trimmed) return 'empty_text';
  if ([...trimmed].length > CHAT_TEXT_MAX_LENGTH) return 'text_too_long';
  return null;
}

// ---------------------------------------------------------------------------------------------
// server -> client

/**
 * One chat message as a receiver gets it (docs/requirements.md, Data, Chat message, plus seq and
 * the translation flags). content and source are the original text; translate is the text in the
 * receiver's language: a stored translation, or the original when it is already in that language,
 * when translation is off, or when the translation failed (then translateError is true).
 */
export interface TChatMessageFrame {
  gid: string;
  /** The message id: the client's UUID when it sent one, else one the server made. */
  id: string;
  /** Position in the conversation: 1, 2, 3 ... without gaps. Reconnect with since=<last seq seen>. */
  seq: number;
  kind: 'text' | 'image' | 'system';
  content: string;
  /** Address of the stored image (/api/chat/images/<gid>/<sha256>.webp: fetched with the bearer token, the conversation's buyer and staff only) or null. */
  image: string | null;
  /** The sender; 0 and the shop's name for system messages. */
  uid: number;
  uname: string;
  /** Epoch milliseconds when the server stored it. */
  timestamp: number;
  /** Original text (same as content). */
  source: string;
  /** Text in the receiver's language. */
  translate: string;
  /** Language of the original text; null when there is nothing to translate (emoji, numbers, images). */
  language: TLocale | null;
  /** 'off' when the server has no translation provider (the client's toggle can say so). */
  translation: 'on' | 'off';
  /** The provider failed (timeout, error): translate is the untranslated original. */
  translateError?: true;
  /**
   * The translation is still being made: translate is the untranslated original for now, and a
   * `translated` event with this message's gid and id follows (the text, or translateError).
   */
  translatePending?: true;
}

export const CHAT_ERROR_CODES = [
  'bad_json',
  'bad_frame',
  /** The text holds NUL or other control characters (validation/text.ts). */
  'bad_text',
  'empty_text',
  'text_too_long',
  'unknown_gid',
  'forbidden_gid',
  'ended',
  'not_image',
  'image_too_large',
  /** More pixels than the chat takes (the limit is in the sentence). */
  'image_too_many_pixels',
  /** The sender's previous image (or too many others') is still being processed: send it again in a moment. */
  'image_busy',
  'duplicate_id',
  'rate_limited',
  'not_buyer',
  /** A staff-only frame (read) from a buyer. */
  'not_admin',
  'internal',
] as const;
export type TChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/** Every event the server may send, by `type`. */
export interface ChatServerEventMap {
  /** First frame on every connection: who you are and what the server does. */
  session: {
    uid: number;
    uname: string;
    admin: boolean;
    language: TLocale;
    translation: 'on' | 'off';
    serverTime: number;
    limits: { textMaxLength: number; imageMaxBytes: number; warningMs: number; countdownS: number; endMs: number };
  };
  /** Your message `id` is stored as `seq` (duplicate: it already was; nothing was sent again). */
  ack: { gid: string; id: string; seq: number; timestamp: number; duplicate: boolean };
  /** A frame was refused; nothing changed. gid and id echo the refused frame when it had them. */
  error: { code: TChatErrorCode; desc: string; gid?: string; id?: string };
  /** A conversation you are in, as it stands (sent when you are subscribed to it and when it changes hands). */
  group: { group: TChatGroup };
  /** The buyer's conversation waits for an agent. */
  waiting: { gid: string; since: number };
  /** An agent accepted the conversation. */
  accepted: { gid: string; agent: TChatPerson; at: number };
  /** Someone joined (an invited agent). invitedBy is the agent who invited. */
  member_joined: { gid: string; member: TChatPerson; invitedBy: TChatPerson | null };
  /** An agent left while others stay. */
  member_left: { gid: string; member: TChatPerson };
  /** The conversation is over; a buyer may send `start` for a new one. */
  ended: { gid: string; reason: TChatEndReason; at: number };
  /** The buyer has been idle for 4.5 minutes: the conversation ends at endsAt unless the buyer acts. */
  inactivity_warning: { gid: string; countdownS: number; endsAt: number };
  /** You are up to date on gid up to lastSeq (after history or a catch_up). */
  synced: { gid: string; lastSeq: number };
  /** Admins only: the waiting or serving lists changed. */
  queue: { change: 'waiting' | 'serving' | 'ended'; group: TChatGroup };
  /** Admins: an admin came online or went offline. Conversation members: the buyer did. */
  presence: { uid: number; uname: string; admin: boolean; online: boolean };
  /** Answer to a `translate` frame. */
  translation: { gid: string; id: string; seq: number; language: TLocale; translate: string; translateError?: true };
  /**
   * A message you were sent with translatePending now has its translation in your language
   * (translate), or none could be made (translateError, translate is the original). Sent to the
   * conversation's sockets of that language, after the message itself; the stored message has it
   * too, so history and catch-up carry it from then on.
   */
  translated: { gid: string; id: string; seq: number; language: TLocale; translate: string; translateError?: true };
  pong: { at: number };
  /**
   * Staff only: your read cursor of gid (the highest seq you have read, on any device). Sent when a
   * socket subscribes to a conversation, before its history (messages up to seq are not new to
   * you), and to every socket of yours when a `read` frame moved it.
   */
  read: { gid: string; seq: number };
}
export type TChatEventType = keyof ChatServerEventMap;
export type TChatEvent = { [K in TChatEventType]: { type: K } & ChatServerEventMap[K] }[TChatEventType];
export type TChatServerFrame = TChatMessageFrame | TChatMessageFrame[] | TChatEvent;

// ---------------------------------------------------------------------------------------------
// connection query

/**
 * The `since` query parameter: `N` (every conversation of mine, in practice the buyer's one) or
 * `<gid>:N,<gid>:N` per conversation. Conversations not named get their whole history.
 */
export interface TChatSince {
  all?: number;
  byGid: Map<string, number>;
}

export function parseChatSince(value: string | undefined): TChatSince | null {
  const result: TChatSince = { byGid: new Map() };
  if (value === undefined || value === '') return result;
  if (/^\d{1,10}$/.test(value)) return { ...result, all: Number(value) };
  for (const part of value.split(',')) {
    const match = /^([0-9a-fA-F-]{36}):(\d{1,10})$/.exec(part.trim());
    if (!match) return null;
    result.byGid.set(match[1]!.toLowerCase(), Number(match[2]));
  }
  return result;
}

export function formatChatSince(cursors: Record<string, number>): string {
  return Object.entries(cursors)
    .map(([gid, seq]) => `${gid}:${seq}`)
    .join(',');
}
