import type { Redis } from 'ioredis';
import type { TChatEvent, TChatGroup, TChatPerson, TLocale } from '@cubeshop/shared';

/**
 * How chat events reach sockets. Every instance keeps its own sockets (chat.hub.ts); the bus
 * carries what happened (a stored message, a lifecycle event, a membership change) to every
 * instance, and each instance delivers to its own sockets. Without Redis the bus is a function
 * call; with Redis it is also published on one pub/sub channel per deployment
 * (`<prefix>:chat`), and each instance ignores its own echo (it delivered locally already).
 */

/** A stored message as it travels: everything a receiver's frame is made from. */
export interface DeliveredMessage {
  gid: string;
  seq: number;
  id: string;
  kind: 'text' | 'image' | 'system';
  content: string;
  image: string | null;
  uid: number;
  uname: string;
  timestamp: number;
  language: TLocale | null;
  /** Stored translations by target language. */
  translations: Partial<Record<TLocale, string>>;
  /**
   * Only as first published: its translation is being made and follows as a `tr` event
   * (receivers get translatePending instead of translateError).
   */
  pending?: true;
}

export type BusEvent =
  /** A stored message for everyone subscribed to its conversation. */
  | { k: 'msg'; m: DeliveredMessage }
  /**
   * The translation of a stored message into `language`, for the conversation's sockets of that
   * language, behind the message itself; failed: none could be made (text is the original).
   */
  | { k: 'tr'; gid: string; id: string; seq: number; language: TLocale; text: string; failed?: true }
  /** An event for everyone subscribed to a conversation. */
  | { k: 'gid'; gid: string; frame: TChatEvent }
  /** An event for every socket of one user. */
  | { k: 'user'; uid: number; frame: TChatEvent }
  /** An event for every agent socket (staff who serve chats). */
  | { k: 'agents'; frame: TChatEvent }
  /**
   * uid is now in the conversation: subscribe their sockets (they get its history). history is
   * the whole history when the publisher knows it (a new conversation: the greeting). readSeq:
   * an agent's read cursor of it, sent before the history.
   */
  | { k: 'join'; gid: string; uid: number; group: TChatGroup; history?: DeliveredMessage[]; readSeq?: number }
  /** uid left the conversation: unsubscribe their sockets. */
  | { k: 'leave'; gid: string; uid: number; member: TChatPerson }
  /** The conversation ended: unsubscribe everyone once what was sent before has been delivered. */
  | { k: 'end'; gid: string };

export interface ChatBus {
  readonly kind: 'local' | 'redis';
  /** Delivers locally at once and, with Redis, to the other instances. Never throws. */
  publish(event: BusEvent): void;
  onEvent(handler: (event: BusEvent) => void): void;
  /** Resolves once the bus can carry events (Redis: subscribed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createLocalBus(onError: (err: unknown) => void = () => undefined): ChatBus {
  const handlers: ((event: BusEvent) => void)[] = [];
  return {
    kind: 'local',
    publish(event) {
      for (const handler of handlers) {
        try {
          handler(event);
        } catch (err) {
          onError(err);
        }
      }
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

interface Envelope {
  /** Instance that published. */
  o: string;
  e: BusEvent;
}

export interface RedisBusOptions {
  redis: Redis;
  prefix: string;
  instanceId: string;
  onError: (err: unknown) => void;
}

export function createRedisBus({ redis, prefix, instanceId, onError }: RedisBusOptions): ChatBus {
  const channel = `${prefix}:chat`;
  const handlers: ((event: BusEvent) => void)[] = [];
  const deliver = (event: BusEvent) => {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (err) {
        onError(err);
      }
    }
  };
  let sub: Redis | undefined;
  let subscribed: Promise<void> | undefined;
  const subscribe = () => {
    const connection = redis.duplicate();
    sub = connection;
    connection.on('error', onError);
    connection.on('message', (ch: string, raw: string) => {
      if (ch !== channel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch (err) {
        onError(err);
        return;
      }
      if (envelope.o === instanceId) return;
      deliver(envelope.e);
    });
    return connection.subscribe(channel).then(() => undefined);
  };
  let closed = false;

  return {
    kind: 'redis',
    publish(event) {
      deliver(event);
      if (closed) return;
      redis.publish(channel, JSON.stringify({ o: instanceId, e: event } satisfies Envelope)).catch(onError);
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    /** Subscribes on first call (a CLI process that never calls it opens no extra connection). */
    ready: () => (subscribed ??= subscribe()),
    async close() {
      closed = true;
      const connection = sub;
      if (connection) await connection.quit().catch(() => connection.disconnect());
    },
  };
}
