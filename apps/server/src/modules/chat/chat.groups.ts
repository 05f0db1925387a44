import type { TChatGroup, TChatOnlineAgent, TChatPerson } from '@cubeshop/shared';
import type { ChatClock } from './chat.context.js';
import type { ChatErrorCode } from './chat.errors.js';
import type { PresenceStore } from './chat.presence.js';
import type { ChatRepository, ConversationRow } from './chat.repository.js';

/**
 * Conversations as the chat API and the sockets show them (groups), the agents' lists, and why a
 * user may not use a conversation.
 */

/** A stored conversation as a group; waitingMs runs until now while it waits. */
export function toGroup(row: ConversationRow, agents: TChatPerson[], now: number): TChatGroup {
  const createdAt = row.createdAt.getTime();
  const waitedUntil = row.acceptedAt?.getTime() ?? row.endedAt?.getTime() ?? now;
  return {
    gid: row.gid,
    uid: row.buyerId,
    uname: row.buyerName,
    language: row.language === 'en' ? 'en' : 'zh',
    status: row.status,
    createdAt,
    acceptedAt: row.acceptedAt?.getTime() ?? null,
    endedAt: row.endedAt?.getTime() ?? null,
    endReason: row.endReason,
    waitingMs: Math.max(0, waitedUntil - createdAt),
    lastSeq: row.lastSeq,
    agents,
  };
}

export interface ChatGroupsDeps {
  repo: Pick<ChatRepository, 'agentsOf' | 'findConversation' | 'isActiveMember' | 'listByStatus' | 'listOpenForUser' | 'servingCounts'>;
  presence: Pick<PresenceStore, 'onlineAgents'>;
  clock: ChatClock;
}

export function createChatGroups({ repo, presence, clock }: ChatGroupsDeps) {
  async function groupOf(row: ConversationRow): Promise<TChatGroup> {
    const agents = (await repo.agentsOf([row.gid])).get(row.gid) ?? [];
    return toGroup(row, agents, clock.now());
  }

  async function groupsOf(rows: ConversationRow[]): Promise<TChatGroup[]> {
    const agents = await repo.agentsOf(rows.map((r) => r.gid));
    const at = clock.now();
    return rows.map((r) => toGroup(r, agents.get(r.gid) ?? [], at));
  }

  /**
   * Why a step of uid's on gid did nothing: unknown_gid, ended, forbidden_gid (not an active
   * member), or 'internal' when uid is an active member of the open conversation (it should have
   * worked).
   */
  async function classify(gid: string, uid: number): Promise<ChatErrorCode> {
    const row = await repo.findConversation(gid);
    if (!row) return 'unknown_gid';
    if (row.status === 'ended') return 'ended';
    return (await repo.isActiveMember(gid, uid)) ? 'internal' : 'forbidden_gid';
  }

  return {
    groupOf,
    classify,

    async getGroup(gid: string): Promise<TChatGroup | null> {
      const row = await repo.findConversation(gid);
      return row ? groupOf(row) : null;
    },
    async listWaiting(): Promise<TChatGroup[]> {
      return groupsOf(await repo.listByStatus('waiting'));
    },
    async listServing(): Promise<TChatGroup[]> {
      return groupsOf(await repo.listByStatus('serving'));
    },
    /** Open conversations the user is in (a buyer: theirs; an agent: those they serve). */
    async listJoined(uid: number): Promise<TChatGroup[]> {
      return groupsOf(await repo.listOpenForUser(uid));
    },

    /** Agents online on any instance, with how many conversations each serves. */
    async onlineAgents(): Promise<TChatOnlineAgent[]> {
      const agents = await presence.onlineAgents();
      const counts = await repo.servingCounts(agents.map((a) => a.uid));
      return agents.map((a) => ({ ...a, serving: counts.get(a.uid) ?? 0 })).sort((a, b) => a.uid - b.uid);
    },

    /** Why uid cannot use gid: unknown_gid, forbidden_gid or ended. */
    async refusal(gid: string, uid: number): Promise<ChatErrorCode> {
      const code = await classify(gid, uid);
      return code === 'internal' ? 'forbidden_gid' : code;
    },
  };
}
export type ChatGroups = ReturnType<typeof createChatGroups>;
