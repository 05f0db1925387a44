import type { ChatClientFrameMap } from '@cubeshop/shared';

/**
 * Messages on their way to the server (docs/chat.md, "Resends are no-ops"):
 *
 * - every message gets a client-made id (a UUID) when written, and keeps it;
 * - it goes out at once when its conversation is synced on the open socket, else it waits;
 * - it waits until the server stored it (ack) or sent it back (a catch-up carrying it): then it
 *   is settled and never sent again;
 * - after a reconnect, each conversation's waiting messages go again, in the order written, once
 *   the server says the conversation is synced (it has had the catch-up, so a message the server
 *   stored meanwhile came back and was settled: only the others are sent);
 * - the server acks a resend of an id it has without storing it twice, so a resend is safe.
 */

export type OutgoingMessage = ({ type: 'message'; id: string } & ChatClientFrameMap['message']) | ({ type: 'image'; id: string } & ChatClientFrameMap['image']);

/** Without an id yet. */
export type OutgoingBody = { type: 'message'; gid: string; content: string } | { type: 'image'; gid: string; image: string };

/** A message's client id (a v4 UUID; browsers offer randomUUID on HTTPS and on localhost). */
export function randomUuid(): string {
  return crypto.randomUUID();
}

export interface OutboxOptions {
  /** Sends one message on the open socket; false when it could not. */
  send: (message: OutgoingMessage) => boolean;
  randomId?: (() => string) | undefined;
}

export class Outbox {
  /** Not settled yet, by id, in the order written. */
  private readonly pending = new Map<string, OutgoingMessage>();
  /** Conversations synced on the open socket (messages may be sent into them). */
  private readonly ready = new Set<string>();
  private readonly send: (message: OutgoingMessage) => boolean;
  private readonly randomId: () => string;

  constructor(options: OutboxOptions) {
    this.send = options.send;
    this.randomId = options.randomId ?? randomUuid;
  }

  /** A new message: it gets its id, and goes out now if it can. */
  add(body: OutgoingBody): OutgoingMessage {
    const message: OutgoingMessage = { ...body, id: this.randomId() };
    this.push(message);
    return message;
  }

  /** A message (new, or failed and tried again with the same id) waits until settled; sent now if it can. */
  push(message: OutgoingMessage): void {
    this.pending.set(message.id, message);
    if (this.ready.has(message.gid)) this.send(message);
  }

  /** The server has it (ack, or its copy arrived), or refused it: it is not sent again. */
  settle(id: string): void {
    this.pending.delete(id);
  }

  has(id: string): boolean {
    return this.pending.has(id);
  }

  isReady(gid: string): boolean {
    return this.ready.has(gid);
  }

  /** The server synced gid on this socket: its waiting messages go out, in order. */
  synced(gid: string): void {
    this.ready.add(gid);
    for (const message of this.pending.values()) {
      if (message.gid === gid && !this.send(message)) return;
    }
  }

  /** The socket is gone: nothing is synced until the next one says so. */
  disconnected(): void {
    this.ready.clear();
  }

  /** The conversation ended: its waiting messages cannot go anywhere now. */
  drop(gid: string): void {
    this.ready.delete(gid);
    for (const [id, message] of this.pending) if (message.gid === gid) this.pending.delete(id);
  }
}
