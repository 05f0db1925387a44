import { randomUUID } from 'node:crypto';
import type { TChatEndReason, TChatGroup, TChatPerson, TUser } from '@cubeshop/shared';
import type { MessageKey } from '../../lib/messages.js';
import type { ChatBus } from './chat.bus.js';
import type { ChatActor, ChatClock } from './chat.context.js';
import { ChatError } from './chat.errors.js';
import { toGroup, type ChatGroups } from './chat.groups.js';
import { conversationLocale, delivered, systemMessage } from './chat.messages.js';
import type { PresenceStore } from './chat.presence.js';
import type { AgentRef, ChatRepository, ConversationRow, NewMessage } from './chat.repository.js';
import type { SerialQueue } from './chat.serial.js';

/**
 * A conversation's life: opened for a buyer (waiting), accepted by an agent (serving), agents
 * invited and leaving, ended (by the last agent, the buyer, or inactivity). Each step is decided
 * by the repository's conditional statements, stored with its system message, then published:
 * the system message first, then the event, then the agents' queue change.
 */

export interface ConversationsDeps {
  repo: Pick<ChatRepository, 'findOpenByBuyer' | 'createConversation' | 'findConversation' | 'accept' | 'leave' | 'invite' | 'end' | 'readCursors'>;
  bus: Pick<ChatBus, 'publish'>;
  presence: Pick<PresenceStore, 'isOnline'>;
  account: { getUser(id: number): Promise<TUser | undefined> };
  groups: Pick<ChatGroups, 'groupOf'>;
  queue: Pick<SerialQueue, 'run'>;
  clock: ChatClock;
}

const END_MESSAGES: Record<TChatEndReason, MessageKey> = {
  inactivity_timeout: 'chatEndedInactive',
  user_ended: 'chatEndedByUser',
  agent_ended: 'chatEndedByAgent',
};

export function createConversations({ repo, bus, presence, account, groups, queue, clock }: ConversationsDeps) {
  const now = () => new Date(clock.now());

  /** After the end is stored: the last system message, `ended`, the agents' queue, then unsubscribe. */
  function announceEnd(row: ConversationRow, sys: NewMessage, at: Date, agents: TChatPerson[] = []) {
    bus.publish({ k: 'msg', m: delivered(row.gid, row.lastSeq, sys, at) });
    bus.publish({ k: 'gid', gid: row.gid, frame: { type: 'ended', gid: row.gid, reason: row.endReason ?? 'agent_ended', at: at.getTime() } });
    bus.publish({ k: 'agents', frame: { type: 'queue', change: 'ended', group: toGroup(row, agents, at.getTime()) } });
    bus.publish({ k: 'end', gid: row.gid });
  }

  /**
   * Ends an open conversation (in the conversation's queue). With idleSince, only when the buyer
   * has been idle since then. The ended row, or null when there was nothing to end.
   */
  function end(gid: string, reason: TChatEndReason, idleSince?: Date): Promise<ConversationRow | null> {
    return queue.run(gid, async () => {
      const at = now();
      let sys: NewMessage | undefined;
      const row = await repo.end(gid, reason, at, (r) => (sys = systemMessage(END_MESSAGES[reason], conversationLocale(r))), idleSince);
      if (!row || !sys) return null;
      announceEnd(row, sys, at);
      return row;
    });
  }

  return {
    end,

    /**
     * The buyer's open conversation, made (waiting, greeting as message 1) when there is none.
     * A new one is announced to the agents and to the buyer's sockets on every instance.
     */
    async openForBuyer(actor: ChatActor): Promise<{ group: TChatGroup; created: boolean }> {
      const existing = await repo.findOpenByBuyer(actor.uid);
      if (existing) return { group: await groups.groupOf(existing), created: false };
      const at = now();
      const greeting = systemMessage('chatGreeting', actor.language);
      const { row, created } = await repo.createConversation({
        gid: randomUUID(),
        buyerId: actor.uid,
        buyerName: actor.uname,
        language: actor.language,
        now: at,
        greeting,
      });
      const group = created ? toGroup(row, [], at.getTime()) : await groups.groupOf(row);
      if (created) {
        bus.publish({ k: 'agents', frame: { type: 'queue', change: 'waiting', group } });
        bus.publish({ k: 'join', gid: row.gid, uid: actor.uid, group, history: [delivered(row.gid, 1, greeting, at)] });
      }
      return { group, created };
    },

    /** The buyer's client ended the chat (its idle timer, or the buyer closed it). Idempotent. */
    async endByBuyer(actor: ChatActor, gid: string, reason: string): Promise<void> {
      if (actor.agent) throw new ChatError('not_buyer');
      const row = await repo.findConversation(gid);
      if (!row) throw new ChatError('unknown_gid');
      if (row.buyerId !== actor.uid) throw new ChatError('forbidden_gid');
      if (row.status === 'ended') return;
      await end(gid, reason === 'inactivity_timeout' ? 'inactivity_timeout' : 'user_ended');
    },

    /** An agent accepts a waiting buyer. */
    async accept(staff: ChatActor, gid: string): Promise<TChatGroup> {
      const agent: AgentRef = { uid: staff.uid, uname: staff.uname };
      const at = now();
      let sys: NewMessage | undefined;
      const row = await queue.run(gid, () =>
        repo.accept(gid, agent, at, (r) => (sys = systemMessage('chatAccepted', conversationLocale(r), { name: staff.uname }))),
      );
      if (!row || !sys) {
        const current = await repo.findConversation(gid);
        throw new ChatError(!current ? 'unknown_gid' : current.status === 'ended' ? 'ended' : 'not_waiting');
      }
      const group = await groups.groupOf(row);
      // join first: the agent's sockets load the history (which has the system message already).
      // Nobody served it before, so nothing of it has been read by the agent.
      bus.publish({ k: 'join', gid, uid: staff.uid, group, readSeq: 0 });
      bus.publish({ k: 'msg', m: delivered(gid, row.lastSeq, sys, at) });
      bus.publish({ k: 'gid', gid, frame: { type: 'accepted', gid, agent, at: at.getTime() } });
      bus.publish({ k: 'gid', gid, frame: { type: 'group', group } });
      bus.publish({ k: 'agents', frame: { type: 'queue', change: 'serving', group } });
      return group;
    },

    /** An agent leaves; the last agent leaving ends the conversation. */
    async leave(staff: ChatActor, gid: string): Promise<TChatGroup> {
      const agent: AgentRef = { uid: staff.uid, uname: staff.uname };
      const at = now();
      let left: NewMessage | undefined;
      let ended: NewMessage | undefined;
      const result = await queue.run(gid, () =>
        repo.leave(
          gid,
          agent,
          at,
          (r) => (left = systemMessage('chatMemberLeft', conversationLocale(r), { name: staff.uname })),
          (r) => (ended = systemMessage('chatEndedByAgent', conversationLocale(r))),
        ),
      );
      if ('error' in result) throw new ChatError(result.error ?? 'internal');
      const { row } = result;
      if (result.ended && ended) {
        const group = toGroup(row, [], at.getTime());
        announceEnd(row, ended, at);
        return group;
      }
      const group = await groups.groupOf(row);
      if (left) bus.publish({ k: 'msg', m: delivered(gid, row.lastSeq, left, at) });
      bus.publish({ k: 'gid', gid, frame: { type: 'member_left', gid, member: agent } });
      bus.publish({ k: 'gid', gid, frame: { type: 'group', group } });
      bus.publish({ k: 'leave', gid, uid: staff.uid, member: agent });
      bus.publish({ k: 'agents', frame: { type: 'queue', change: 'serving', group } });
      return group;
    },

    /** Brings another online agent into a conversation the caller serves. */
    async invite(staff: ChatActor, gid: string, uid: number): Promise<TChatGroup> {
      if (uid === staff.uid) throw new ChatError('already_member');
      const target = await account.getUser(uid);
      if (!target?.admin) throw new ChatError('invitee_not_admin');
      if (!(await presence.isOnline(uid))) throw new ChatError('admin_offline');
      const inviter: AgentRef = { uid: staff.uid, uname: staff.uname };
      const invitee: AgentRef = { uid: target.id, uname: target.name || target.account };
      const at = now();
      let sys: NewMessage | undefined;
      const result = await queue.run(gid, () =>
        repo.invite(gid, inviter, invitee, at, (r) => (sys = systemMessage('chatMemberJoined', conversationLocale(r), { name: invitee.uname }))),
      );
      if ('error' in result) throw new ChatError(result.error ?? 'internal');
      const group = await groups.groupOf(result.row);
      // A colleague invited back keeps what they had read before.
      const readSeq = (await repo.readCursors(invitee.uid, [gid])).get(gid) ?? 0;
      bus.publish({ k: 'join', gid, uid: invitee.uid, group, readSeq });
      if (sys) bus.publish({ k: 'msg', m: delivered(gid, result.row.lastSeq, sys, at) });
      bus.publish({ k: 'gid', gid, frame: { type: 'member_joined', gid, member: invitee, invitedBy: inviter } });
      bus.publish({ k: 'gid', gid, frame: { type: 'group', group } });
      bus.publish({ k: 'agents', frame: { type: 'queue', change: 'serving', group } });
      return group;
    },
  };
}
export type Conversations = ReturnType<typeof createConversations>;
