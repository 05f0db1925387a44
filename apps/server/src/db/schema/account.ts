import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { doubledSearchText } from './search-text.js';

/** Registered buyers and staff. Anonymous visitors have tokens but no user row. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    name: text('name').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    passwordHash: text('password_hash'),
    /** Staff role (owner, sales, warehouse, catalog, service); null for a buyer. */
    role: text('role', { enum: ['owner', 'sales', 'warehouse', 'catalog', 'service'] }),
    /** Set when staff disabled the account: it cannot sign in, its tokens and sockets ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    regionId: text('region_id'),
    subscribeEmail: text('subscribe_email'),
    locale: text('locale').notNull().default('zh'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff search (docs/orders.md, Staff search): account, name, nickname, e-mail, mobile; folded and doubled by PostgreSQL. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(doubledSearchText(['"account"', '"name"', '"nickname"', '"email"', '"mobile"'])),
  },
  (t) => [
    uniqueIndex('users_account_lower_key').on(sql`lower(${t.account})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    index('users_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('users_role_check', sql`role is null or role in ('owner', 'sales', 'warehouse', 'catalog', 'service')`),
  ],
);

/**
 * Bearer tokens. Only the SHA-256 of a token is stored; the token itself is shown once.
 * user_id is null for an anonymous visitor's token.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_last_used_idx').on(t.lastUsedAt)],
);

/**
 * One-time codes (sign-up, sign-in, password reset, newsletter). One row per purpose and target
 * (a lower-case e-mail or +86 mobile): a new code replaces the last one, no sooner than 60 s
 * after it. Only a SHA-256 of purpose, target and code is stored.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    purpose: text('purpose', { enum: ['signup', 'signin', 'reset', 'subscribe'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Tries so far, right or wrong; a code with 5 tries takes no more. */
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.target] }), index('one_time_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Where each user has signed in successfully (password or one-time code) or reset the password by
 * code: a "known source" skips the account-wide slowdown of sign-in attempts (docs/accounts.md,
 * Sign-in limits). The source (IPv4 address or IPv6 /64) is stored only as a SHA-256 of user id and
 * source; rows unused for 90 days are forgotten.
 */
export const signinSources = pgTable(
  'signin_sources',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceHash: text('source_hash').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sourceHash] }), index('signin_sources_last_success_idx').on(t.lastSuccessAt)],
);

/**
 * Password links (docs/accounts.md, Staff accounts): a mailed link that sets a password, for an
 * invited staff member or one whose password the owner reset. Only the SHA-256 of the token is
 * stored; a link works once, until it expires, and a newer link of the user replaces it.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_links_user_idx').on(t.userId), check('password_links_purpose_check', sql`purpose in ('invite', 'reset')`)],
);

/** Staff notes about a buyer (customers page): internal, never shown to the buyer, never edited. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId, t.id)],
);
