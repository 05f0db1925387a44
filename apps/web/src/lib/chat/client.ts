import { chatTextProblem, type TChatClientFrame, type TChatEvent, type TLocale } from '@cubeshop/shared';
import { parseServerData, toWire, type TIncomingChatMessage } from './frames';
import { InactivityTimer } from './inactivity';
import { Outbox, type OutgoingBody } from './outbox';
import { ReadReports } from './read-reports';
import { chatReducer, isUnseenArrival, refusedMessage, type ChatAction } from './reducer';
import { ChatSocket, chatSocketUrl, defaultChatSocketUrl, type ChatSocketLike } from './socket';
import { catchUpCursors, findMessage, initialChatState, type ChatClientEvent, type ChatMessage, type ChatRole, type ChatState } from './state';

/**
 * The chat client shared by the buyer's widget and the admin console (docs/requirements.md, Screens, States and Validation and
 * 7; protocol in packages/shared/src/chat/events.ts, story in docs/chat.md). It composes:
 *
 * - socket.ts      the WebSocket, connection states, retries, close codes 4401 / 4429;
 * - frames.ts      incoming text decoded and checked against the shared types, outgoing frames;
 * - reducer.ts     the state, a pure function of server events and local actions;
 * - outbox.ts      client message ids, pending until acked, resent after a reconnect;
 * - inactivity.ts  buyer: warning at 270 s, end at 300 s, conversation id cleared 2 s later;
 * - read-reports.ts admin: the read cursor reported to the server, batched, resent if unconfirmed.
 *
 * What this class adds is the wiring: an action goes through the reducer, then the effects that
 * follow from it (frames to send, timers, events for the UI). No React here: the UI subscribes
 * (useSyncExternalStore, use-chat-client.ts) and renders snapshots.
 */

export {
  contiguousSeq,
  type ChatClientEvent,
  type ChatConnectionStatus,
  type ChatInactivityWarning,
  type ChatMessage,
  type ChatRole,
  type ChatState,
} from './state';
export { defaultChatSocketUrl, type ChatSocketLike } from './socket';
export { CHAT_END_CLEAR_MS } from './inactivity';
export { CHAT_READ_REPORT_MS } from './read-reports';

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

export class ChatClient {
  private state: ChatState;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: ChatClientEvent) => void>();
  private readonly url: string;
  private readonly now: () => number;
  private readonly inactivity: boolean;
  private readonly socket: ChatSocket;
  private readonly outbox: Outbox;
  private readonly reads: ReadReports;
  private readonly idle: InactivityTimer;
  /** While above 0, listeners hear of a change once, at the end (a history of many messages). */
  private batching = 0;
  private changed = false;

  constructor(private readonly options: ChatClientOptions) {
    this.state = initialChatState(options.role);
    this.url = options.url ?? defaultChatSocketUrl();
    this.now = options.now ?? (() => Date.now());
    this.inactivity = (options.inactivity ?? options.role === 'buyer') && options.role === 'buyer';
    this.socket = new ChatSocket({
      url: () => this.socketUrl(),
      createSocket: options.createSocket,
      onConnection: (connection) => this.dispatch({ type: 'connection', ...connection }),
      onData: (data) => this.receive(data),
      onLost: () => {
        this.outbox.disconnected();
        this.reads.disconnected();
      },
      onSessionEnded: options.onSessionEnded,
    });
    this.outbox = new Outbox({ send: (message) => this.send(message), randomId: options.randomId });
    this.reads = new ReadReports({
      cursors: () => this.state.read,
      canReport: (gid) => this.outbox.isReady(gid) && !this.state.ended[gid],
      send: (frame) => this.send(frame),
    });
    this.idle = new InactivityTimer(
      {
        onWarning: (gid, endsAt) => this.dispatch({ type: 'warning', warning: { gid, endsAt } }),
        onTimeout: () => this.endForInactivity(),
        onCleared: (gid) => this.dispatch({ type: 'active_cleared', gid }),
      },
      { now: this.now },
    );
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

  private dispatch(action: ChatAction): void {
    const next = chatReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    if (this.batching > 0) this.changed = true;
    else for (const listener of this.listeners) listener();
  }

  private batch(run: () => void): void {
    this.batching += 1;
    try {
      run();
    } finally {
      this.batching -= 1;
      if (this.batching === 0 && this.changed) {
        this.changed = false;
        for (const listener of this.listeners) listener();
      }
    }
  }

  private emit(event: ChatClientEvent) {
    for (const listener of this.eventListeners) listener(event);
  }

  private send(frame: TChatClientFrame): boolean {
    return this.socket.send(toWire(frame));
  }

  // --- connection ---------------------------------------------------------------------------

  /** Opens the connection (no-op when one is open or opening). */
  connect(): void {
    this.socket.connect();
  }

  /** The reconnect button: a fresh round of attempts. */
  reconnect(): void {
    this.socket.reconnect();
  }

  /** Closes for good (widget closed, admin offline): timers and connection end, no retry. */
  close(): void {
    // What was read in the last moment still reaches the server while the socket is open.
    this.reads.flush();
    this.idle.dispose();
    this.socket.close();
    this.dispatch({ type: 'warning', warning: null });
  }

  /** Stops every timer and forgets the listeners (unmount). */
  dispose(): void {
    this.close();
    this.reads.dispose();
    this.listeners.clear();
    this.eventListeners.clear();
  }

  /** The URL with token, language and the catch-up cursor of every conversation held. */
  socketUrl(): string | null {
    return chatSocketUrl(this.url, this.options.getToken(), this.options.language, catchUpCursors(this.state));
  }

  // --- incoming -----------------------------------------------------------------------------

  private receive(data: unknown): void {
    this.batch(() => {
      for (const item of parseServerData(data)) {
        if (item.kind === 'message') this.onMessage(item.frame);
        else this.onServerEvent(item.event);
      }
      this.reads.update();
    });
  }

  private onMessage(frame: TIncomingChatMessage): void {
    const before = this.state;
    const unseen = isUnseenArrival(before, frame);
    // A copy of one of ours (after its ack, or in a catch-up): it is not sent again.
    this.outbox.settle(frame.id);
    this.dispatch({ type: 'message', frame, at: this.now() });
    if (this.state.activeGid === frame.gid && before.activeGid !== frame.gid) this.touch();
    const message = unseen ? findMessage(this.state, frame.gid, frame.id) : undefined;
    if (message) this.emit({ type: 'message', message });
  }

  private onServerEvent(event: TChatEvent): void {
    const before = this.state;
    this.dispatch({ type: 'server', event, at: this.now() });
    switch (event.type) {
      case 'session':
        this.socket.sessionStarted();
        return;
      case 'ack':
        this.outbox.settle(event.id);
        return;
      case 'error': {
        const refused = refusedMessage(before, event);
        if (refused) {
          this.outbox.settle(refused.id);
          this.emit({ type: 'send_failed', id: refused.id, desc: event.desc });
        } else {
          this.emit({ type: 'error', code: event.code, desc: event.desc });
        }
        return;
      }
      case 'synced':
        this.outbox.synced(event.gid);
        return;
      case 'read':
        if (this.state.role === 'admin') this.reads.confirm(event.gid, event.seq);
        return;
      case 'accepted':
        // The server restarts the idle clock when service begins; so does the mirror.
        if (event.gid === this.state.activeGid) this.touch();
        return;
      case 'ended':
        this.outbox.drop(event.gid);
        if (before.activeGid === event.gid) this.idle.ended(event.gid);
        return;
      case 'queue':
        this.emit({ type: 'queue', change: event.change, group: event.group });
        return;
      default:
        return;
    }
  }

  // --- outgoing -----------------------------------------------------------------------------

  private canSendInto(gid: string): boolean {
    return !this.state.ended[gid] && (this.state.role === 'admin' || gid === this.state.activeGid);
  }

  /** A text message; returns its id, or null when nothing was sent (empty, no conversation). */
  sendText(content: string, gid = this.state.activeGid): string | null {
    if (!gid || !this.canSendInto(gid)) return null;
    if (chatTextProblem(content)) return null;
    const text = content.trim();
    return this.write({ type: 'message', gid, content: text }, { kind: 'text', content: text, image: null });
  }

  /** An image message (a data URL of a checked image file). */
  sendImage(dataUrl: string, gid = this.state.activeGid): string | null {
    if (!gid || !this.canSendInto(gid) || !dataUrl) return null;
    return this.write({ type: 'image', gid, image: dataUrl }, { kind: 'image', content: '', image: dataUrl });
  }

  private write(body: OutgoingBody, shown: Pick<ChatMessage, 'kind' | 'content' | 'image'>): string {
    const { id, gid } = this.outbox.add(body);
    const session = this.state.session;
    this.dispatch({
      type: 'sending',
      message: {
        id,
        gid,
        seq: null,
        ...shown,
        uid: session?.uid ?? -1,
        uname: session?.uname ?? '',
        timestamp: this.now(),
        source: shown.content,
        translate: shown.content,
        language: null,
        translation: session?.translation ?? 'off',
        translateError: false,
        status: 'pending',
        isUser: true,
        isSystem: false,
      },
    });
    if (this.state.role === 'buyer') this.touch();
    return id;
  }

  /** Sends a failed message again with the same id. */
  retry(id: string): void {
    const message = findMessage(this.state, undefined, id);
    if (!message || message.status !== 'failed') return;
    this.dispatch({ type: 'resending', id });
    this.outbox.push(
      message.kind === 'image' && message.image
        ? { type: 'image', id, gid: message.gid, image: message.image }
        : { type: 'message', id, gid: message.gid, content: message.content },
    );
  }

  /** Asks the server to translate one message (again) into this user's language. */
  requestTranslation(gid: string, id: string): void {
    this.send({ type: 'translate', gid, id });
  }

  /** A buyer whose conversation ended asks for a new one. */
  startNew(): void {
    this.idle.cancelClear();
    this.dispatch({ type: 'start_new' });
    this.send({ type: 'start' });
  }

  // --- viewing and unread -------------------------------------------------------------------

  /** What the user is looking at ('*' everything, a gid, or null when the window is closed). */
  setViewing(viewing: string | null): void {
    this.dispatch({ type: 'viewing', viewing });
    this.reads.update();
  }

  // --- inactivity (buyer) -------------------------------------------------------------------

  /** The buyer did something: the idle clock starts again. */
  private touch(): void {
    if (!this.inactivity) return;
    const gid = this.state.activeGid;
    this.idle.stop();
    this.dispatch({ type: 'warning', warning: null });
    if (!gid || this.state.ended[gid] || this.socket.stopped) return;
    this.idle.start(gid);
  }

  /** "Continue" on the warning. */
  continueChat(): void {
    const gid = this.state.activeGid;
    if (!gid) return;
    this.send({ type: 'user_active', gid });
    this.touch();
  }

  /** The countdown ran out: system notice, user_inactive frame, gid cleared 2 s later (docs/requirements.md, States). */
  endForInactivity(): void {
    const gid = this.state.activeGid;
    if (!gid || this.state.ended[gid]) return;
    this.send({ type: 'user_inactive', gid, reason: 'inactivity_timeout' });
    this.endHere(gid, 'inactivity_timeout', true);
  }

  /** The buyer closed the chat window: the conversation ends (reason user_closed). */
  endByUser(): void {
    const gid = this.state.activeGid;
    if (!gid || this.state.ended[gid]) return;
    this.send({ type: 'user_inactive', gid, reason: 'user_closed' });
    this.endHere(gid, 'user_ended', false);
  }

  private endHere(gid: string, reason: 'inactivity_timeout' | 'user_ended', notice: boolean): void {
    const wasActive = this.state.activeGid === gid;
    this.outbox.drop(gid);
    this.dispatch({ type: 'ended_here', gid, reason, notice, at: this.now() });
    if (wasActive) this.idle.ended(gid);
  }
}
