import type { ChatServerEventMap, TChatEndReason, TChatErrorCode, TChatGroup, TChatMessageFrame, TLocale } from '@cubeshop/shared';

/**
 * What the chat UI renders (docs/requirements.md, Screens, Data and States): the state the reducer (reducer.ts) keeps,
 * its message type, and the read-only helpers over it. No timers, no sockets here.
 */

export type ChatConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
export type ChatRole = 'buyer' | 'admin';

/**
 * Why there is no connection: no usable token, the automatic retries ran out, the session ended
 * (signed out elsewhere, password changed, expired: close 4401), or this user has too many chat
 * connections open (close 4429).
 */
export type ChatProblem = 'no_token' | 'retries_exhausted' | 'unauthorized' | 'too_many';

/** The connection as the socket (socket.ts) reports it. */
export interface ChatConnection {
  status: ChatConnectionStatus;
  problem: ChatProblem | null;
  /** Retry number while reconnecting (1..3). */
  attempt: number;
}

/** A message as the UI shows it: the server's fields plus the local ones of docs/requirements.md, Data. */
export interface ChatMessage {
  id: string;
  gid: string;
  /** null until the server stored it (pending) or for a message made on this device (system notice). */
  seq: number | null;
  kind: TChatMessageFrame['kind'];
  content: string;
  image: string | null;
  uid: number;
  uname: string;
  timestamp: number;
  source: string;
  translate: string;
  language: TLocale | null;
  translation: 'on' | 'off';
  translateError: boolean;
  /** The translation is on its way from the server (shown as "translating"); absent means no. */
  translatePending?: boolean | undefined;
  /** pending until acked; failed when the server refused it. */
  status: 'pending' | 'sent' | 'failed';
  /** Error text of a refused message. */
  error?: string | undefined;
  isUser: boolean;
  isSystem: boolean;
  /** A notice made on this device (inactivity end); key of the chat namespace. */
  localKey?: string | undefined;
  /** Insertion order within its conversation, to keep unsent messages in the order they were written. */
  order: number;
}

export interface ChatInactivityWarning {
  gid: string;
  endsAt: number;
}

export type ChatSession = ChatServerEventMap['session'];

export interface ChatState extends ChatConnection {
  /** Whose client this is: it decides the buyer-only and admin-only rules of the reducer. */
  role: ChatRole;
  session: ChatSession | null;
  /** Messages per conversation, in order. */
  messages: Record<string, ChatMessage[]>;
  groups: Record<string, TChatGroup>;
  /** Buyer: the conversation now open (null until the server sends a message carrying a gid). */
  activeGid: string | null;
  /** Conversations that ended here, with the reason. */
  ended: Record<string, TChatEndReason>;
  /** Messages from others not seen yet, per conversation. */
  unread: Record<string, number>;
  /**
   * Agent: the highest seq read per conversation: the server's read cursor (this agent, any
   * device) or what this console has shown since, whichever is higher.
   */
  read: Record<string, number>;
  /** What the user is looking at: '*' every conversation, one gid, or null (window closed, page hidden). */
  viewing: string | null;
  warning: ChatInactivityWarning | null;
  /** Increments whenever the server says the admin queues changed (refetch the lists). */
  queueVersion: number;
  /** Last refusal of the server that is not about one message. */
  lastError: { code: TChatErrorCode; desc: string; at: number } | null;
}

export type ChatClientEvent =
  /** A message this user has not read yet (never one at or below the read cursor). */
  | { type: 'message'; message: ChatMessage }
  | { type: 'queue'; change: 'waiting' | 'serving' | 'ended'; group: TChatGroup }
  | { type: 'send_failed'; id: string; desc: string }
  | { type: 'error'; code: TChatErrorCode; desc: string };

export function initialChatState(role: ChatRole): ChatState {
  return {
    role,
    status: 'disconnected',
    problem: null,
    attempt: 0,
    session: null,
    messages: {},
    groups: {},
    activeGid: null,
    ended: {},
    unread: {},
    read: {},
    viewing: null,
    warning: null,
    queueVersion: 0,
    lastError: null,
  };
}

/** By seq; messages without one (pending, local notices) last, in the order they were made. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const sa = a.seq ?? Number.POSITIVE_INFINITY;
  const sb = b.seq ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.order - b.order;
}

/** Reconnect with `since=<gid>:<seq>`: the highest seq this client holds without a gap before it. */
export function contiguousSeq(messages: readonly Pick<ChatMessage, 'seq'>[]): number {
  let last = 0;
  const seqs = messages
    .map((m) => m.seq)
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b);
  for (const seq of seqs) {
    if (seq === last) continue;
    if (seq !== last + 1) break;
    last = seq;
  }
  return last;
}

/** The catch-up cursor of every open conversation held (ended ones need nothing more). */
export function catchUpCursors(state: Pick<ChatState, 'messages' | 'ended'>): Record<string, number> {
  const cursors: Record<string, number> = {};
  for (const [gid, list] of Object.entries(state.messages)) {
    if (state.ended[gid]) continue;
    const seq = contiguousSeq(list);
    if (seq > 0) cursors[gid] = seq;
  }
  return cursors;
}

/** A message by id, in one conversation or (without gid) in any. */
export function findMessage(state: Pick<ChatState, 'messages'>, gid: string | undefined, id: string): ChatMessage | undefined {
  if (gid) return state.messages[gid]?.find((m) => m.id === id);
  for (const list of Object.values(state.messages)) {
    const found = list.find((m) => m.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Whether gid is on screen. */
export function isViewing(state: Pick<ChatState, 'viewing'>, gid: string): boolean {
  return state.viewing === '*' || state.viewing === gid;
}
