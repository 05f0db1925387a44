import type { FastifyBaseLogger } from 'fastify';
import { CHAT_COUNTDOWN_S, CHAT_END_MS, CHAT_WARNING_MS } from '@cubeshop/shared';
import type { ChatBus } from './chat.bus.js';
import type { ChatActor, ChatClock } from './chat.context.js';
import type { Conversations } from './chat.conversations.js';
import { ChatError } from './chat.errors.js';
import type { ChatGroups } from './chat.groups.js';
import type { ChatRepository } from './chat.repository.js';

/**
 * The buyer's idle clock (docs/requirements.md, States): a message or "continue" restarts it; at 4.5 minutes
 * of silence every member is warned (once per idle period), at 5 minutes the conversation ends.
 * Every instance sweeps; the repository's conditional updates make exactly one of them act.
 */

export interface IdleRuleDeps {
  repo: Pick<ChatRepository, 'touchActivity' | 'idleSince' | 'claimWarning'>;
  bus: Pick<ChatBus, 'publish'>;
  conversations: Pick<Conversations, 'end'>;
  groups: Pick<ChatGroups, 'classify'>;
  clock: ChatClock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export function createIdleRule({ repo, bus, conversations, groups, clock, log }: IdleRuleDeps) {
  return {
    /** "Continue" on the warning: the buyer's idle clock starts again. */
    async markActive(actor: ChatActor, gid: string): Promise<void> {
      if (actor.agent) throw new ChatError('not_buyer');
      if (!(await repo.touchActivity(gid, actor.uid, new Date(clock.now())))) throw new ChatError(await groups.classify(gid, actor.uid));
    },

    /**
     * One pass of the rule: a conversation whose buyer has been idle for 4.5 minutes gets the
     * warning (once per idle period), at 5 minutes it ends. A failure on one conversation is
     * logged and the others go on.
     */
    async sweep(): Promise<{ warned: string[]; ended: string[] }> {
      const at = clock.now();
      const warnCutoff = new Date(at - CHAT_WARNING_MS);
      const endCutoff = new Date(at - CHAT_END_MS);
      const warned: string[] = [];
      const ended: string[] = [];
      for (const row of await repo.idleSince(warnCutoff)) {
        try {
          if (row.lastActivityAt.getTime() <= endCutoff.getTime()) {
            if (await conversations.end(row.gid, 'inactivity_timeout', endCutoff)) ended.push(row.gid);
          } else if (!row.warnedAt && (await repo.claimWarning(row.gid, warnCutoff, new Date(at)))) {
            warned.push(row.gid);
            bus.publish({
              k: 'gid',
              gid: row.gid,
              frame: { type: 'inactivity_warning', gid: row.gid, countdownS: CHAT_COUNTDOWN_S, endsAt: row.lastActivityAt.getTime() + CHAT_END_MS },
            });
          }
        } catch (err) {
          log.error({ err, gid: row.gid }, 'chat: inactivity rule failed for a conversation');
        }
      }
      return { warned, ended };
    },
  };
}
export type IdleRule = ReturnType<typeof createIdleRule>;

/**
 * Runs the sweep every intervalMs, one pass at a time (a slow pass delays the next, never
 * overlaps it). Nothing runs until start().
 */
export function createIdleSweeper({ sweep, intervalMs, log }: { sweep: () => Promise<unknown>; intervalMs: number; log: Pick<FastifyBaseLogger, 'error'> }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = running.then(() => sweep()).catch((err: unknown) => log.error({ err }, 'chat: inactivity sweep failed'));
    return running;
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void pass(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    /** One pass now, after the one running. */
    async runNow(): Promise<void> {
      await pass();
    },
    /** Settles when the pass running now (if any) is over. */
    async settled(): Promise<void> {
      await running;
    },
  };
}
export type IdleSweeper = ReturnType<typeof createIdleSweeper>;
