import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_COUNTDOWN_S,
  CHAT_END_MS,
  CHAT_SYSTEM_NAME,
  CHAT_WARNING_MS,
  chatTextProblem,
  type TChatEndReason,
  type TChatGroup,
  type TChatOnlineAdmin,
  type TChatPerson,
  type TLocale,
  type TUser,
} from '@cubeshop/shared';
import { message, type MessageKey } from '../../lib/messages.js';
import type { ChatBus, DeliveredMessage } from './chat.bus.js';
import { ChatError, type ChatErrorCode } from './chat.errors.js';
import { ChatImageError, type ChatImageStore } from './chat.images.js';

export { ChatError, type ChatErrorCode };
import type { PresenceStore } from './chat.presence.js';
import { isUniqueViolation, type AgentRef, type ChatRepository, type ConversationRow, type NewMessage } from './chat.repository.js';
import { detectLanguage, otherLocale, type Translator } from './chat.translate.js';

/** Who acts: the signed-in user behind a socket or an HTTP call, with the chat language. */
export interface ChatActor {
  uid: number;
  uname: string;
  admin: boolean;
  language: TLocale;
}

/** Time as the chat sees it; tests swap it for a clock they move by hand. */
export interface ChatClock {
  now(): number;
}
export const systemClock: ChatClock = { now: () => Date.now() };

export interface SendInput {
  gid: string;
  id?: string | undefined;
  content?: string | undefined;
  /** Data URL or base64 of an image. */
  image?: string | undefined;
  /**
   * Epoch ms (real time) by which the message must go out: translation gives up at this point
   * and the message is sent untranslated. Default: 5 s from now.
   */
  deadline?: number | undefined;
}

export interface SendResult {
  gid: string;
  id: string;
  seq: number;
  timestamp: number;
  duplicate: boolean;
}

export interface ChatServiceDeps {
  repo: ChatRepository;
  bus: ChatBus;
  presence: PresenceStore;
  translator: Translator;
  images: ChatImageStore;
  account: { getUser(id: number): Promise<TUser | undefined> };
  log: FastifyBaseLogger;
  clock?: ChatClock;
}

/** Messages the server writes: in the buyer's language, with the other language stored as translation. */
function systemMessage(key: MessageKey, language: TLocale, params: Record<string, string | number> = {}): NewMessage {
  const other = otherLocale(language);
  return {
    id: randomUUID(),
    senderId: null,
    senderName: CHAT_SYSTEM_NAME,
    kind: 'system',
    content: message(key, language, params),
    image: null,
    language,
    translations: [{ language: other, text: message(key, other, params) }],
  };
}

function delivered(gid: string, seq: number, m: NewMessage, at: Date): DeliveredMessage {
  return {
    gid,
    seq,
    id: m.id,
    kind: m.kind,
    content: m.content,
    image: m.image,
    uid: m.senderId ?? 0,
    uname: m.senderName,
    timestamp: at.getTime(),
    language: m.language,
    translations: Object.fromEntries(m.translations.map((t) => [t.language, t.text])),
  };
}

export function toGroup(row: ConversationRow, agents: TChatPerson[], now: number): TChatGroup {
  const createdAt = row.createdAt.getTime();
  const waitedUntil = row.acceptedAt?.getTime() ?? row.endedAt?.getTime() ?? now;
  return {
    gid: row.gid,
    uid: row.buyerId,
    uname: row.buyerName,
    language: row.language === 'en' ? 'en' : 'zh',
    status: row.status as TChatGroup['status'],
    createdAt,
    acceptedAt: row.acceptedAt?.getTime() ?? null,
    endedAt: row.endedAt?.getTime() ?? null,
    endReason: (row.endReason as TChatEndReason | null) ?? null,
    waitingMs: Math.max(0, waitedUntil - createdAt),
    lastSeq: row.lastSeq,
    agents,
  };
}

export function createChatService(deps: ChatServiceDeps) {
  const { repo, bus, presence, translator, images, account, log } = deps;
  let clock = deps.clock ?? systemClock;
  const now = () => new Date(clock.now());

  /** Per conversation, this instance stores messages one after another, so a sender's order holds. */
  const chains = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<unknown>>();
  function serial<T>(gid: string, work: () => Promise<T>): Promise<T> {
    const previous = chains.get(gid) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    chains.set(gid, settled);
    inFlight.add(settled);
    void settled.then(() => {
      inFlight.delete(settled);
      if (chains.get(gid) === settled) chains.delete(gid);
    });
    return next;
  }

  async function groupOf(row: ConversationRow): Promise<TChatGroup> {
    const agents = (await repo.agentsOf([row.gid])).get(row.gid) ?? [];
    return toGroup(row, agents, clock.now());
  }

  async function groupsOf(rows: ConversationRow[]): Promise<TChatGroup[]> {
    const agents = await repo.agentsOf(rows.map((r) => r.gid));
    const at = clock.now();
    return rows.map((r) => toGroup(r, agents.get(r.gid) ?? [], at));
  }

  async function classify(gid: string, uid: number): Promise<ChatErrorCode> {
    const row = await repo.findConversation(gid);
    if (!row) return 'unknown_gid';
    if (row.status === 'ended') return 'ended';
    return (await repo.isActiveMember(gid, uid)) ? 'internal' : 'forbidden_gid';
  }

  async function resend(gid: string, id: string, uid: number): Promise<SendResult> {
    const stored = await repo.findMessage(gid, id);
    if (!stored) throw new ChatError('internal');
    if (stored.senderId !== uid) throw new ChatError('duplicate_id');
    return { gid, id, seq: stored.seq, timestamp: stored.createdAt.getTime(), duplicate: true };
  }

  /** After a lifecycle change: the system message, then the event, then the lists of admins. */
  function announceEnd(row: ConversationRow, sys: NewMessage, at: Date, agents: TChatPerson[] = []) {
    bus.publish({ k: 'msg', m: delivered(row.gid, row.lastSeq, sys, at) });
    bus.publish({ k: 'gid', gid: row.gid, frame: { type: 'ended', gid: row.gid, reason: (row.endReason ?? 'agent_ended') as TChatEndReason, at: at.getTime() } });
    bus.publish({ k: 'admins', frame: { type: 'queue', change: 'ended', group: toGroup(row, agents, at.getTime()) } });
    bus.publish({ k: 'end', gid: row.gid });
  }

  async function endConversation(gid: string, reason: TChatEndReason, idleSince?: Date): Promise<ConversationRow | null> {
    const at = now();
    let sys: NewMessage | undefined;
    const key: MessageKey = reason === 'inactivity_timeout' ? 'chatEndedInactive' : reason === 'user_ended' ? 'chatEndedByUser' : 'chatEndedByAgent';
    const row = await repo.end(gid, reason, at, (r) => (sys = systemMessage(key, r.language === 'en' ? 'en' : 'zh')), idleSince);
    if (!row || !sys) return null;
    announceEnd(row, sys, at);
    return row;
  }

  return {
    get clock(): ChatClock {
      return clock;
    },
    /** Tests and tools: drive the inactivity timeout with another clock. */
    setClock(next: ChatClock) {
      clock = next;
    },
    translationMode: translator.mode,

    /**
     * The buyer's open conversation, made (waiting, greeting as message 1) when there is none.
     * A new one is announced to the admins and to the buyer's sockets on every instance.
     */
    async openForBuyer(actor: ChatActor): Promise<{ group: TChatGroup; created: boolean }> {
      const existing = await repo.findOpenByBuyer(actor.uid);
      if (existing) return { group: await groupOf(existing), created: false };
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
      const group = created ? toGroup(row, [], at.getTime()) : await groupOf(row);
      if (created) {
        bus.publish({ k: 'admins', frame: { type: 'queue', change: 'waiting', group } });
        bus.publish({ k: 'join', gid: row.gid, uid: actor.uid, group, history: [delivered(row.gid, 1, greeting, at)] });
      }
      return { group, created };
    },

    /**
     * Stores a message and sends it out. A resend of a stored id is acknowledged again and not
     * sent twice. Text is translated into the other language before it is stored (a failed
     * translation is not stored: receivers get the original with translateError).
     */
    send(actor: ChatActor, input: SendInput): Promise<SendResult> {
      return serial(input.gid, async () => {
        const { gid } = input;
        const id = input.id ?? randomUUID();
        // A resend is caught by the unique (gid, id) index when it is stored; look first only
        // when that saves real work (an image to re-encode, a text to translate).
        const costly = input.image !== undefined || translator.mode === 'on';
        if (input.id && costly && (await repo.findMessage(gid, id))) return resend(gid, id, actor.uid);

        let m: NewMessage;
        if (input.image !== undefined) {
          let url: string;
          try {
            url = (await images.save(input.image)).url;
          } catch (err) {
            if (err instanceof ChatImageError) throw new ChatError(err.code);
            throw err;
          }
          m = { id, senderId: actor.uid, senderName: actor.uname, kind: 'image', content: '', image: url, language: null, translations: [] };
        } else {
          const text = input.content ?? '';
          const problem = chatTextProblem(text);
          if (problem) throw new ChatError(problem);
          const content = text.trim();
          const language = detectLanguage(content, actor.language);
          const translations: NewMessage['translations'] = [];
          if (language && translator.mode === 'on') {
            const target = otherLocale(language);
            const translated = await translator.translate(content, language, target, input.deadline);
            if (translated !== null) translations.push({ language: target, text: translated });
          }
          m = { id, senderId: actor.uid, senderName: actor.uname, kind: 'text', content, image: null, language, translations };
        }

        const at = now();
        let seq: number | null;
        try {
          seq = await repo.appendMessage(gid, { ...m, senderId: actor.uid }, at, !actor.admin);
        } catch (err) {
          if (isUniqueViolation(err)) return resend(gid, id, actor.uid);
          throw err;
        }
        if (seq === null) throw new ChatError(await classify(gid, actor.uid));
        bus.publish({ k: 'msg', m: delivered(gid, seq, m, at) });
        return { gid, id, seq, timestamp: at.getTime(), duplicate: false };
      });
    },

    /** "Continue" on the warning: the buyer's idle clock starts again. */
    async markActive(actor: ChatActor, gid: string): Promise<void> {
      if (actor.admin) throw new ChatError('not_buyer');
      if (!(await repo.touchActivity(gid, actor.uid, now()))) throw new ChatError(await classify(gid, actor.uid));
    },

    /** The buyer's client ended the chat (its idle timer, or the buyer closed it). Idempotent. */
    async endByBuyer(actor: ChatActor, gid: string, reason: string): Promise<void> {
      if (actor.admin) throw new ChatError('not_buyer');
      const row = await repo.findConversation(gid);
      if (!row) throw new ChatError('unknown_gid');
      if (row.buyerId !== actor.uid) throw new ChatError('forbidden_gid');
      if (row.status === 'ended') return;
      await serial(gid, () => endConversation(gid, reason === 'inactivity_timeout' ? 'inactivity_timeout' : 'user_ended'));
    },

    /** An admin accepts a waiting buyer. */
    async accept(admin: ChatActor, gid: string): Promise<TChatGroup> {
      const agent: AgentRef = { uid: admin.uid, uname: admin.uname };
      const at = now();
      let sys: NewMessage | undefined;
      const row = await serial(gid, () => repo.accept(gid, agent, at, (r) => (sys = systemMessage('chatAccepted', r.language === 'en' ? 'en' : 'zh', { name: admin.uname }))));
      if (!row || !sys) {
        const current = await repo.findConversation(gid);
        throw new ChatError(!current ? 'unknown_gid' : current.status === 'ended' ? 'ended' : 'not_waiting');
      }
      const group = await groupOf(row);
      // join first: the agent's sockets load the history (which has the system message already).
      // Nobody served it before, so nothing of it has been read by the agent.
      bus.publish({ k: 'join', gid, uid: admin.uid, group, readSeq: 0 });
      bus.publish({ k: 'msg', m: delivered(gid, row.lastSeq, sys, at) });
      bus.publish({ k: 'gid', gid, frame: { type: 'accepted', gid, agent, at: at.getTime() } });
      bus.publish({ k: 'gid', gid, frame: { type: 'group', group } });
      bus.publish({ k: 'admins', frame: { type: 'queue', change: 'serving', group } });
      return group;
    },

    /** An agent leaves; the last agent leaving ends the conversation. */
    async leave(admin: ChatActor, gid: string): Promise<TChatGroup> {
      const agent: AgentRef = { uid: admin.uid, uname: admin.uname };
      const at = now();
      let left: NewMessage | undefined;
      let ended: NewMessage | undefined;
      const result = await serial(gid, () =>
        repo.leave(
          gid,
          agent,
          at,
          (r) => (left = systemMessage('chatMemberLeft', r.language === 'en' ? 'en' : 'zh', { name: admin.uname })),
          (r) => (ended = systemMessage('chatEndedByAgent', r.language === 'en' ? 'en' : 'zh')),
        ),
      );
      if ('error' in result) throw new ChatError(result.error ?? 'internal');
      const { row } = result;
      if (result.ended && ended) {
        const group = toGroup(row, [], at.getTime());
        announceEnd(row, ended, at);
        return group;
      }
      const group = await groupOf(row);
      if (left) bus.publish({ k: 'msg', m: delivered(gid, row.lastSeq, left, at) });
      bus.publish({ k: 'gid', gid, frame: { type: 'member_left', gid, member: agent } });
      bus.publish({ k: 'gid', gid, frame: { type: 'group', group } });
      bus.publish({ k: 'leave', gid, uid: admin.uid, member: agent });
      bus.publish({ k: 'admins', frame: { type: 'queue', change: 'serving', group } });
      return group;
    },

    /** Brings another online admin into a conversation the caller serves. */
    async invite(admin: ChatActor, gid: string, uid: number): Promise<TChatGroup> {
      if (uid === admin.uid) throw new ChatError('already_member');
      const target = await account.getUser(uid);
      if (!target?.admin) throw new ChatError('invitee_not_admin');
      if (!(await presence.isOnline(uid))) throw new ChatError('admin_offline');
      const inviter: AgentRef = { uid: admin.uid, uname: admin.uname };
      const invitee: AgentRef = { uid: target.id, uname: target.name || target.account };
      const at = now();
      let sys: NewMessage | undefined;
      const result = await serial(gid, () =>
        repo.invite(gid, inviter, invitee, at, (r) => (sys = systemMessage('chatMemberJoined', r.language === 'en' ? 'en' : 'zh', { name: invitee.uname }))),
      );
      if ('error' in result) throw new ChatError(result.error ?? 'internal');
      const group = await groupOf(result.row);
      // A colleague invited back keeps what they had read before.
      const readSeq = (await repo.readCursors(invitee.uid, [gid])).get(gid) ?? 0;
      bus.publish({ k: 'join', gid, uid: invitee.uid, group, readSeq });
      if (sys) bus.publish({ k: 'msg', m: delivered(gid, result.row.lastSeq, sys, at) });
      bus.publish({ k: 'gid', gid, frame: { type: 'member_joined', gid, member: invitee, invitedBy: inviter } });
      bus.publish({ k: 'gid', gid, frame: { type: 'group', group } });
      bus.publish({ k: 'admins', frame: { type: 'queue', change: 'serving', group } });
      return group;
    },

    async listWaiting(): Promise<TChatGroup[]> {
      return groupsOf(await repo.listByStatus('waiting'));
    },
    async listServing(): Promise<TChatGroup[]> {
      return groupsOf(await repo.listByStatus('serving'));
    },
    /** Open conversations the user is in (a buyer: theirs; an admin: those they serve). */
    async listJoined(uid: number): Promise<TChatGroup[]> {
      return groupsOf(await repo.listOpenForUser(uid));
    },
    /** Staff: uid's read cursor of each conversation (0 where nothing was read yet). */
    async readCursors(uid: number, gids: string[]): Promise<Map<string, number>> {
      const stored = await repo.readCursors(uid, gids);
      return new Map(gids.map((gid) => [gid, stored.get(gid) ?? 0]));
    },

    /**
     * Staff: the caller has read gid up to seq. The cursor only moves forward and never past the
     * conversation's last message; when it moves, every socket of the caller (on every instance)
     * gets a `read` event. Only an agent of the open conversation may; an ended one is quietly
     * ignored (null), as a late report from a console that just ended service would be.
     */
    async markRead(actor: ChatActor, gid: string, seq: number): Promise<{ seq: number; advanced: boolean } | null> {
      if (!actor.admin) throw new ChatError('not_admin');
      const result = await repo.advanceReadCursor(gid, actor.uid, seq, now());
      if (!result) {
        const code = await classify(gid, actor.uid);
        if (code === 'ended') return null;
        throw new ChatError(code === 'internal' ? 'forbidden_gid' : code);
      }
      if (result.advanced) bus.publish({ k: 'user', uid: actor.uid, frame: { type: 'read', gid, seq: result.seq } });
      return result;
    },

    async getGroup(gid: string): Promise<TChatGroup | null> {
      const row = await repo.findConversation(gid);
      return row ? groupOf(row) : null;
    },
    async onlineAdmins(): Promise<TChatOnlineAdmin[]> {
      const admins = await presence.onlineAdmins();
      const counts = await repo.servingCounts(admins.map((a) => a.uid));
      return admins.map((a) => ({ ...a, serving: counts.get(a.uid) ?? 0 })).sort((a, b) => a.uid - b.uid);
    },

    /** Why uid cannot use gid: unknown_gid, forbidden_gid or ended. */
    async refusal(gid: string, uid: number): Promise<ChatErrorCode> {
      const code = await classify(gid, uid);
      return code === 'internal' ? 'forbidden_gid' : code;
    },

    /** Stored messages after a seq (up to upTo), oldest first. */
    history(gid: string, after: number, limit: number, upTo?: number): Promise<DeliveredMessage[]> {
      return repo.messagesAfter(gid, after, limit, upTo);
    },

    /** One message in `language`: the stored translation, or one made now and stored. */
    async translateMessage(gid: string, id: string, language: TLocale): Promise<{ seq: number; text: string; failed: boolean }> {
      const m = await repo.messageById(gid, id);
      if (!m) throw new ChatError('bad_frame');
      if (m.language === null || m.language === language) return { seq: m.seq, text: m.content, failed: false };
      const stored = m.translations[language];
      if (stored !== undefined) return { seq: m.seq, text: stored, failed: false };
      if (translator.mode === 'off') return { seq: m.seq, text: m.content, failed: false };
      const text = await translator.translate(m.content, m.language, language);
      if (text === null) return { seq: m.seq, text: m.content, failed: true };
      await repo.addTranslation(gid, m.seq, language, text, now());
      return { seq: m.seq, text, failed: false };
    },

    /**
     * One pass of the inactivity rule: a conversation whose buyer has been idle for 4.5 minutes
     * gets the warning (once per idle period), at 5 minutes it ends. Every instance sweeps; the
     * conditional updates make exactly one of them act on each conversation.
     */
    async sweep(): Promise<{ warned: string[]; ended: string[] }> {
      const at = clock.now();
      const warnCutoff = new Date(at - CHAT_WARNING_MS);
      const endCutoff = new Date(at - CHAT_END_MS);
      const warned: string[] = [];
      const endedGids: string[] = [];
      for (const row of await repo.idleSince(warnCutoff)) {
        try {
          if (row.lastActivityAt.getTime() <= endCutoff.getTime()) {
            const ended = await serial(row.gid, () => endConversation(row.gid, 'inactivity_timeout', endCutoff));
            if (ended) endedGids.push(row.gid);
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
      return { warned, ended: endedGids };
    },

    /** Waits for the messages being stored right now (shutdown). */
    async drain(timeoutMs = 5_000): Promise<void> {
      if (!inFlight.size) return;
      await Promise.race([Promise.all([...inFlight]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
