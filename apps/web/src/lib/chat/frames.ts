import { z } from 'zod';
import {
  CHAT_COUNTDOWN_S,
  CHAT_END_MS,
  CHAT_ERROR_CODES,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_TEXT_MAX_LENGTH,
  CHAT_WARNING_MS,
  ZChatEndReason,
  ZChatGid,
  ZChatGroup,
  ZChatPerson,
  ZLocale,
  type TChatClientFrame,
  type TChatEvent,
  type TChatEventType,
  type TChatMessageFrame,
} from '@cubeshop/shared';

/**
 * The wire, both ways (protocol: packages/shared/src/chat/events.ts).
 *
 * Incoming text is decoded and checked here, so the reducer only ever sees the shared types: a
 * message frame (one, or an array of them) or an event of `TChatEvent`, the discriminated union of
 * the server's events. The schemas are built from the shared ones (ZChatGroup, ZChatPerson,
 * ZChatGid, ZChatEndReason, ZLocale, CHAT_ERROR_CODES) and typed against the shared event map, so
 * a change of the protocol that this file does not follow fails to compile. Anything that does not
 * fit (not JSON, an unknown type, a missing field) is dropped, as docs/requirements.md, Validation says of messages.
 */

/**
 * A message frame as received. docs/requirements.md, Validation requires gid, id, content or image, uid and uname;
 * the rest has defaults (seq and timestamp null when absent: the reducer keeps the message
 * unsequenced and stamps it with the time it arrived).
 */
export type TIncomingChatMessage = Omit<TChatMessageFrame, 'seq' | 'timestamp' | 'translateError' | 'translatePending'> & {
  seq: number | null;
  timestamp: number | null;
  translateError: boolean;
  /** The translation is on its way (a `translated` event follows). */
  translatePending?: boolean | undefined;
};

export type ChatIncoming = { kind: 'message'; frame: TIncomingChatMessage } | { kind: 'event'; event: TChatEvent };

const ZSeq = z.number().int().nonnegative();

const ZIncomingMessage = z
  .object({
    gid: ZChatGid,
    id: z.string().min(1),
    seq: ZSeq.nullish(),
    kind: z.enum(['text', 'image', 'system']).optional(),
    content: z.string().optional(),
    image: z.string().nullish(),
    uid: z.number().int(),
    uname: z.string(),
    timestamp: z.number().nullish(),
    source: z.string().optional(),
    translate: z.string().optional(),
    language: ZLocale.nullish(),
    translation: z.enum(['on', 'off']).optional(),
    translateError: z.boolean().optional(),
    translatePending: z.boolean().optional(),
  })
  .refine((m) => typeof m.content === 'string' || typeof m.image === 'string', { message: 'content or image is required' })
  .transform((m): TIncomingChatMessage => ({
    gid: m.gid,
    id: m.id,
    seq: m.seq ?? null,
    kind: m.kind ?? (m.image ? 'image' : 'text'),
    content: m.content ?? '',
    image: m.image ?? null,
    uid: m.uid,
    uname: m.uname,
    timestamp: m.timestamp ?? null,
    source: m.source ?? m.content ?? '',
    translate: m.translate ?? m.content ?? '',
    language: m.language ?? null,
    translation: m.translation ?? 'off',
    translateError: m.translateError === true,
    translatePending: m.translatePending === true && m.translateError !== true,
  }));

/** Limits are informative here; the shared constants stand in for any the server leaves out. */
const ZLimits = z
  .object({
    textMaxLength: z.number().default(CHAT_TEXT_MAX_LENGTH),
    imageMaxBytes: z.number().default(CHAT_IMAGE_MAX_BYTES),
    warningMs: z.number().default(CHAT_WARNING_MS),
    countdownS: z.number().default(CHAT_COUNTDOWN_S),
    endMs: z.number().default(CHAT_END_MS),
  })
  .prefault({});

const event = <K extends TChatEventType, S extends z.ZodRawShape>(type: K, shape: S) => z.object({ type: z.literal(type), ...shape });

/** One schema per event type: the mapped type makes every type of the shared map have one, of its exact shape. */
const EVENT_SCHEMAS: { readonly [K in TChatEventType]: z.ZodType<Extract<TChatEvent, { type: K }>> } = {
  session: event('session', {
    uid: z.number().int(),
    uname: z.string(),
    admin: z.boolean(),
    language: ZLocale,
    translation: z.enum(['on', 'off']),
    serverTime: z.number(),
    limits: ZLimits,
  }),
  ack: event('ack', { gid: ZChatGid, id: z.string().min(1), seq: ZSeq, timestamp: z.number(), duplicate: z.boolean() }),
  error: event('error', { code: z.enum(CHAT_ERROR_CODES), desc: z.string(), gid: z.string().optional(), id: z.string().optional() }),
  group: event('group', { group: ZChatGroup }),
  waiting: event('waiting', { gid: ZChatGid, since: z.number() }),
  accepted: event('accepted', { gid: ZChatGid, agent: ZChatPerson, at: z.number() }),
  member_joined: event('member_joined', { gid: ZChatGid, member: ZChatPerson, invitedBy: ZChatPerson.nullable() }),
  member_left: event('member_left', { gid: ZChatGid, member: ZChatPerson }),
  ended: event('ended', { gid: ZChatGid, reason: ZChatEndReason, at: z.number() }),
  inactivity_warning: event('inactivity_warning', { gid: ZChatGid, countdownS: z.number(), endsAt: z.number() }),
  synced: event('synced', { gid: ZChatGid, lastSeq: ZSeq }),
  queue: event('queue', { change: z.enum(['waiting', 'serving', 'ended']), group: ZChatGroup }),
  presence: event('presence', { uid: z.number().int(), uname: z.string(), admin: z.boolean(), online: z.boolean() }),
  translation: event('translation', {
    gid: ZChatGid,
    id: z.string().min(1),
    seq: ZSeq,
    language: ZLocale,
    translate: z.string(),
    translateError: z.literal(true).optional(),
  }),
  translated: event('translated', {
    gid: ZChatGid,
    id: z.string().min(1),
    seq: ZSeq,
    language: ZLocale,
    translate: z.string(),
    translateError: z.literal(true).optional(),
  }),
  pong: event('pong', { at: z.number() }),
  read: event('read', { gid: ZChatGid, seq: ZSeq }),
};

function isEventType(type: string): type is TChatEventType {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

function parseMessage(value: unknown): ChatIncoming[] {
  const result = ZIncomingMessage.safeParse(value);
  return result.success ? [{ kind: 'message', frame: result.data }] : [];
}

/** An event of the shared union, or null when value is not one. */
export function parseChatEvent(value: unknown): TChatEvent | null {
  if (typeof value !== 'object' || value === null || !('type' in value) || typeof value.type !== 'string' || !isEventType(value.type)) return null;
  const schema: z.ZodType<TChatEvent> = EVENT_SCHEMAS[value.type];
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * One text frame of the socket, decoded: an array is messages (history, catch-up), an object with
 * a string `type` is an event, anything else one message (events.ts). What does not fit is left out.
 */
export function parseServerData(data: unknown): ChatIncoming[] {
  if (typeof data !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return [];
  }
  if (Array.isArray(value)) return value.flatMap(parseMessage);
  if (typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string') {
    const parsed = parseChatEvent(value);
    return parsed ? [{ kind: 'event', event: parsed }] : [];
  }
  return parseMessage(value);
}

/** The JSON object a client frame is sent as: message and image frames go without a type (docs/requirements.md, API). */
export function toWire(frame: TChatClientFrame): Record<string, unknown> {
  if (frame.type === 'message' || frame.type === 'image') {
    const { type: _type, ...wire } = frame;
    return wire;
  }
  return frame;
}
