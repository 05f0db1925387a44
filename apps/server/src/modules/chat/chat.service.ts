import type { SwitchableClock, ChatClock } from './chat.context.js';
import type { Conversations } from './chat.conversations.js';
import type { ChatGroups } from './chat.groups.js';
import type { IdleRule } from './chat.idle.js';
import type { Messaging } from './chat.messaging.js';
import type { ReadCursors } from './chat.read-cursors.js';
import type { SerialQueue } from './chat.serial.js';

export { ChatError, type ChatErrorCode } from './chat.errors.js';
export { systemClock, type ChatActor, type ChatClock } from './chat.context.js';
export type { SendInput, SendResult } from './chat.messaging.js';

/**
 * The chat's rules as one service (the routes, the gateway, the hub and tests call it): no HTTP,
 * no sockets. Each rule lives in its own unit, composed in chat.module.ts:
 * conversations (lifecycle), messaging (send, history, translation), read cursors, the idle
 * rule, and groups (lists and refusals). Steps on one conversation run one after another on this
 * instance (queue).
 */
export interface ChatServiceParts {
  clock: SwitchableClock;
  translationMode: 'on' | 'off';
  groups: ChatGroups;
  conversations: Conversations;
  messaging: Messaging;
  reads: ReadCursors;
  idle: IdleRule;
  queue: Pick<SerialQueue, 'drain'>;
}

export function createChatService({ clock, translationMode, groups, conversations, messaging, reads, idle, queue }: ChatServiceParts) {
  return {
    get clock(): ChatClock {
      return clock;
    },
    /** Tests and tools: drive the inactivity timeout with another clock. */
    setClock(next: ChatClock) {
      clock.set(next);
    },
    translationMode,

    // conversation lifecycle
    openForBuyer: conversations.openForBuyer.bind(conversations),
    accept: conversations.accept.bind(conversations),
    leave: conversations.leave.bind(conversations),
    invite: conversations.invite.bind(conversations),
    endByBuyer: conversations.endByBuyer.bind(conversations),

    // messages
    send: messaging.send.bind(messaging),
    history: messaging.history.bind(messaging),
    translateMessage: messaging.translateMessage.bind(messaging),

    // read cursors (staff)
    readCursors: reads.readCursors.bind(reads),
    markRead: reads.markRead.bind(reads),

    // the idle clock
    markActive: idle.markActive.bind(idle),
    sweep: idle.sweep.bind(idle),

    // lists and views
    getGroup: groups.getGroup.bind(groups),
    listWaiting: groups.listWaiting.bind(groups),
    listServing: groups.listServing.bind(groups),
    listJoined: groups.listJoined.bind(groups),
    onlineAgents: groups.onlineAgents.bind(groups),
    refusal: groups.refusal.bind(groups),

    /** Waits for the messages being stored right now (shutdown). */
    drain: queue.drain,
  };
}
export type ChatService = ReturnType<typeof createChatService>;
