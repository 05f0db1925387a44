import { CHAT_SYSTEM_UID, type ChatServerEventMap, type TChatEndReason, type TChatEvent } from '@cubeshop/shared';
import type { TIncomingChatMessage } from './frames';
import { compareMessages, findMessage, isViewing, type ChatConnection, type ChatInactivityWarning, type ChatMessage, type ChatState } from './state';

/**
 * The chat's state as a pure function of what happened: `chatReducer(state, action) -> state`.
 * No timers, sockets or clocks: an action that needs the time carries it (`at`). What follows
 * from an action outside the state (a frame to send, a timer, an event for the UI) is the
 * client's job (client.ts); the questions it asks about an action before applying it
 * (`isUnseenArrival`, `refusedMessage`) are answered here, so both sides agree.
 *
 * Server events are `TChatEvent`, the discriminated union of packages/shared: the switch narrows
 * each case by its `type`, and the `never` check makes a new event type a compile error here.
 */

export type ChatAction =
  /** An event from the server, received at `at`. */
  | { type: 'server'; event: TChatEvent; at: number }
  /** A message frame from the server (one of an array, in order), received at `at`. */
  | { type: 'message'; frame: TIncomingChatMessage; at: number }
  /** The socket's state changed. */
  | ({ type: 'connection' } & ChatConnection)
  /** This user wrote a message (pending until its ack); it goes after everything written before. */
  | { type: 'sending'; message: Omit<ChatMessage, 'order'> }
  /** A failed message goes again (pending). */
  | { type: 'resending'; id: string }
  /** What the user is looking at ('*' every conversation, a gid, or null). */
  | { type: 'viewing'; viewing: string | null }
  /** Buyer: the local inactivity warning shows (or goes). */
  | { type: 'warning'; warning: ChatInactivityWarning | null }
  /** The conversation ended on this device (inactivity, or the buyer closed it); notice: add the local system notice. */
  | { type: 'ended_here'; gid: string; reason: TChatEndReason; notice: boolean; at: number }
  /** Buyer: the ended conversation is no longer the open one (2 s after it ended). */
  | { type: 'active_cleared'; gid: string }
  /** Buyer: a new conversation was asked for. */
  | { type: 'start_new' };

const localEndId = (gid: string) => `local-end-${gid}`;

function isOwn(state: ChatState, uid: number): boolean {
  return state.session !== null && uid === state.session.uid && uid !== CHAT_SYSTEM_UID;
}

function nextOrder(list: readonly ChatMessage[]): number {
  let max = 0;
  for (const m of list) if (m.order > max) max = m.order;
  return max + 1;
}

function withList(state: ChatState, gid: string, list: ChatMessage[]): ChatState {
  return { ...state, messages: { ...state.messages, [gid]: list.sort(compareMessages) } };
}

function replaceMessage(state: ChatState, message: ChatMessage): ChatState {
  return withList(
    state,
    message.gid,
    (state.messages[message.gid] ?? []).map((m) => (m.id === message.id ? message : m)),
  );
}

/** A message of the server's that is new here and above the read cursor: it raises a `message` event. */
export function isUnseenArrival(state: ChatState, frame: Pick<TIncomingChatMessage, 'gid' | 'id' | 'seq'>): boolean {
  if (findMessage(state, frame.gid, frame.id)) return false;
  return frame.seq === null || frame.seq > (state.read[frame.gid] ?? 0);
}

/** The pending message an error frame refuses (it is marked failed), or undefined when the error is about no message of ours. */
export function refusedMessage(state: ChatState, error: ChatServerEventMap['error']): ChatMessage | undefined {
  if (!error.id || error.code === 'rate_limited') return undefined;
  const message = findMessage(state, error.gid, error.id);
  return message?.status === 'pending' ? message : undefined;
}

/**
 * Agent: gid is read up to seq (the server said so, or it is on screen). Moves the cursor forward
 * only; messages from others above it stay unread.
 */
function markRead(state: ChatState, gid: string, seq: number): ChatState {
  if (state.role !== 'admin' || seq <= (state.read[gid] ?? 0)) return state;
  const above = (state.messages[gid] ?? []).filter((m) => !m.isUser && m.seq !== null && m.seq > seq).length;
  const unread = { ...state.unread };
  const count = Math.min(unread[gid] ?? 0, above);
  if (count > 0) unread[gid] = count;
  else delete unread[gid];
  return { ...state, read: { ...state.read, [gid]: seq }, unread };
}

/** The message carries a real translation (not the original standing in for one). */
function hasTranslation(m: Pick<ChatMessage, 'translate' | 'source' | 'translateError' | 'translatePending'>): boolean {
  return !m.translateError && !m.translatePending && m.translate !== '' && m.translate !== m.source;
}

function receiveMessage(state: ChatState, frame: TIncomingChatMessage, at: number): ChatState {
  const list = state.messages[frame.gid] ?? [];
  const existing = list.find((m) => m.id === frame.id);
  const merged: ChatMessage = {
    ...frame,
    timestamp: frame.timestamp ?? at,
    status: 'sent',
    isUser: isOwn(state, frame.uid),
    isSystem: frame.kind === 'system' || frame.uid === CHAT_SYSTEM_UID,
    order: existing?.order ?? nextOrder(list),
  };
  if (existing) {
    // A copy we already have (our own message after an ack, a catch-up overlap): keep one.
    if (existing.seq !== null && existing.status === 'sent' && existing.translate === merged.translate && existing.image === merged.image) return state;
    // A copy read before its translation arrived never takes back the translation we have.
    const keep = hasTranslation(existing) && !hasTranslation(merged) ? { translate: existing.translate, translateError: false, translatePending: false } : {};
    return replaceMessage(state, { ...existing, ...merged, image: merged.image ?? existing.image, ...keep });
  }
  // At or below the read cursor: read before (on this device or another), so not new.
  const cursor = state.read[frame.gid] ?? 0;
  const seen = merged.seq !== null && merged.seq <= cursor;
  const viewing = isViewing(state, frame.gid);
  const unread = !merged.isUser && !seen && !viewing;
  const readNow = state.role === 'admin' && viewing && merged.seq !== null && merged.seq > cursor;
  let next = withList(state, frame.gid, [...list, merged]);
  if (unread) next = { ...next, unread: { ...next.unread, [frame.gid]: (next.unread[frame.gid] ?? 0) + 1 } };
  if (readNow && merged.seq !== null) next = { ...next, read: { ...next.read, [frame.gid]: merged.seq } };
  if (state.role === 'buyer' && !state.ended[frame.gid] && state.activeGid !== frame.gid) {
    // docs/requirements.md, States: the conversation begins when the server sends a message carrying a gid.
    next = { ...next, activeGid: frame.gid };
  }
  return next;
}

/**
 * The conversation is over. `local`: ended on this device (a system notice is added unless
 * silent); from the server, its stored notice replaces the local one. Messages that never reached
 * the server cannot go anywhere now: they fail.
 */
function endConversation(state: ChatState, gid: string, reason: TChatEndReason, how: { local: boolean; notice: boolean; at: number }): ChatState {
  let list = state.messages[gid] ?? [];
  if (how.local && how.notice) {
    const notice: ChatMessage = {
      id: localEndId(gid),
      gid,
      seq: null,
      kind: 'system',
      content: '',
      image: null,
      uid: CHAT_SYSTEM_UID,
      uname: '',
      timestamp: how.at,
      source: '',
      translate: '',
      language: null,
      translation: 'off',
      translateError: false,
      status: 'sent',
      isUser: false,
      isSystem: true,
      localKey: 'endedInactive',
      order: nextOrder(list),
    };
    list = [...list, notice];
  } else if (!how.local) {
    list = list.filter((m) => m.id !== localEndId(gid));
  }
  list = list.map((m) => (m.status === 'pending' ? { ...m, status: 'failed' as const } : m));
  const isActive = state.activeGid === gid;
  return {
    ...withList(state, gid, list),
    ended: { ...state.ended, [gid]: reason },
    warning: isActive ? null : state.warning,
  };
}

function setViewing(state: ChatState, viewing: string | null): ChatState {
  let next: ChatState = state.viewing === viewing ? state : { ...state, viewing };
  if (viewing === null) return next;
  if (viewing === '*') {
    if (Object.keys(next.unread).length) next = { ...next, unread: {} };
  } else if (next.unread[viewing]) {
    const unread = { ...next.unread };
    delete unread[viewing];
    next = { ...next, unread };
  }
  if (next.role !== 'admin') return next;
  // Agent: what is on screen is read up to its newest message.
  for (const gid of viewing === '*' ? Object.keys(next.messages) : [viewing]) {
    const newest = Math.max(0, ...(next.messages[gid] ?? []).map((m) => m.seq ?? 0));
    if (newest > 0) next = markRead(next, gid, newest);
  }
  return next;
}

function serverEvent(state: ChatState, event: TChatEvent, at: number): ChatState {
  switch (event.type) {
    case 'session': {
      const { type: _type, ...session } = event;
      return { ...state, session };
    }
    case 'ack': {
      const message = findMessage(state, event.gid, event.id);
      const next = message ? replaceMessage(state, { ...message, seq: event.seq, timestamp: event.timestamp, status: 'sent', error: undefined }) : state;
      // Writing into the open conversation: everything up to one's own message has been seen.
      return isViewing(next, event.gid) ? markRead(next, event.gid, event.seq) : next;
    }
    case 'error': {
      const message = refusedMessage(state, event);
      if (message) return replaceMessage(state, { ...message, status: 'failed', error: event.desc });
      return { ...state, lastError: { code: event.code, desc: event.desc, at } };
    }
    case 'group':
      return { ...state, groups: { ...state.groups, [event.group.gid]: event.group } };
    case 'read':
      return markRead(state, event.gid, event.seq);
    case 'inactivity_warning':
      if (state.role === 'buyer' && event.gid === state.activeGid && !state.warning) return { ...state, warning: { gid: event.gid, endsAt: event.endsAt } };
      return state;
    case 'ended':
      return endConversation(state, event.gid, event.reason, { local: false, notice: false, at });
    case 'queue': {
      const groups = { ...state.groups };
      if (groups[event.group.gid] || event.change !== 'waiting') groups[event.group.gid] = event.group;
      return { ...state, queueVersion: state.queueVersion + 1, groups };
    }
    case 'member_joined':
    case 'member_left':
    case 'presence':
      return state.role === 'admin' ? { ...state, queueVersion: state.queueVersion + 1 } : state;
    // The answer to a `translate` request, or a translation that followed the message (translated).
    case 'translation':
    case 'translated': {
      const message = findMessage(state, event.gid, event.id);
      if (!message) return state;
      // A late failure never replaces a translation this message already has.
      if (event.translateError && hasTranslation(message))
        return message.translatePending ? replaceMessage(state, { ...message, translatePending: false }) : state;
      return replaceMessage(state, { ...message, translate: event.translate, translateError: event.translateError === true, translatePending: false });
    }
    // Nothing to keep: the client acts on them (synced, accepted) or they only inform (waiting, pong).
    case 'synced':
    case 'accepted':
    case 'waiting':
    case 'pong':
      return state;
    default:
      return event satisfies never;
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'server':
      return serverEvent(state, action.event, action.at);
    case 'message':
      return receiveMessage(state, action.frame, action.at);
    case 'connection': {
      const { status, problem, attempt } = action;
      if (state.status === status && state.problem === problem && state.attempt === attempt) return state;
      return { ...state, status, problem, attempt };
    }
    case 'sending': {
      const list = state.messages[action.message.gid] ?? [];
      return withList(state, action.message.gid, [...list, { ...action.message, order: nextOrder(list) }]);
    }
    case 'resending': {
      const message = findMessage(state, undefined, action.id);
      if (!message || message.status !== 'failed') return state;
      return replaceMessage(state, { ...message, status: 'pending', error: undefined });
    }
    case 'viewing':
      return setViewing(state, action.viewing);
    case 'warning':
      return state.warning === action.warning ? state : { ...state, warning: action.warning };
    case 'ended_here':
      return endConversation(state, action.gid, action.reason, { local: true, notice: action.notice, at: action.at });
    case 'active_cleared':
      return state.activeGid === action.gid ? { ...state, activeGid: null } : state;
    case 'start_new':
      return { ...state, activeGid: null, warning: null };
    default:
      return action satisfies never;
  }
}
