import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TChatEndReason, TChatGroupStatus, TChatMessageFrame, TLocale } from '@cubeshop/shared';
import { users } from './account.js';

/**
 * Customer-service conversations ("groups", gid). A buyer has at most one open conversation
 * (waiting or serving); the partial unique index makes that hold across server instances.
 * last_seq is the per-conversation message counter: every message takes last_seq + 1 in the same
 * statement that stores it, so seq is gap-free and ordered (docs/chat.md, Delivery).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    gid: uuid('gid').primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's display name when the conversation began. */
    buyerName: text('buyer_name').notNull(),
    /** The buyer's chat language (greeting and system messages are written in it first). */
    language: text('language').notNull(),
    /** waiting | serving | ended */
    status: text('status').$type<TChatGroupStatus>().notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** agent_ended | inactivity_timeout | user_ended */
    endReason: text('end_reason').$type<TChatEndReason>(),
    /** The buyer's last activity (message, "continue", connect) or the moment service began. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /** When the inactivity warning went out for the current idle period; null after activity. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_conversations_open_buyer_key')
      .on(t.buyerId)
      .where(sql`${t.status} <> 'ended'`),
    index('chat_conversations_status_created_idx').on(t.status, t.createdAt),
    index('chat_conversations_open_activity_idx')
      .on(t.lastActivityAt)
      .where(sql`${t.status} <> 'ended'`),
  ],
);

/** Who is in a conversation: its buyer and the agents (admins) serving it. left_at ends membership. */
export const chatMembers = pgTable(
  'chat_members',
  {
    gid: uuid('gid')
      .notNull()
      .references(() => chatConversations.gid, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** buyer | agent */
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.gid, t.userId] }),
    index('chat_members_active_user_idx')
      .on(t.userId)
      .where(sql`${t.leftAt} is null`),
  ],
);

/**
 * Every chat message, stored before it is sent out. id is the client's UUID when it gave one
 * (a resend with the same id is a no-op) or one the server made.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    gid: uuid('gid')
      .notNull()
      .references(() => chatConversations.gid, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    id: uuid('id').notNull(),
    /** null for messages the server writes (greeting, accepted, ended ...). */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    /** text | image | system */
    kind: text('kind').$type<TChatMessageFrame['kind']>().notNull(),
    content: text('content').notNull().default(''),
    /** Address of the re-encoded image (/api/chat/images/<gid>/<sha256>.webp; earlier /uploads/chat/<sha256>.webp). */
    image: text('image'),
    /** Language of content (zh | en), null when it has nothing to translate (emoji, numbers). */
    language: text('language').$type<TLocale>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gid, t.seq] }), uniqueIndex('chat_messages_gid_id_key').on(t.gid, t.id)],
);

/** A message's text in another language, made once per target language and kept. */
export const chatTranslations = pgTable(
  'chat_translations',
  {
    gid: uuid('gid').notNull(),
    seq: integer('seq').notNull(),
    language: text('language').$type<TLocale>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gid, t.seq, t.language] }),
    foreignKey({ columns: [t.gid, t.seq], foreignColumns: [chatMessages.gid, chatMessages.seq] }).onDelete('cascade'),
  ],
);

/**
 * How far each staff user has read each conversation: the highest message seq they have seen
 * (docs/chat.md, "Read cursors"). It only moves forward, never past the conversation's last_seq,
 * and is kept in the database so an agent's unread counts survive reloads, devices and instances.
 */
export const chatReadCursors = pgTable(
  'chat_read_cursors',
  {
    gid: uuid('gid')
      .notNull()
      .references(() => chatConversations.gid, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gid, t.userId] })],
);
