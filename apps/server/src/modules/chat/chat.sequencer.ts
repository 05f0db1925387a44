import type { DeliveredMessage } from './chat.bus.js';

/**
 * One socket's reorder buffer for one conversation: ordered, exactly-once delivery. Pure: no
 * timers, no sockets, no database; the fan-out (chat.fanout.ts) acts on what it answers.
 *
 * The socket has been sent every message with from < seq <= last, in order, once (its own
 * messages count as sent: it got their acks). A message that arrives early (another instance
 * published seq N+1 a moment before seq N reached this one) is held until the missing seq
 * arrives or is read from the database; the socket's own early messages are held as silent (never
 * sent back). Events for the conversation queue behind held messages, and an end waits for them,
 * so a client never sees "ended" before the last message.
 */

/** What a drain lets out, in this order: messages, then the queued events. */
export interface Release {
  /** Messages now in order, to send (the socket's own left out). */
  messages: DeliveredMessage[];
  /** Queued events (serialized frames), to send after the messages. Empty while a gap remains. */
  frames: string[];
  /** Messages are still held behind a missing seq: wait for it, then read it from the database. */
  gap: boolean;
  /** An end was pending and everything before it is out: the subscription is over. */
  done: boolean;
}

/** What became of an arriving message: already sent, the next one (send it now), or held. */
export type Arrival = 'stale' | 'next' | 'held';

export class Sequencer {
  /** The socket has everything after this (a catch-up for older messages lowers it). */
  from: number;
  /** The highest seq sent (or acked) to the socket, with everything before it. */
  last: number;
  /** A history load is running: arrivals are held and events queued until it ends. */
  syncing = true;
  private readonly held = new Map<number, DeliveredMessage>();
  /** Seqs of the socket's own messages that arrived early: acked, never sent back. */
  private readonly silent = new Set<number>();
  private frames: string[] = [];
  private ending = false;

  constructor(since: number) {
    this.from = since;
    this.last = since;
  }

  /** Messages or events wait: a drain has something to do. */
  get pending(): boolean {
    return this.held.size > 0 || this.frames.length > 0;
  }

  /** Events must queue (a load runs, or messages are held before them). */
  get blocked(): boolean {
    return this.syncing || this.held.size > 0;
  }

  /** Held seqs, lowest first (for tests and diagnostics). */
  get heldSeqs(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** How far a read of the gap from the database must go: the highest held seq. */
  gapEnd(): number | undefined {
    if (!this.held.size) return undefined;
    let max = -Infinity;
    for (const seq of this.held.keys()) if (seq > max) max = seq;
    return max;
  }

  /**
   * A message published for the conversation. 'next': it is the next one and nothing is being
   * loaded: `last` has moved to it and the caller sends it (unless it is the socket's own).
   * 'held': it waits (early, or a load runs). 'stale': the socket has it already.
   */
  arrive(m: DeliveredMessage, own: boolean): Arrival {
    if (m.seq <= this.last) return 'stale';
    if (this.syncing || m.seq !== this.last + 1) {
      this.held.set(m.seq, m);
      if (own) this.silent.add(m.seq);
      return 'held';
    }
    this.last = m.seq;
    return 'next';
  }

  /** An event for the conversation: true to send it now, false when it was queued behind messages. */
  event(data: string): boolean {
    if (!this.blocked) return true;
    this.frames.push(data);
    return false;
  }

  /** The socket leaves the conversation: true to unsubscribe now, false once what waits is out. */
  end(): boolean {
    if (!this.blocked) return true;
    this.ending = true;
    return false;
  }

  /** A history load starts: arrivals are held from now on. */
  beginLoad(): void {
    this.syncing = true;
  }

  /**
   * One page of stored messages (oldest first) read after `last`: `last` moves to its end and
   * the answer is what to send (the ones the socket had, its own and silent ones left out).
   */
  loaded(page: readonly DeliveredMessage[], isOwn: (id: string) => boolean): DeliveredMessage[] {
    const fresh = page.filter((m) => m.seq > this.last);
    if (fresh.length) this.last = fresh[fresh.length - 1]!.seq;
    return fresh.filter((m) => !this.silent.has(m.seq) && !isOwn(m.id));
  }

  /** The load is over (done or failed); a drain follows. */
  endLoad(): void {
    this.syncing = false;
  }

  /** The whole history up to lastSeq went out without a load (a new conversation). */
  seed(lastSeq: number): void {
    this.last = lastSeq;
    this.syncing = false;
  }

  /**
   * Lets out the held messages that are now in order, then (when nothing is held any more) the
   * queued events. Null while a load runs: its end drains.
   */
  drain(isOwn: (id: string) => boolean): Release | null {
    if (this.syncing) return null;
    const messages: DeliveredMessage[] = [];
    for (let next = this.held.get(this.last + 1); next; next = this.held.get(this.last + 1)) {
      this.held.delete(next.seq);
      if (!this.silent.delete(next.seq) && !isOwn(next.id)) messages.push(next);
      this.last = next.seq;
    }
    for (const seq of this.held.keys()) if (seq <= this.last) this.held.delete(seq);
    for (const seq of this.silent) if (seq <= this.last) this.silent.delete(seq);
    if (this.held.size) return { messages, frames: [], gap: true, done: false };
    const frames = this.frames;
    this.frames = [];
    return { messages, frames, gap: false, done: this.ending };
  }
}
