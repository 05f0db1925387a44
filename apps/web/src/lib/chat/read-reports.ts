import type { ChatClientFrameMap } from '@cubeshop/shared';

/**
 * Agent: telling the server what this agent has read (docs/chat.md, "Read cursors").
 *
 * The local cursor of each conversation lives in the chat state (`read`, moved by the reducer when
 * a conversation is on screen). This keeps what the server has: the cursor it last confirmed (a
 * `read` event) and the reports sent on the current socket. A conversation whose local cursor is
 * ahead of both is reported:
 *
 * - batched: `update()` starts one timer of CHAT_READ_REPORT_MS; when it fires, one `read` frame
 *   per conversation goes out with its cursor as it then is;
 * - only into a conversation the open socket is synced on (and that has not ended);
 * - again after a reconnect when the server did not confirm it (a new socket forgets what the old
 *   one sent, `disconnected()`);
 * - at once with `flush()` (the console closes).
 */

/** Agent: how long reads of the open conversation are gathered before one `read` frame reports them. */
export const CHAT_READ_REPORT_MS = 1_000;

export type ReadFrame = { type: 'read' } & ChatClientFrameMap['read'];

export interface ReadReportsOptions {
  /** The local cursors (the chat state's `read`). */
  cursors: () => Readonly<Record<string, number>>;
  /** Whether gid may be reported now (synced on the open socket, not ended). */
  canReport: (gid: string) => boolean;
  /** Sends the frame; false when it could not. */
  send: (frame: ReadFrame) => boolean;
  delayMs?: number;
}

export class ReadReports {
  /** The cursor per conversation as the server last said it. */
  private readonly confirmed = new Map<string, number>();
  /** Reports sent on the current socket. */
  private readonly reported = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly delayMs: number;

  constructor(private readonly options: ReadReportsOptions) {
    this.delayMs = options.delayMs ?? CHAT_READ_REPORT_MS;
  }

  /** The server's cursor of gid (a `read` event): it never goes back. */
  confirm(gid: string, seq: number): void {
    this.confirmed.set(gid, Math.max(this.confirmed.get(gid) ?? 0, seq));
  }

  /** Starts the batch timer when something is there to report and no timer runs. */
  update(): void {
    if (this.timer || this.due().length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.delayMs);
  }

  /** Reports what is due now (no waiting). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const [gid, seq] of this.due()) {
      if (this.options.send({ type: 'read', gid, seq })) this.reported.set(gid, seq);
    }
  }

  /** The socket is gone: what it carried may not have arrived. */
  disconnected(): void {
    this.reported.clear();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private due(): [string, number][] {
    return Object.entries(this.options.cursors()).filter(
      ([gid, seq]) => seq > (this.confirmed.get(gid) ?? 0) && seq > (this.reported.get(gid) ?? 0) && this.options.canReport(gid),
    );
  }
}
