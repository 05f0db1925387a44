import { CHAT_CLOSE_CODES, CHAT_RECONNECT_ATTEMPTS, CHAT_RECONNECT_DELAY_MS, MIN_TOKEN_LENGTH, formatChatSince, type TLocale } from '@cubeshop/shared';
import type { ChatConnection, ChatConnectionStatus } from './state';

/**
 * The chat's transport (docs/requirements.md, States): one WebSocket at a time and its connection state.
 *
 * - states connecting / connected / reconnecting / disconnected;
 * - on a close that is not 1000, up to 3 automatic retries 3 s apart, then the reconnect button
 *   (`reconnect()`); the count starts again when the server's session frame arrives
 *   (`sessionStarted()`), not on open, so a server that accepts and drops at once is not retried
 *   for ever;
 * - 4401 (the session behind the token ended): no retry with that token, `onSessionEnded`;
 * - 4429 (too many connections of this user): no retry until the button;
 * - no URL (no usable token): no socket at all, problem `no_token`.
 *
 * It knows nothing of frames: text goes out through `send` and comes in through `onData`.
 */

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

export interface ChatSocketOptions {
  /** The URL to open, or null when there is no usable token. Asked again on every (re)connect. */
  url: () => string | null;
  createSocket?: ((url: string) => ChatSocketLike) | undefined;
  /** The connection state changed. */
  onConnection: (connection: ChatConnection) => void;
  /** A frame's data, as the socket delivered it. */
  onData: (data: unknown) => void;
  /** The socket in use is gone (closed by the server, dropped or replaced here). */
  onLost?: (() => void) | undefined;
  /** The server closed with 4401: the session behind the token ended. */
  onSessionEnded?: (() => void) | undefined;
  attempts?: number;
  delayMs?: number;
}

/**
 * The browser's WebSocket behind the interface above (looked up at each connect, so a page or a
 * test may replace it). Its handlers take the DOM's event types, so they are forwarded, not shared.
 */
function browserSocket(url: string): ChatSocketLike {
  const socket = new WebSocket(url);
  const adapter: ChatSocketLike = {
    get readyState() {
      return socket.readyState;
    },
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
  };
  socket.onopen = (event) => adapter.onopen?.(event);
  socket.onclose = (event) => adapter.onclose?.(event);
  socket.onerror = (event) => adapter.onerror?.(event);
  socket.onmessage = (event) => adapter.onmessage?.(event);
  return adapter;
}

export function defaultChatSocketUrl(): string {
  const base = import.meta.env.VITE_CHAT_API_BASE || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const url = new URL('/ws', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * `<base>?token=..&language=..[&since=<gid>:<seq>,...]`, or null without a stored token of at
 * least 10 characters (docs/requirements.md, Validation).
 */
export function chatSocketUrl(base: string, token: string | null, language: TLocale, cursors: Record<string, number>): string | null {
  if (!token || token.length < MIN_TOKEN_LENGTH) return null;
  const params = new URLSearchParams({ token, language });
  const since = formatChatSince(cursors);
  if (since) params.set('since', since);
  return `${base}?${params.toString()}`;
}

export class ChatSocket {
  private readonly options: ChatSocketOptions & { createSocket: (url: string) => ChatSocketLike; attempts: number; delayMs: number };
  private socket: ChatSocketLike | null = null;
  /** Set by close() and by 4401: no automatic reconnect. */
  private stoppedHere = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private current: ChatConnection = { status: 'disconnected', problem: null, attempt: 0 };

  constructor(options: ChatSocketOptions) {
    this.options = {
      ...options,
      createSocket: options.createSocket ?? browserSocket,
      attempts: options.attempts ?? CHAT_RECONNECT_ATTEMPTS,
      delayMs: options.delayMs ?? CHAT_RECONNECT_DELAY_MS,
    };
  }

  get connection(): ChatConnection {
    return this.current;
  }

  /** Closed on purpose (close(), or the session ended): nothing reconnects until connect() or reconnect(). */
  get stopped(): boolean {
    return this.stoppedHere;
  }

  /** Opens the connection (no-op when one is open or opening). */
  connect(): void {
    this.stoppedHere = false;
    if (this.socket) return;
    this.attempts = 0;
    this.open('connecting');
  }

  /** The reconnect button: a fresh round of attempts on a new socket. */
  reconnect(): void {
    this.stoppedHere = false;
    this.clearRetry();
    this.drop('replaced');
    this.attempts = 0;
    this.open('connecting');
  }

  /** Closes with 1000 for good: no retry. */
  close(): void {
    this.stoppedHere = true;
    this.clearRetry();
    this.drop('closed');
    this.set({ status: 'disconnected', attempt: 0 });
  }

  /** The server's session frame arrived: the connection works, the retry count starts again. */
  sessionStarted(): void {
    this.attempts = 0;
  }

  /** Sends one frame as JSON; false when there is no open socket (the caller keeps what must not be lost). */
  send(frame: object): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private set(patch: Partial<ChatConnection> & { status: ChatConnectionStatus }) {
    this.current = { ...this.current, ...patch };
    this.options.onConnection(this.current);
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private drop(reason: string) {
    const socket = this.socket;
    if (!socket) return;
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
    this.socket = null;
    this.options.onLost?.();
    if (socket.readyState <= OPEN) {
      try {
        socket.close(CHAT_CLOSE_CODES.normal, reason);
      } catch {
        /* already closing */
      }
    }
  }

  private open(status: 'connecting' | 'reconnecting') {
    const url = this.options.url();
    if (!url) {
      // docs/requirements.md, Validation: the connection opens only with a stored token of 10+ characters.
      this.set({ status: 'disconnected', problem: 'no_token', attempt: 0 });
      return;
    }
    this.set({ status, problem: null, attempt: status === 'reconnecting' ? this.attempts : 0 });
    let socket: ChatSocketLike;
    try {
      socket = this.options.createSocket(url);
    } catch {
      this.closed(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.set({ status: 'connected', attempt: 0, problem: null });
    socket.onerror = () => {
      // docs/requirements.md, Errors: a socket error means disconnected; the close that follows decides on retries.
      if (this.current.status === 'connected') this.set({ status: 'disconnected' });
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onLost?.();
      this.closed(event.code);
    };
    socket.onmessage = (event) => this.options.onData(event.data);
  }

  private closed(code: number) {
    if (this.stoppedHere || code === CHAT_CLOSE_CODES.normal) {
      this.set({ status: 'disconnected', attempt: 0 });
      return;
    }
    if (code === CHAT_CLOSE_CODES.sessionEnded) {
      // Reconnecting with this token cannot work: the app shows the signed-out state.
      this.stoppedHere = true;
      this.set({ status: 'disconnected', problem: 'unauthorized', attempt: 0 });
      this.options.onSessionEnded?.();
      return;
    }
    if (code === CHAT_CLOSE_CODES.tooManySockets) {
      // Other tabs or devices hold this user's connections: reconnect by hand after closing one.
      this.set({ status: 'disconnected', problem: 'too_many', attempt: 0 });
      return;
    }
    if (this.attempts >= this.options.attempts) {
      this.set({ status: 'disconnected', problem: 'retries_exhausted', attempt: 0 });
      return;
    }
    this.attempts += 1;
    this.set({ status: 'reconnecting', attempt: this.attempts });
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stoppedHere) this.open('reconnecting');
    }, this.options.delayMs);
  }
}
