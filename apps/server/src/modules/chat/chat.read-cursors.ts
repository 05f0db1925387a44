import type { ChatBus } from './chat.bus.js';
import type { ChatActor, ChatClock } from './chat.context.js';
import { ChatError } from './chat.errors.js';
import type { ChatGroups } from './chat.groups.js';
import type { ChatRepository } from './chat.repository.js';

/**
 * Staff read cursors: per agent and conversation, the highest seq the agent has read, kept on
 * the server so a reloaded console does not present what was read as new.
 */

export interface ReadCursorsDeps {
  repo: Pick<ChatRepository, 'readCursors' | 'advanceReadCursor'>;
  bus: Pick<ChatBus, 'publish'>;
  groups: Pick<ChatGroups, 'classify'>;
  clock: ChatClock;
}

export function createReadCursors({ repo, bus, groups, clock }: ReadCursorsDeps) {
  return {
    /** uid's read cursor of each conversation (0 where nothing was read yet). */
    async readCursors(uid: number, gids: string[]): Promise<Map<string, number>> {
      const stored = await repo.readCursors(uid, gids);
      return new Map(gids.map((gid) => [gid, stored.get(gid) ?? 0]));
    },

    /**
     * The caller has read gid up to seq. The cursor only moves forward and never past the
     * conversation's last message; when it moves, every socket of the caller (on every instance)
     * gets a `read` event. Only an agent of the open conversation may; an ended one is quietly
     * ignored (null), as a late report from a console that just ended service would be.
     */
    async markRead(actor: ChatActor, gid: string, seq: number): Promise<{ seq: number; advanced: boolean } | null> {
      if (!actor.agent) throw new ChatError('not_admin');
      const result = await repo.advanceReadCursor(gid, actor.uid, seq, new Date(clock.now()));
      if (!result) {
        const code = await groups.classify(gid, actor.uid);
        if (code === 'ended') return null;
        throw new ChatError(code === 'internal' ? 'forbidden_gid' : code);
      }
      if (result.advanced) bus.publish({ k: 'user', uid: actor.uid, frame: { type: 'read', gid, seq: result.seq } });
      return result;
    },
  };
}
export type ReadCursors = ReturnType<typeof createReadCursors>;
