// Over 400 lines on purpose: this is the chat's one door to its five tables (docs/architecture.md: only
// repositories touch Drizzle). It holds no rules, only statements, most of them multi-line SQL
// that must stay one statement each (seq, acceptance, ending, read cursors are decided by them);
// each unit of the chat takes a narrow Pick<ChatRepository, ...> of it, and tests fake those.
import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { TChatEndReason, TLocale } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { chatConversations, chatMembers, chatMessages, chatReadCursors, chatTranslations } from '../../db/schema/index.js';
import type { DeliveredMessage } from './chat.bus.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/** A message about to be stored (seq is given by the conversation's counter). */
export interface NewMessage {
  id: string;
  senderId: number | null;
  senderName: string;
  kind: 'text' | 'image' | 'system';
  content: string;
  image: string | null;
  language: TLocale | null;
  translations: { language: TLocale; text: string }[];
}

export interface AgentRef {
  uid: number;
  uname: string;
}

/** True for a unique-constraint violation, whichever driver and wrapper reported it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function insertMessage(tx: Runner, gid: string, seq: number, m: NewMessage, now: Date): Promise<void> {
  await tx.insert(chatMessages).values({
    gid,
    seq,
    id: m.id,
    senderId: m.senderId,
    senderName: m.senderName,
    kind: m.kind,
    content: m.content,
    image: m.image,
    language: m.language,
    createdAt: now,
  });
  if (m.translations.length) {
    await tx.insert(chatTranslations).values(m.translations.map((t) => ({ gid, seq, language: t.language, text: t.text, createdAt: now })));
  }
}

/** Takes the next seq of a locked/open conversation and stores a system message with it. */
async function appendSystem(tx: Tx, gid: string, m: NewMessage, now: Date, extra: Partial<typeof chatConversations.$inferInsert> = {}) {
  const [row] = await tx
    .update(chatConversations)
    .set({ ...extra, lastSeq: sql`${chatConversations.lastSeq} + 1` })
    .where(eq(chatConversations.gid, gid))
    .returning();
  if (!row) throw new Error(`conversation ${gid} vanished`);
  await insertMessage(tx, gid, row.lastSeq, m, now);
  return row;
}

function toDelivered(row: typeof chatMessages.$inferSelect, translations: Partial<Record<TLocale, string>>): DeliveredMessage {
  return {
    gid: row.gid,
    seq: row.seq,
    id: row.id,
    kind: row.kind,
    content: row.content,
    image: row.image,
    uid: row.senderId ?? 0,
    uname: row.senderName,
    timestamp: row.createdAt.getTime(),
    language: row.language,
    translations,
  };
}

export function createChatRepository(db: Db) {
  return {
    async findConversation(gid: string): Promise<ConversationRow | undefined> {
      const rows = await db.select().from(chatConversations).where(eq(chatConversations.gid, gid)).limit(1);
      return rows[0];
    },

    async findOpenByBuyer(buyerId: number): Promise<ConversationRow | undefined> {
      const rows = await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.buyerId, buyerId), ne(chatConversations.status, 'ended')))
        .limit(1);
      return rows[0];
    },

    /**
     * A new waiting conversation whose first message (seq 1) is the greeting, or the buyer's open
     * one when another connection made it first (created: false).
     */
    async createConversation(input: { gid: string; buyerId: number; buyerName: string; language: TLocale; now: Date; greeting: NewMessage }) {
      // One statement (one round trip): the conversation, its buyer, the greeting and its
      // translation; nothing of it when the buyer already has an open conversation.
      const at = input.now.toISOString();
      const g = input.greeting;
      const translation = g.translations[0];
      const result = (await db.execute(sql`
        with c as (
          insert into chat_conversations (gid, buyer_id, buyer_name, language, status, last_seq, created_at, last_activity_at)
          values (${input.gid}::uuid, ${input.buyerId}::bigint, ${input.buyerName}::text, ${input.language}::text, 'waiting', 1, ${at}::timestamptz, ${at}::timestamptz)
          on conflict do nothing
          returning gid
        ), mb as (
          insert into chat_members (gid, user_id, name, role, joined_at)
          select c.gid, ${input.buyerId}::bigint, ${input.buyerName}::text, 'buyer', ${at}::timestamptz from c
        ), m as (
          insert into chat_messages (gid, seq, id, sender_id, sender_name, kind, content, image, language, created_at)
          select c.gid, 1, ${g.id}::uuid, null, ${g.senderName}::text, ${g.kind}::text, ${g.content}::text, null, ${g.language}::text, ${at}::timestamptz from c
          returning gid, seq
        )${
          translation
            ? sql`, t as (
          insert into chat_translations (gid, seq, language, text, created_at)
          select m.gid, m.seq, ${translation.language}::text, ${translation.text}::text, ${at}::timestamptz from m
        )`
            : sql``
        }
        select gid from c`)) as { rows: { gid: string }[] };
      if (result.rows.length) {
        const row: ConversationRow = {
          gid: input.gid,
          buyerId: input.buyerId,
          buyerName: input.buyerName,
          language: input.language,
          status: 'waiting',
          lastSeq: 1,
          createdAt: input.now,
          acceptedAt: null,
          endedAt: null,
          endReason: null,
          lastActivityAt: input.now,
          warnedAt: null,
        };
        return { row, created: true };
      }
      const existing = await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.buyerId, input.buyerId), ne(chatConversations.status, 'ended')))
        .limit(1);
      if (!existing[0]) throw new Error('conversation insert conflicted but no open conversation exists');
      return { row: existing[0], created: false };
    },

    /**
     * Stores a member's message with the next seq in one statement: only while the conversation
     * is open and the sender an active member. Returns null when either is not so. A message id
     * already stored in the conversation raises a unique violation (the caller treats it as a
     * resend); being one statement, nothing of it remains, not even the seq increment.
     */
    async appendMessage(gid: string, m: NewMessage & { senderId: number }, now: Date, buyerActivity: boolean): Promise<number | null> {
      const at = now.toISOString();
      const withTranslations: SQL = m.translations.length
        ? sql`, t as (insert into chat_translations (gid, seq, language, text, created_at)
              select ${gid}::uuid, m.seq, x.language, x.text, ${at}::timestamptz from m,
              (values ${sql.join(
                m.translations.map((t) => sql`(${t.language}::text, ${t.text}::text)`),
                sql`, `,
              )}) as x(language, text))`
        : sql``;
      const result = (await db.execute(sql`
        with c as (
          update chat_conversations
             set last_seq = last_seq + 1,
                 last_activity_at = case when ${buyerActivity}::boolean then ${at}::timestamptz else last_activity_at end,
                 warned_at = case when ${buyerActivity}::boolean then null else warned_at end
           where gid = ${gid}::uuid and status <> 'ended'
             and exists (select 1 from chat_members mb where mb.gid = ${gid}::uuid and mb.user_id = ${m.senderId}::bigint and mb.left_at is null)
          returning last_seq
        ), m as (
          insert into chat_messages (gid, seq, id, sender_id, sender_name, kind, content, image, language, created_at)
          select ${gid}::uuid, c.last_seq, ${m.id}::uuid, ${m.senderId}::bigint, ${m.senderName}::text, ${m.kind}::text,
                 ${m.content}::text, ${m.image}::text, ${m.language}::text, ${at}::timestamptz
            from c
          returning seq
        )${withTranslations}
        select seq from m`)) as { rows: { seq: number | string }[] };
      const seq = result.rows[0]?.seq;
      return seq === undefined ? null : Number(seq);
    },

    /**
     * When a message of conversation gid shows one of these image addresses (its (gid, seq) rows
     * only): the conversation's buyer, and whether `uid` is or was one of its members.
     */
    async imageAccess(gid: string, images: string[], uid: number): Promise<{ buyerId: number; member: boolean } | undefined> {
      const rows = await db
        .select({
          buyerId: chatConversations.buyerId,
          member: sql<boolean>`exists (select 1 from ${chatMembers} where ${chatMembers.gid} = ${chatConversations.gid} and ${chatMembers.userId} = ${uid})`,
        })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.gid, chatMessages.gid))
        .where(and(eq(chatMessages.gid, gid), inArray(chatMessages.image, images)))
        .limit(1);
      return rows[0] && { buyerId: rows[0].buyerId, member: Boolean(rows[0].member) };
    },

    async findMessage(gid: string, id: string) {
      const rows = await db
        .select({ seq: chatMessages.seq, senderId: chatMessages.senderId, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.gid, gid), eq(chatMessages.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Messages with after < seq (<= upTo), oldest first, with their stored translations. */
    async messagesAfter(gid: string, after: number, limit: number, upTo?: number): Promise<DeliveredMessage[]> {
      const range = upTo === undefined ? gt(chatMessages.seq, after) : and(gt(chatMessages.seq, after), lte(chatMessages.seq, upTo));
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.gid, gid), range))
        .orderBy(asc(chatMessages.seq))
        .limit(limit);
      if (!rows.length) return [];
      const last = rows[rows.length - 1]!.seq;
      const translations = await db
        .select({ seq: chatTranslations.seq, language: chatTranslations.language, text: chatTranslations.text })
        .from(chatTranslations)
        .where(and(eq(chatTranslations.gid, gid), gt(chatTranslations.seq, after), lte(chatTranslations.seq, last)));
      const bySeq = new Map<number, Partial<Record<TLocale, string>>>();
      for (const t of translations) {
        const entry = bySeq.get(t.seq) ?? {};
        entry[t.language] = t.text;
        bySeq.set(t.seq, entry);
      }
      return rows.map((row) => toDelivered(row, bySeq.get(row.seq) ?? {}));
    },

    async messageById(gid: string, id: string): Promise<DeliveredMessage | undefined> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.gid, gid), eq(chatMessages.id, id)))
        .limit(1);
      const row = rows[0];
      if (!row) return undefined;
      const translations = await db
        .select({ language: chatTranslations.language, text: chatTranslations.text })
        .from(chatTranslations)
        .where(and(eq(chatTranslations.gid, gid), eq(chatTranslations.seq, row.seq)));
      return toDelivered(row, Object.fromEntries(translations.map((t) => [t.language, t.text])));
    },

    async addTranslation(gid: string, seq: number, language: TLocale, text: string, now: Date): Promise<void> {
      await db.insert(chatTranslations).values({ gid, seq, language, text, createdAt: now }).onConflictDoNothing();
    },

    /** Several messages' translations in one statement (translations made after delivery, batched). */
    async addTranslations(rows: { gid: string; seq: number; language: TLocale; text: string }[], now: Date): Promise<void> {
      if (!rows.length) return;
      await db
        .insert(chatTranslations)
        .values(rows.map((r) => ({ ...r, createdAt: now })))
        .onConflictDoNothing();
    },

    async listByStatus(status: 'waiting' | 'serving', limit = 500): Promise<ConversationRow[]> {
      return db.select().from(chatConversations).where(eq(chatConversations.status, status)).orderBy(asc(chatConversations.createdAt)).limit(limit);
    },

    /** Open conversations uid is an active member of (buyer or agent). */
    async listOpenForUser(uid: number): Promise<ConversationRow[]> {
      const rows = await db
        .select({ c: chatConversations })
        .from(chatMembers)
        .innerJoin(chatConversations, eq(chatConversations.gid, chatMembers.gid))
        .where(and(eq(chatMembers.userId, uid), isNull(chatMembers.leftAt), ne(chatConversations.status, 'ended')))
        .orderBy(asc(chatConversations.createdAt));
      return rows.map((r) => r.c);
    },

    async isActiveMember(gid: string, uid: number): Promise<boolean> {
      const rows = await db
        .select({ uid: chatMembers.userId })
        .from(chatMembers)
        .where(and(eq(chatMembers.gid, gid), eq(chatMembers.userId, uid), isNull(chatMembers.leftAt)))
        .limit(1);
      return rows.length > 0;
    },

    /** Active agents of each conversation, in the order they joined. */
    async agentsOf(gids: string[]): Promise<Map<string, AgentRef[]>> {
      const out = new Map<string, AgentRef[]>();
      if (!gids.length) return out;
      const rows = await db
        .select({ gid: chatMembers.gid, uid: chatMembers.userId, uname: chatMembers.name })
        .from(chatMembers)
        .where(and(inArray(chatMembers.gid, gids), eq(chatMembers.role, 'agent'), isNull(chatMembers.leftAt)))
        .orderBy(asc(chatMembers.joinedAt));
      for (const r of rows) {
        const list = out.get(r.gid) ?? [];
        list.push({ uid: r.uid, uname: r.uname });
        out.set(r.gid, list);
      }
      return out;
    },

    /** How many serving conversations each of these agents is in. */
    async servingCounts(uids: number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      if (!uids.length) return out;
      const rows = await db
        .select({ uid: chatMembers.userId, n: count() })
        .from(chatMembers)
        .innerJoin(chatConversations, eq(chatConversations.gid, chatMembers.gid))
        .where(and(inArray(chatMembers.userId, uids), eq(chatMembers.role, 'agent'), isNull(chatMembers.leftAt), eq(chatConversations.status, 'serving')))
        .groupBy(chatMembers.userId);
      for (const r of rows) out.set(r.uid, Number(r.n));
      return out;
    },

    /** waiting -> serving with the agent as first member and a system message; null if not waiting. */
    async accept(gid: string, agent: AgentRef, now: Date, message: (row: ConversationRow) => NewMessage) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(chatConversations)
          .where(and(eq(chatConversations.gid, gid), eq(chatConversations.status, 'waiting')))
          .for('update');
        if (!row) return null;
        await tx
          .insert(chatMembers)
          .values({ gid, userId: agent.uid, name: agent.uname, role: 'agent', joinedAt: now })
          .onConflictDoUpdate({ target: [chatMembers.gid, chatMembers.userId], set: { leftAt: null, joinedAt: now, name: agent.uname, role: 'agent' } });
        // Service starting counts as a fresh start of the buyer's idle clock.
        return appendSystem(tx, gid, message(row), now, { status: 'serving', acceptedAt: now, lastActivityAt: now, warnedAt: null });
      });
    },

    /** Adds an agent to a serving conversation the inviter is in. */
    async invite(gid: string, inviter: AgentRef, invitee: AgentRef, now: Date, message: (row: ConversationRow) => NewMessage) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.gid, gid)).for('update');
        if (!row) return { error: 'unknown_gid' as const };
        if (row.status === 'ended') return { error: 'ended' as const };
        const members = await tx
          .select({ uid: chatMembers.userId })
          .from(chatMembers)
          .where(and(eq(chatMembers.gid, gid), eq(chatMembers.role, 'agent'), isNull(chatMembers.leftAt)));
        if (!members.some((m) => m.uid === inviter.uid)) return { error: 'forbidden_gid' as const };
        if (members.some((m) => m.uid === invitee.uid)) return { error: 'already_member' as const };
        await tx
          .insert(chatMembers)
          .values({ gid, userId: invitee.uid, name: invitee.uname, role: 'agent', joinedAt: now })
          .onConflictDoUpdate({ target: [chatMembers.gid, chatMembers.userId], set: { leftAt: null, joinedAt: now, name: invitee.uname, role: 'agent' } });
        return { row: await appendSystem(tx, gid, message(row), now) };
      });
    },

    /**
     * An agent leaves. When no agent is left the conversation ends (agent_ended) with `ended`
     * as its last message; otherwise `left` is stored.
     */
    async leave(gid: string, agent: AgentRef, now: Date, left: (row: ConversationRow) => NewMessage, ended: (row: ConversationRow) => NewMessage) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.gid, gid)).for('update');
        if (!row) return { error: 'unknown_gid' as const };
        if (row.status === 'ended') return { error: 'ended' as const };
        const gone = await tx
          .update(chatMembers)
          .set({ leftAt: now })
          .where(and(eq(chatMembers.gid, gid), eq(chatMembers.userId, agent.uid), eq(chatMembers.role, 'agent'), isNull(chatMembers.leftAt)))
          .returning({ uid: chatMembers.userId });
        if (!gone.length) return { error: 'forbidden_gid' as const };
        const [remaining] = await tx
          .select({ n: count() })
          .from(chatMembers)
          .where(and(eq(chatMembers.gid, gid), eq(chatMembers.role, 'agent'), isNull(chatMembers.leftAt)));
        if (Number(remaining?.n ?? 0) > 0) return { row: await appendSystem(tx, gid, left(row), now), ended: false };
        const endedRow = await appendSystem(tx, gid, ended(row), now, { status: 'ended', endedAt: now, endReason: 'agent_ended' satisfies TChatEndReason });
        return { row: endedRow, ended: true };
      });
    },

    /**
     * Ends an open conversation with a last system message. With idleSince, only when the buyer
     * has been idle since then (the inactivity sweep; another instance may have won). Null when
     * there was nothing to end.
     */
    async end(gid: string, reason: TChatEndReason, now: Date, message: (row: ConversationRow) => NewMessage, idleSince?: Date) {
      return db.transaction(async (tx) => {
        const conditions = [eq(chatConversations.gid, gid), ne(chatConversations.status, 'ended')];
        if (idleSince) conditions.push(lte(chatConversations.lastActivityAt, idleSince));
        const [row] = await tx
          .select()
          .from(chatConversations)
          .where(and(...conditions))
          .for('update');
        if (!row) return null;
        return appendSystem(tx, gid, message(row), now, { status: 'ended', endedAt: now, endReason: reason });
      });
    },

    /** The buyer did something: restart the idle clock. False when not their open conversation. */
    async touchActivity(gid: string, buyerId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(chatConversations)
        .set({ lastActivityAt: now, warnedAt: null })
        .where(and(eq(chatConversations.gid, gid), eq(chatConversations.buyerId, buyerId), ne(chatConversations.status, 'ended')))
        .returning({ gid: chatConversations.gid });
      return rows.length > 0;
    },

    /** Open conversations idle since warnCutoff or longer. */
    async idleSince(warnCutoff: Date, limit = 500) {
      return db
        .select({
          gid: chatConversations.gid,
          language: chatConversations.language,
          lastActivityAt: chatConversations.lastActivityAt,
          warnedAt: chatConversations.warnedAt,
        })
        .from(chatConversations)
        .where(and(ne(chatConversations.status, 'ended'), lte(chatConversations.lastActivityAt, warnCutoff)))
        .orderBy(asc(chatConversations.lastActivityAt))
        .limit(limit);
    },

    /** uid's read cursors of these conversations (absent: nothing read yet). */
    async readCursors(uid: number, gids: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      if (!gids.length) return out;
      const rows = await db
        .select({ gid: chatReadCursors.gid, seq: chatReadCursors.readSeq })
        .from(chatReadCursors)
        .where(and(eq(chatReadCursors.userId, uid), inArray(chatReadCursors.gid, gids)));
      for (const r of rows) out.set(r.gid, r.seq);
      return out;
    },

    /**
     * Moves uid's read cursor of gid forward to seq (capped at the conversation's last seq), in one
     * statement: only for an active agent of an open conversation, never backward (two devices
     * racing keep the higher). Returns the cursor as it stands afterwards and whether this call
     * moved it; null when uid may not (not an agent of it, unknown, or ended).
     */
    async advanceReadCursor(gid: string, uid: number, seq: number, now: Date): Promise<{ seq: number; advanced: boolean } | null> {
      const result = (await db.execute(sql`
        with c as (
          select least(${seq}::integer, c.last_seq) as seq
            from chat_conversations c
           where c.gid = ${gid}::uuid and c.status <> 'ended'
             and exists (select 1 from chat_members mb
                          where mb.gid = ${gid}::uuid and mb.user_id = ${uid}::bigint and mb.role = 'agent' and mb.left_at is null)
        ), up as (
          insert into chat_read_cursors (gid, user_id, read_seq, updated_at)
          select ${gid}::uuid, ${uid}::bigint, c.seq, ${now.toISOString()}::timestamptz from c
          on conflict (gid, user_id) do update
             set read_seq = excluded.read_seq, updated_at = excluded.updated_at
           where chat_read_cursors.read_seq < excluded.read_seq
          returning read_seq
        )
        select (select seq from c) as allowed,
               (select read_seq from up) as moved,
               (select r.read_seq from chat_read_cursors r where r.gid = ${gid}::uuid and r.user_id = ${uid}::bigint) as before`)) as {
        rows: { allowed: number | string | null; moved: number | string | null; before: number | string | null }[];
      };
      const row = result.rows[0];
      if (!row || row.allowed === null) return null;
      // The outer select sees the table as it was before the insert (one snapshot per statement).
      const before = Number(row.before ?? 0);
      const moved = row.moved === null ? before : Number(row.moved);
      return { seq: Math.max(before, moved), advanced: moved > before };
    },

    /** Marks the warning sent for this idle period; true for the one instance that did it. */
    async claimWarning(gid: string, warnCutoff: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(chatConversations)
        .set({ warnedAt: now })
        .where(
          and(
            eq(chatConversations.gid, gid),
            ne(chatConversations.status, 'ended'),
            isNull(chatConversations.warnedAt),
            lte(chatConversations.lastActivityAt, warnCutoff),
          ),
        )
        .returning({ gid: chatConversations.gid });
      return rows.length > 0;
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
