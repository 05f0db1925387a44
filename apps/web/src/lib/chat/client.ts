import {
  CHAT_CLOSE_CODES,
  CHAT_END_MS,
  CHAT_RECONNECT_ATTEMPTS,
  CHAT_RECONNECT_DELAY_MS,
  CHAT_SYSTEM_UID,
  CHAT_WARNING_MS,
  MIN_TOKEN_LENGTH,
  chatTextProblem,
  formatChatSince,
  type ChatServerEventMap,
  type TChatClientFrame,
  type TChatErrorCode,
  type TChatGroup,
  type TChatMessageFrame,
  type TLocale,
} from '@cubeshop/shared';

/**
 * The chat socket client shared by the buyer's widget and the admin console (spec sections 4, 5
 * and 7; protocol in packages/shared/src/chat/events.ts, story in docs/chat.md):
 *
 * - connection states connected / connecting / reconnecting / disconnected; on a close that is
 *   not 1000, up to 3 automatic retries 3 s apart, then a manual reconnect;
 * - opens only with a stored token of at least 10 characters;
 * - messages kept per conversation, ordered by seq, deduplicated by id; on reconnect the URL
 *   carries `since=<gid>:<seq>,...` (the highest seq held without gaps), so missed messages arrive
 *   once;
 * - a sent message carries a client-made id, shows pending until its ack, and is sent again with
 *   the same id after a reconnect (the server acks a resend without storing it twice);
 * - buyer only: the conversation begins with the first message carrying a gid; the inactivity
 *   timers (warning at 270 s, end at 300 s) mirror the server's;
 * - admin only: the server's read cursor of each conversation (a `read` event, sent before the
 *   history) says which messages were read already, on any device: those never count as unread
 *   nor raise a `message` event, so a reloaded console is quiet about them. The conversation on
 *   screen is reported read up to its newest message, batched (at most one `read` frame per
 *   CHAT_READ_REPORT_MS), and again after a reconnect if the report did not get through.
 *
 * No React here: the UI subscribes (useSyncExternalStore) and renders snapshots.
 */

export type ChatConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
export type ChatRole = 'buyer' | 'admin';

/** The subset of the browser WebSocket the client uses (a test double implements this). */
export interface ChatSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

/** A message as the UI shows it: the server's fields plus the local ones of spec section 3. */
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
  /** pending until acked; failed when the server refused it. */
  status: 'pending' | 'sent' | 'failed';
  /** Error text of a refused message. */
  error?: string | undefined;
  isUser: boolean;
  isSystem: boolean;
  /** A notice made on this device (inactivity end); key of the chat namespace. */
  localKey?: string | undefined;
  /** Insertion order, to keep unsent messages in the order they were written. */
  order: number;
}

export interface ChatInactivityWarning {
  gid: string;
  endsAt: number;
}

export interface ChatState {
  status: ChatConnectionStatus;
  /**
   * Why there is no connection: no usable token, the automatic retries ran out, the session ended
   * (signed out elsewhere, password changed, expired: close 4401), or this user has too many chat
   * connections open (close 4429).
   */
  problem: 'no_token' | 'retries_exhausted' | 'unauthorized' | 'too_many' | null;
  /** Retry number while reconnecting (1..3). */
  attempt: number;
  session: ChatServerEventMap['session'] | null;
  /** Messages per conversation, in order. */
  messages: Record<string, ChatMessage[]>;
  groups: Record<string, TChatGroup>;
  /** Buyer: the conversation now open (null until the server sends a message carrying a gid). */
  activeGid: string | null;
  /** Conversations that ended here, with the reason. */
  ended: Record<string, string>;
  /** Messages from others not seen yet, per conversation. */
  unread: Record<string, number>;
  /**
   * Admin: the highest seq read per conversation: the server's read cursor (this agent, any
   * device) or what this console has shown since, whichever is higher.
   */
  read: Record<string, number>;
  warning: ChatInactivityWarning | null;
  /** Increments whenever the server says the admin queues changed (refetch the lists). */
  queueVersion: number;
  /** Last refusal of the server that is not about one message. */
  lastError: { code: TChatErrorCode; desc: string; at: number } | null;
}

export interface ChatClientOptions {
  role: ChatRole;
  language: TLocale;
  getToken: () => string | null;
  /** ws(s)://host/ws without a query; defaults to the chat API base or the page's origin. */
  url?: string;
  createSocket?: (url: string) => ChatSocketLike;
  randomId?: () => string;
  now?: () => number;
  /** Buyer inactivity timers (default: on for buyers). */
  inactivity?: boolean;
  /** The server closed the socket because the session ended (4401): show the signed-out state. */
  onSessionEnded?: () => void;
}

export type ChatClientEvent =
  /** A message this user has not read yet (never one at or below the read cursor). */
  | { type: 'message'; message: ChatMessage }
  | { type: 'queue'; change: 'waiting' | 'serving' | 'ended'; group: TChatGroup }
  | { type: 'send_failed'; id: string; desc: string }
  | { type: 'error'; code: TChatErrorCode; desc: string };

/** Reconnect with `since=<gid>:<seq>`: the highest seq this client holds without a gap before it. */
export function contiguousSeq(messages: readonly ChatMessage[]): number {
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

function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const sa = a.seq ?? Number.POSITIVE_INFINITY;
  const sb = b.seq ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.order - b.order;
}

function isMessageFrame(value: unknown): value is TChatMessageFrame {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<TChatMessageFrame>;
  // Spec section 5: an accepted message needs gid, content or image, uid and uname.
  return (
    typeof m.gid === 'string' &&
    m.gid !== '' &&
    typeof m.id === 'string' &&
    (typeof m.content === 'string' || typeof m.image === 'string') &&
    typeof m.uid === 'number' &&
    typeof m.uname === 'string'
  );
}

export function defaultChatSocketUrl(): string {
  const base = (import.meta.env.VITE_CHAT_API_BASE as string | undefined) || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const url = new URL('/ws', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers on plain http: a v4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const CHAT_END_CLEAR_MS = 2_000;
/** Admin: how long reads of the open conversation are gathered before one `read` frame reports them. */
export const CHAT_READ_REPORT_MS = 1_000;

export class ChatClient {
  private readonly options: Required<Omit<ChatClientOptions, 'url'>> & { url: string };
  private state: ChatState;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: ChatClientEvent) => void>();
  private socket: ChatSocketLike | null = null;
  /** Set by close(): no automatic reconnect. */
  private closedByUser = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  /** Frames of messages not acked yet, by id, to send again after a reconnect. */
  private readonly pending = new Map<string, TChatClientFrame>();
  /** Conversations this socket is synced on (messages may be sent into them). */
  private readonly ready = new Set<string>();
  private order = 0;
  private warningTimer: ReturnType<typeof setTimeout> | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  private clearTimer: ReturnType<typeof setTimeout> | null = null;
  /** The conversation the user is looking at ('*' = every one): no unread count there. */
  private viewing: string | null = null;
  /** Admin: the read cursor per conversation as the server last said it. */
  private readonly confirmedRead = new Map<string, number>();
  /** Admin: the read reports sent on the current socket (sent again after a reconnect if unconfirmed). */
  private readonly reportedRead = new Map<string, number>();
  private readTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ChatClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as ChatSocketLike,
      randomId: randomUuid,
      now: () => Date.now(),
      inactivity: options.role === 'buyer',
      onSessionEnded: () => undefined,
      ...options,
      url: options.url ?? defaultChatSocketUrl(),
    };
    this.state = {
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
      warning: null,
      queueVersion: 0,
      lastError: null,
    };
  }

  // --- store --------------------------------------------------------------------------------

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Discrete happenings (a new message, a queue change) for notifications. */
  onEvent(listener: (event: ChatClientEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private set(patch: Partial<ChatState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private emit(event: ChatClientEvent) {
    for (const listener of this.eventListeners) listener(event);
  }

  // --- connection ---------------------------------------------------------------------------

  /** Opens the connection (no-op when one is open or opening). */
  connect(): void {
    this.closedByUser = false;
    if (this.socket) return;
    this.attempts = 0;
    this.open('connecting');
  }

  /** The reconnect button: a fresh round of attempts. */
  reconnect(): void {
    this.closedByUser = false;
    this.clearRetry();
    this.dropSocket();
    this.attempts = 0;
    this.open('connecting');
  }

  /** Closes for good (widget closed, admin offline): timers and connection end, no retry. */
  close(): void {
    // What was read in the last moment still reaches the server while the socket is open.
    this.reportRead();
    this.closedByUser = true;
    this.clearRetry();
    this.clearInactivity();
    if (this.clearTimer) clearTimeout(this.clearTimer);
    this.clearTimer = null;
    const socket = this.socket;
    this.dropSocket();
    if (socket && socket.readyState <= OPEN) socket.close(1000, 'closed');
    this.set({ status: 'disconnected', attempt: 0, warning: null });
  }

  private dropSocket() {
    const socket = this.socket;
    if (!socket) return;
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
    this.socket = null;
    this.ready.clear();
    this.reportedRead.clear();
    if (socket.readyState <= OPEN) {
      try {
        socket.close(1000, 'replaced');
      } catch {
        /* already closing */
      }
    }
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** The URL with token, language and the catch-up cursor of every conversation held. */
  socketUrl(): string | null {
    const token = this.options.getToken();
    if (!token || token.length < MIN_TOKEN_LENGTH) return null;
    const params = new URLSearchParams({ token, language: this.options.language });
    const cursors: Record<string, number> = {};
    for (const [gid, list] of Object.entries(this.state.messages)) {
      if (this.state.ended[gid]) continue;
      const seq = contiguousSeq(list);
      if (seq > 0) cursors[gid] = seq;
    }
    const since = formatChatSince(cursors);
    if (since) params.set('since', since);
    return `${this.options.url}?${params.toString()}`;
  }

  private open(status: 'connecting' | 'reconnecting') {
    const url = this.socketUrl();
    if (!url) {
      // Spec section 5: the connection opens only with a stored token of 10+ characters.
      this.set({ status: 'disconnected', problem: 'no_token', attempt: 0 });
      return;
    }
    this.set({ status, problem: null, attempt: status === 'reconnecting' ? this.attempts : 0 });
    let socket: ChatSocketLike;
    try {
      socket = this.options.createSocket(url);
    } catch {
      this.onClosed(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.set({ status: 'connected', attempt: 0, problem: null });
    };
    socket.onerror = () => {
      // Spec section 8: a socket error means disconnected; the close that follows decides on retries.
      if (this.state.status === 'connected') this.set({ status: 'disconnected' });
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready.clear();
      this.reportedRead.clear();
      this.onClosed(event.code);
    };
    socket.onmessage = (event) => this.onData(event.data);
  }

  private onClosed(code: number) {
    if (this.closedByUser || code === 1000) {
      this.set({ status: 'disconnected', attempt: 0 });
      return;
    }
    if (code === CHAT_CLOSE_CODES.sessionEnded) {
      // Reconnecting with this token cannot work: the app shows the signed-out state.
      this.closedByUser = true;
      this.set({ status: 'disconnected', problem: 'unauthorized', attempt: 0 });
      this.options.onSessionEnded?.();
      return;
    }
    if (code === CHAT_CLOSE_CODES.tooManySockets) {
      // Other tabs or devices hold this user's connections: reconnect by hand after closing one.
      this.set({ status: 'disconnected', problem: 'too_many', attempt: 0 });
      return;
    }
    if (this.attempts >= CHAT_RECONNECT_ATTEMPTS) {
      this.set({ status: 'disconnected', problem: 'retries_exhausted', attempt: 0 });
      return;
    }
    this.attempts += 1;
    this.set({ status: 'reconnecting', attempt: this.attempts });
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closedByUser) this.open('reconnecting');
    }, CHAT_RECONNECT_DELAY_MS);
  }

  private sendFrame(frame: Record<string, unknown>): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  // --- incoming -----------------------------------------------------------------------------

  private onData(data: unknown) {
    if (typeof data !== 'string') return;
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return;
    }
    // Array -> messages; a string `type` -> event; otherwise one message (events.ts).
    if (Array.isArray(value)) {
      for (const item of value) this.onMessage(item);
      return;
    }
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      this.onEvent_(value as { type: string } & Record<string, unknown>);
      return;
    }
    this.onMessage(value);
  }

  private isOwn(uid: number): boolean {
    return this.state.session !== null && uid === this.state.session.uid && uid !== CHAT_SYSTEM_UID;
  }

  private onMessage(value: unknown) {
    if (!isMessageFrame(value)) return;
    const frame = value;
    const list = this.state.messages[frame.gid] ?? [];
    const existing = list.find((m) => m.id === frame.id);
    const isSystem = frame.kind === 'system' || frame.uid === CHAT_SYSTEM_UID;
    const merged: ChatMessage = {
      id: frame.id,
      gid: frame.gid,
      seq: typeof frame.seq === 'number' ? frame.seq : null,
      kind: frame.kind ?? (frame.image ? 'image' : 'text'),
      content: frame.content ?? '',
      image: frame.image ?? null,
      uid: frame.uid,
      uname: frame.uname,
      timestamp: typeof frame.timestamp === 'number' ? frame.timestamp : this.options.now(),
      source: frame.source ?? frame.content ?? '',
      translate: frame.translate ?? frame.content ?? '',
      language: frame.language ?? null,
      translation: frame.translation === 'on' ? 'on' : 'off',
      translateError: frame.translateError === true,
      status: 'sent',
      isUser: this.isOwn(frame.uid),
      isSystem,
      order: existing?.order ?? ++this.order,
    };
    if (existing) {
      // A copy we already have (our own message after an ack, a catch-up overlap): keep one.
      this.pending.delete(frame.id);
      if (existing.seq !== null && existing.status === 'sent' && existing.translate === merged.translate && existing.image === merged.image) return;
      this.replaceMessage({ ...existing, ...merged, image: merged.image ?? existing.image });
      return;
    }
    // At or below the read cursor: read before (on this device or another), so not new.
    const cursor = this.state.read[frame.gid] ?? 0;
    const seen = merged.seq !== null && merged.seq <= cursor;
    const viewing = this.isViewing(frame.gid);
    const unread = !merged.isUser && !seen && !viewing;
    const readNow = this.options.role === 'admin' && viewing && merged.seq !== null && merged.seq > cursor;
    this.set({
      messages: { ...this.state.messages, [frame.gid]: [...list, merged].sort(compareMessages) },
      unread: unread ? { ...this.state.unread, [frame.gid]: (this.state.unread[frame.gid] ?? 0) + 1 } : this.state.unread,
      ...(readNow ? { read: { ...this.state.read, [frame.gid]: merged.seq! } } : {}),
    });
    if (readNow) this.scheduleReadReport();
    if (this.options.role === 'buyer' && !this.state.ended[frame.gid] && this.state.activeGid !== frame.gid) {
      // Spec section 4: the conversation begins when the server sends a message carrying a gid.
      this.set({ activeGid: frame.gid });
      this.touch();
    }
    if (!seen) this.emit({ type: 'message', message: merged });
  }

  private replaceMessage(message: ChatMessage) {
    const list = (this.state.messages[message.gid] ?? []).map((m) => (m.id === message.id ? message : m)).sort(compareMessages);
    this.set({ messages: { ...this.state.messages, [message.gid]: list } });
  }

  private findMessage(gid: string | undefined, id: string): ChatMessage | undefined {
    if (gid) return this.state.messages[gid]?.find((m) => m.id === id);
    for (const list of Object.values(this.state.messages)) {
      const found = list.find((m) => m.id === id);
      if (found) return found;
    }
    return undefined;
  }

  private onEvent_(event: { type: string } & Record<string, unknown>) {
    switch (event.type) {
      case 'session': {
        const session = event as unknown as ChatServerEventMap['session'];
        this.attempts = 0;
        this.set({ session, problem: null });
        return;
      }
      case 'ack': {
        const ack = event as unknown as ChatServerEventMap['ack'];
        this.pending.delete(ack.id);
        const message = this.findMessage(ack.gid, ack.id);
        if (message) this.replaceMessage({ ...message, seq: ack.seq, timestamp: ack.timestamp, status: 'sent', error: undefined });
        // Writing into the open conversation: everything up to one's own message has been seen.
        if (this.options.role === 'admin' && this.isViewing(ack.gid)) this.markRead(ack.gid, ack.seq, true);
        return;
      }
      case 'error': {
        const error = event as unknown as ChatServerEventMap['error'];
        const message = error.id ? this.findMessage(error.gid, error.id) : undefined;
        if (message && message.status === 'pending' && error.code !== 'rate_limited') {
          this.pending.delete(message.id);
          this.replaceMessage({ ...message, status: 'failed', error: error.desc });
          this.emit({ type: 'send_failed', id: message.id, desc: error.desc });
          return;
        }
        this.set({ lastError: { code: error.code, desc: error.desc, at: this.options.now() } });
        this.emit({ type: 'error', code: error.code, desc: error.desc });
        return;
      }
      case 'group': {
        const { group } = event as unknown as ChatServerEventMap['group'];
        this.set({ groups: { ...this.state.groups, [group.gid]: group } });
        return;
      }
      case 'synced': {
        const { gid } = event as unknown as ChatServerEventMap['synced'];
        this.ready.add(gid);
        this.flushPending(gid);
        // Reads the server has not confirmed (made offline, or lost with the last socket).
        if ((this.state.read[gid] ?? 0) > (this.confirmedRead.get(gid) ?? 0)) this.scheduleReadReport();
        return;
      }
      case 'read': {
        const { gid, seq } = event as unknown as ChatServerEventMap['read'];
        if (this.options.role !== 'admin' || typeof gid !== 'string' || typeof seq !== 'number') return;
        this.confirmedRead.set(gid, Math.max(this.confirmedRead.get(gid) ?? 0, seq));
        this.markRead(gid, seq, false);
        return;
      }
      case 'accepted': {
        const { gid } = event as unknown as ChatServerEventMap['accepted'];
        // The server restarts the idle clock when service begins; so does the mirror.
        if (gid === this.state.activeGid) this.touch();
        return;
      }
      case 'inactivity_warning': {
        const warning = event as unknown as ChatServerEventMap['inactivity_warning'];
        if (this.options.role === 'buyer' && warning.gid === this.state.activeGid && !this.state.warning) {
          this.set({ warning: { gid: warning.gid, endsAt: warning.endsAt } });
        }
        return;
      }
      case 'ended': {
        const ended = event as unknown as ChatServerEventMap['ended'];
        this.markEnded(ended.gid, ended.reason, { fromServer: true });
        return;
      }
      case 'queue': {
        const queue = event as unknown as ChatServerEventMap['queue'];
        const groups = { ...this.state.groups };
        if (groups[queue.group.gid] || queue.change !== 'waiting') groups[queue.group.gid] = queue.group;
        this.set({ queueVersion: this.state.queueVersion + 1, groups });
        this.emit({ type: 'queue', change: queue.change, group: queue.group });
        return;
      }
      case 'member_joined':
      case 'member_left':
      case 'presence':
        if (this.options.role === 'admin') this.set({ queueVersion: this.state.queueVersion + 1 });
        return;
      case 'translation': {
        const tr = event as unknown as ChatServerEventMap['translation'];
        const message = this.findMessage(tr.gid, tr.id);
        if (message) this.replaceMessage({ ...message, translate: tr.translate, translateError: tr.translateError === true });
        return;
      }
      default:
        return;
    }
  }

  private flushPending(gid: string) {
    for (const frame of this.pending.values()) {
      if ('gid' in frame && frame.gid === gid) {
        const { type: _type, ...wire } = frame;
        if (!this.sendFrame(wire)) return;
      }
    }
  }

  // --- outgoing -----------------------------------------------------------------------------

  private canSendInto(gid: string): boolean {
    return !this.state.ended[gid] && (this.options.role === 'admin' || gid === this.state.activeGid);
  }

  /** A text message; returns its id, or null when nothing was sent (empty, no conversation). */
  sendText(content: string, gid = this.state.activeGid): string | null {
    if (!gid || !this.canSendInto(gid)) return null;
    if (chatTextProblem(content)) return null;
    const text = content.trim();
    return this.queue(gid, { kind: 'text', content: text, image: null }, { type: 'message', gid, content: text });
  }

  /** An image message (a data URL of a checked image file). */
  sendImage(dataUrl: string, gid = this.state.activeGid): string | null {
    if (!gid || !this.canSendInto(gid) || !dataUrl) return null;
    return this.queue(gid, { kind: 'image', content: '', image: dataUrl }, { type: 'image', gid, image: dataUrl });
  }

  private queue(gid: string, body: Pick<ChatMessage, 'kind' | 'content' | 'image'>, frame: { type: 'message'; gid: string; content: string } | { type: 'image'; gid: string; image: string }): string {
    const id = this.options.randomId();
    const session = this.state.session;
    const message: ChatMessage = {
      id,
      gid,
      seq: null,
      ...body,
      uid: session?.uid ?? -1,
      uname: session?.uname ?? '',
      timestamp: this.options.now(),
      source: body.content,
      translate: body.content,
      language: null,
      translation: session?.translation ?? 'off',
      translateError: false,
      status: 'pending',
      isUser: true,
      isSystem: false,
      order: ++this.order,
    };
    const full = { ...frame, id } as TChatClientFrame;
    this.pending.set(id, full);
    this.set({ messages: { ...this.state.messages, [gid]: [...(this.state.messages[gid] ?? []), message].sort(compareMessages) } });
    if (this.ready.has(gid)) {
      const { type: _type, ...wire } = full;
      this.sendFrame(wire);
    }
    if (this.options.role === 'buyer') this.touch();
    return id;
  }

  /** Sends a failed message again with the same id. */
  retry(id: string): void {
    const message = this.findMessage(undefined, id);
    if (!message || message.status !== 'failed') return;
    const frame: TChatClientFrame =
      message.kind === 'image' && message.image ? { type: 'image', id, gid: message.gid, image: message.image } : { type: 'message', id, gid: message.gid, content: message.content };
    this.pending.set(id, frame);
    this.replaceMessage({ ...message, status: 'pending', error: undefined });
    if (this.ready.has(message.gid)) {
      const { type: _type, ...wire } = frame;
      this.sendFrame(wire);
    }
  }

  /** Asks the server to translate one message (again) into this user's language. */
  requestTranslation(gid: string, id: string): void {
    this.sendFrame({ type: 'translate', gid, id });
  }

  /** A buyer whose conversation ended asks for a new one. */
  startNew(): void {
    if (this.clearTimer) clearTimeout(this.clearTimer);
    this.clearTimer = null;
    this.set({ activeGid: null, warning: null });
    this.sendFrame({ type: 'start' });
  }

  // --- unread -------------------------------------------------------------------------------

  private isViewing(gid: string): boolean {
    return this.viewing === '*' || this.viewing === gid;
  }

  /** What the user is looking at ('*' everything, a gid, or null when the window is closed). */
  setViewing(viewing: string | null): void {
    this.viewing = viewing;
    if (viewing === null) return;
    if (viewing === '*') {
      if (Object.keys(this.state.unread).length) this.set({ unread: {} });
    } else if (this.state.unread[viewing]) {
      const unread = { ...this.state.unread };
      delete unread[viewing];
      this.set({ unread });
    }
    if (this.options.role !== 'admin') return;
    // Admin: what is on screen is read up to its newest message.
    for (const gid of viewing === '*' ? Object.keys(this.state.messages) : [viewing]) {
      const newest = Math.max(0, ...(this.state.messages[gid] ?? []).map((m) => m.seq ?? 0));
      if (newest > 0) this.markRead(gid, newest, true);
    }
  }

  /**
   * Admin: gid is read up to seq (the server said so, or it is on screen). Moves the local cursor
   * forward only; messages from others above it stay unread. With report, the server is told
   * (batched).
   */
  private markRead(gid: string, seq: number, report: boolean): void {
    const cursor = this.state.read[gid] ?? 0;
    if (seq > cursor) {
      const above = (this.state.messages[gid] ?? []).filter((m) => !m.isUser && m.seq !== null && m.seq > seq).length;
      const unread = { ...this.state.unread };
      const count = Math.min(unread[gid] ?? 0, above);
      if (count > 0) unread[gid] = count;
      else delete unread[gid];
      this.set({ read: { ...this.state.read, [gid]: seq }, unread });
    }
    if (report) this.scheduleReadReport();
  }

  private scheduleReadReport(): void {
    if (this.options.role !== 'admin' || this.readTimer) return;
    this.readTimer = setTimeout(() => {
      this.readTimer = null;
      this.reportRead();
    }, CHAT_READ_REPORT_MS);
  }

  /** Sends one `read` frame per conversation whose local cursor is ahead of what the server has. */
  private reportRead(): void {
    if (this.readTimer) clearTimeout(this.readTimer);
    this.readTimer = null;
    if (this.options.role !== 'admin') return;
    for (const [gid, seq] of Object.entries(this.state.read)) {
      if (!this.ready.has(gid) || this.state.ended[gid]) continue;
      if (seq <= (this.confirmedRead.get(gid) ?? 0) || seq <= (this.reportedRead.get(gid) ?? 0)) continue;
      if (this.sendFrame({ type: 'read', gid, seq })) this.reportedRead.set(gid, seq);
    }
  }

  // --- inactivity (buyer) -------------------------------------------------------------------

  private clearInactivity() {
    if (this.warningTimer) clearTimeout(this.warningTimer);
    if (this.endTimer) clearTimeout(this.endTimer);
    this.warningTimer = this.endTimer = null;
  }

  /** The buyer did something: the idle clock starts again. */
  private touch() {
    if (!this.options.inactivity || this.options.role !== 'buyer') return;
    const gid = this.state.activeGid;
    this.clearInactivity();
    if (this.state.warning) this.set({ warning: null });
    if (!gid || this.state.ended[gid] || this.closedByUser) return;
    this.warningTimer = setTimeout(() => {
      this.warningTimer = null;
      this.set({ warning: { gid, endsAt: this.options.now() + (CHAT_END_MS - CHAT_WARNING_MS) } });
    }, CHAT_WARNING_MS);
    this.endTimer = setTimeout(() => {
      this.endTimer = null;
      this.endForInactivity();
    }, CHAT_END_MS);
  }

  /** "Continue" on the warning. */
  continueChat(): void {
    const gid = this.state.activeGid;
    if (!gid) return;
    this.sendFrame({ type: 'user_active', gid });
    this.touch();
  }

  /** The countdown ran out: system notice, user_inactive frame, gid cleared 2 s later (spec section 4). */
  endForInactivity(): void {
    const gid = this.state.activeGid;
    if (!gid || this.state.ended[gid]) return;
    this.sendFrame({ type: 'user_inactive', gid, reason: 'inactivity_timeout' });
    this.markEnded(gid, 'inactivity_timeout', { fromServer: false });
  }

  /** The buyer closed the chat window: the conversation ends (reason user_closed). */
  endByUser(): void {
    const gid = this.state.activeGid;
    if (!gid || this.state.ended[gid]) return;
    this.sendFrame({ type: 'user_inactive', gid, reason: 'user_closed' });
    this.markEnded(gid, 'user_ended', { fromServer: false, silent: true });
  }

  private markEnded(gid: string, reason: string, how: { fromServer: boolean; silent?: boolean }) {
    const list = this.state.messages[gid] ?? [];
    let messages = this.state.messages;
    if (!how.fromServer && !how.silent) {
      const notice: ChatMessage = {
        id: `local-end-${gid}`,
        gid,
        seq: null,
        kind: 'system',
        content: '',
        image: null,
        uid: CHAT_SYSTEM_UID,
        uname: '',
        timestamp: this.options.now(),
        source: '',
        translate: '',
        language: null,
        translation: 'off',
        translateError: false,
        status: 'sent',
        isUser: false,
        isSystem: true,
        localKey: 'endedInactive',
        order: ++this.order,
      };
      messages = { ...messages, [gid]: [...list, notice] };
    } else if (how.fromServer && list.some((m) => m.id === `local-end-${gid}`)) {
      // The server's stored notice says the same: keep one.
      messages = { ...messages, [gid]: list.filter((m) => m.id !== `local-end-${gid}`) };
    }
    // Messages that never reached the server cannot go anywhere now.
    for (const [id, frame] of this.pending) if ('gid' in frame && frame.gid === gid) this.pending.delete(id);
    messages = { ...messages, [gid]: (messages[gid] ?? []).map((m) => (m.status === 'pending' ? { ...m, status: 'failed' as const } : m)) };
    this.ready.delete(gid);
    const isActive = this.state.activeGid === gid;
    if (isActive) this.clearInactivity();
    this.set({ messages, ended: { ...this.state.ended, [gid]: reason }, warning: isActive ? null : this.state.warning });
    if (isActive) {
      if (this.clearTimer) clearTimeout(this.clearTimer);
      this.clearTimer = setTimeout(() => {
        this.clearTimer = null;
        if (this.state.activeGid === gid) this.set({ activeGid: null });
      }, CHAT_END_CLEAR_MS);
    }
  }

  /** Stops every timer (unmount). */
  dispose(): void {
    this.close();
    this.listeners.clear();
    this.eventListeners.clear();
  }
}
