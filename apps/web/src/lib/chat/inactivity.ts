import { CHAT_END_MS, CHAT_WARNING_MS } from '@cubeshop/shared';

/**
 * The buyer's idle clock, mirroring the server's (docs/requirements.md, States and Constants):
 *
 * - `start(gid)`: the buyer did something (wrote, pressed "continue", the conversation began or
 *   an agent accepted it): the clock starts again from zero;
 * - at 270 000 ms idle: `onWarning(gid, endsAt)`, the 30 s countdown to endsAt;
 * - at 300 000 ms idle: `onTimeout(gid)` (the client adds the system notice and sends
 *   user_inactive);
 * - `ended(gid)`: the conversation is over (here or on the server): the clock stops, and 2 s later
 *   `onCleared(gid)` clears the conversation id.
 */

/** How long an ended conversation stays the open one (its id is cleared afterwards). */
export const CHAT_END_CLEAR_MS = 2_000;

export interface InactivityCallbacks {
  onWarning: (gid: string, endsAt: number) => void;
  onTimeout: (gid: string) => void;
  onCleared: (gid: string) => void;
}

export interface InactivityOptions {
  now?: () => number;
  warningMs?: number;
  endMs?: number;
  clearMs?: number;
}

export class InactivityTimer {
  private warningTimer: ReturnType<typeof setTimeout> | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  private clearTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;
  private readonly warningMs: number;
  private readonly endMs: number;
  private readonly clearMs: number;

  constructor(
    private readonly callbacks: InactivityCallbacks,
    options: InactivityOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.warningMs = options.warningMs ?? CHAT_WARNING_MS;
    this.endMs = options.endMs ?? CHAT_END_MS;
    this.clearMs = options.clearMs ?? CHAT_END_CLEAR_MS;
  }

  /** Whether the idle clock runs. */
  get running(): boolean {
    return this.endTimer !== null;
  }

  /** (Re)starts the idle clock of gid. */
  start(gid: string): void {
    this.stop();
    this.warningTimer = setTimeout(() => {
      this.warningTimer = null;
      this.callbacks.onWarning(gid, this.now() + (this.endMs - this.warningMs));
    }, this.warningMs);
    this.endTimer = setTimeout(() => {
      this.endTimer = null;
      this.callbacks.onTimeout(gid);
    }, this.endMs);
  }

  /** Stops the idle clock (no warning, no timeout). */
  stop(): void {
    if (this.warningTimer) clearTimeout(this.warningTimer);
    if (this.endTimer) clearTimeout(this.endTimer);
    this.warningTimer = this.endTimer = null;
  }

  /** gid ended: the clock stops and the id is cleared after CHAT_END_CLEAR_MS. */
  ended(gid: string): void {
    this.stop();
    this.cancelClear();
    this.clearTimer = setTimeout(() => {
      this.clearTimer = null;
      this.callbacks.onCleared(gid);
    }, this.clearMs);
  }

  /** A new conversation was asked for: the pending clear is moot. */
  cancelClear(): void {
    if (this.clearTimer) clearTimeout(this.clearTimer);
    this.clearTimer = null;
  }

  /** Every timer stops (the chat closed). */
  dispose(): void {
    this.stop();
    this.cancelClear();
  }
}
