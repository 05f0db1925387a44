// Over 400 lines: the users table's one owner: accounts, passwords, contacts, staff facts and the caches of names and searches.
import { hash, verify, type Options } from '@node-rs/argon2';
import { LRUCache } from 'lru-cache';
import { MOBILE_CN_PATTERN, ZAccountName, ZEmail, ZMobileCn, ZPassword, type TLocale, type TOrderBuyer, type TStaffRole, type TUser } from '@cubeshop/shared';
import { badRequest, invalidField } from '../../lib/app-error.js';
import { containsPatterns } from '../../lib/contains.js';
import type { Db } from '../../db/client.js';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import type { AccountRepository, UserRow } from './account.repository.js';

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A name or address that belongs to someone else (each is unique across the three columns). */
const taken = (field: 'account' | 'email' | 'mobile') =>
  badRequest(field === 'email' ? 'emailTaken' : field === 'mobile' ? 'mobileTaken' : 'accountTaken', {}, { field, rule: 'exists' });

export interface CreateUserInput {
  /** Defaults to the e-mail, else the mobile. */
  account?: string | undefined;
  password?: string | undefined;
  email?: string | undefined;
  /** Mainland China mobile, 11 digits. */
  mobile?: string | undefined;
  name?: string | undefined;
  /** Staff role; none for a buyer. */
  role?: TStaffRole | null | undefined;
  regionId?: string | undefined;
  locale?: TLocale | undefined;
  /** Newsletter address (sign-up with the newsletter box ticked). */
  subscribeEmail?: string | undefined;
}

export interface NewUser {
  account: string;
  email: string | undefined;
  mobile: string | undefined;
  password: string | undefined;
  regionId: string | undefined;
}

export interface ProfilePatch {
  name?: string | undefined;
  nickname?: string | undefined;
  regionId?: string | undefined;
}

/** What staff see of a buyer's account (customers module). */
export interface BuyerFacts {
  id: number;
  account: string;
  name: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  regionId: string | null;
  locale: string;
  subscribeEmail: string | null;
  createdAt: Date;
  disabledAt: Date | null;
}

const buyerFacts = (row: UserRow): BuyerFacts => ({
  id: row.id,
  account: row.account,
  name: row.name,
  nickname: row.nickname,
  email: row.email,
  mobile: row.mobile,
  regionId: row.regionId,
  locale: row.locale,
  subscribeEmail: row.subscribeEmail,
  createdAt: row.createdAt,
  disabledAt: row.disabledAt,
});

/** What the owner sees of a staff member (staff module), and what a password link needs of its person. */
export interface PersonFacts {
  id: number;
  account: string;
  name: string;
  email: string | null;
  role: TStaffRole | null;
  locale: TLocale;
  disabledAt: Date | null;
  createdAt: Date;
  passwordSet: boolean;
}

const personFacts = (row: UserRow): PersonFacts => ({
  id: row.id,
  account: row.account,
  name: row.name,
  email: row.email,
  role: row.role,
  locale: row.locale === 'en' ? 'en' : 'zh',
  disabledAt: row.disabledAt,
  createdAt: row.createdAt,
  passwordSet: row.passwordHash !== null,
});

export interface AccountDeps {
  /** Whether a country or region id is known (modules/regions); without it any two letters pass. */
  isRegion?: (id: string) => boolean;
  /**
   * Where a change to a user is announced ('users.changed'), so every instance's sessions read
   * the new role at once and the staff screens' copies of names and search results are dropped.
   */
  events: Pick<ClusterEvents, 'publish' | 'on'>;
}

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    account: row.account,
    username: row.account,
    name: row.name,
    nickname: row.nickname,
    admin: row.role !== null,
    role: row.role,
    mobile: row.mobile,
    email: row.email,
    regionId: row.regionId,
    subscribeEmail: row.subscribeEmail,
  };
}

function check<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  field: string,
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidField(field, result.error.issues[0]?.message ?? 'v.pattern');
  return result.data;
}

/** The unique index a PostgreSQL error (pg or PGlite, possibly wrapped by Drizzle) reports as violated. */
function uniqueViolation(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return undefined;
}

const accountLooksLikeContact = (account: string) => account.includes('@') || MOBILE_CN_PATTERN.test(account);

export function createAccountService(repo: AccountRepository, deps: AccountDeps) {
  /** A stand-in hash, so an unknown account costs one argon2 verification like a known one. */
  let dummyHash: Promise<string> | undefined;
  const hashPassword = (password: string) => hash(password, ARGON2);
  const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);

  /**
   * Staff screens show a buyer's account, name and contacts beside every order and look buyers up
   * by any part of them on every search (docs/orders.md, Staff search). Both are kept a short
   * while and dropped on every instance as soon as a user is created or changed ('users.changed'):
   * names for a minute (they change rarely), search results for a few seconds (a search box
   * asks again as the queue and its tabs open with the same text).
   */
  const briefs = new LRUCache<number, TOrderBuyer>({ max: 20_000, ttl: 60_000 });
  const found = new LRUCache<string, Promise<number[]>>({ max: 500, ttl: 5_000 });
  deps.events.on('users.changed', ({ userId }) => {
    briefs.delete(userId);
    found.clear();
  });
  const changed = (userId: number) => deps.events.publish('users.changed', { userId });

  function checkRegion(regionId: string | undefined): string | undefined {
    if (regionId === undefined) return undefined;
    const id = regionId.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(id) || (deps.isRegion && !deps.isRegion(id))) throw badRequest('regionUnknown', {}, { field: 'regionId' });
    return id;
  }

  /** `tx`: the checks read inside the caller's transaction (one connection, as embedded PGlite has, must not wait for itself). */
  async function checkNewUser(input: CreateUserInput, tx?: Db): Promise<NewUser> {
    const email = input.email === undefined ? undefined : check(ZEmail, 'email', input.email);
    const mobile = input.mobile === undefined ? undefined : check(ZMobileCn, 'mobile', input.mobile);
    const password = input.password === undefined ? undefined : check(ZPassword, 'password', input.password);
    const regionId = checkRegion(input.regionId);
    let account: string;
    if (input.account === undefined || input.account.trim() === '') {
      const contact = email ?? mobile;
      if (!contact) throw invalidField('account', 'v.required');
      account = contact;
    } else {
      const given = input.account.trim();
      const own = given.toLowerCase() === email?.toLowerCase() || given === mobile;
      account = own ? given : check(ZAccountName, 'account', given);
      // Nobody may take a name that is someone else's way to sign in (a future buyer's e-mail or mobile).
      if (!own && accountLooksLikeContact(account)) throw badRequest('accountReserved', {}, { field: 'account' });
    }
    if (email && (await repo.findByLogin(email, tx))) throw taken('email');
    if (mobile && (await repo.findByLogin(mobile, tx))) throw taken('mobile');
    if (account.toLowerCase() !== email?.toLowerCase() && account !== mobile && (await repo.findByLogin(account, tx))) {
      throw taken('account');
    }
    return { account, email, mobile, password, regionId };
  }

  return {
    hashPassword,
    verifyPassword,

    /**
     * Checks a new user without creating anything: the rules of every field, a known region,
     * names shaped like someone else's e-mail or mobile, and names and addresses already in use
     * (each unique across all three columns, so signing in by any of them finds one user).
     */
    checkNewUser,

    /**
     * Makes a user who can sign in at once (CLI `user create`, sign-up), or, without a password,
     * one who sets it later (an invited staff member); `tx`: inside the caller's transaction.
     */
    async createUser(input: CreateUserInput, tx?: Db): Promise<TUser> {
      const { account, email, mobile, password, regionId } = await checkNewUser(input, tx);
      try {
        const row = await repo.insert(
          {
            account,
            email: email ?? null,
            mobile: mobile ?? null,
            name: input.name?.trim() || account,
            nickname: input.name?.trim() || account,
            passwordHash: password ? await hashPassword(password) : null,
            role: input.role ?? null,
            regionId: regionId ?? null,
            locale: input.locale ?? 'zh',
            subscribeEmail: input.subscribeEmail ?? null,
          },
          tx,
        );
        // Inside a caller's transaction the caller calls `announceCreated` once it committed.
        if (!tx) changed(row.id);
        return toUser(row);
      } catch (err) {
        // Two sign-ups racing for the same name or address: the unique indexes decide.
        const constraint = uniqueViolation(err);
        if (constraint === undefined) throw err;
        throw taken(constraint.includes('email') ? 'email' : constraint.includes('mobile') ? 'mobile' : 'account');
      }
    },

    /** For sessions: which of these users still exist and are not disabled, and their staff role. */
    async sessionFacts(ids: number[]): Promise<Map<number, { role: TStaffRole | null }>> {
      return new Map((await repo.sessionFacts([...new Set(ids)])).map((row) => [row.id, { role: row.role }]));
    },

    /** Where mail to a user goes: e-mail, language and the name to greet (order mail). */
    async contact(id: number): Promise<{ email: string | null; locale: TLocale; name: string } | undefined> {
      const row = await repo.findById(id);
      return row ? { email: row.email, locale: row.locale === 'en' ? 'en' : 'zh', name: row.name || row.nickname || row.account } : undefined;
    },

    /** Account, name and contacts per user id (staff screens). */
    async buyers(ids: number[]): Promise<Map<number, TOrderBuyer>> {
      const result = new Map<number, TOrderBuyer>();
      const missing: number[] = [];
      for (const id of new Set(ids)) {
        const known = briefs.get(id);
        if (known) result.set(id, known);
        else missing.push(id);
      }
      for (const r of await repo.briefs(missing)) {
        const brief = { id: r.id, account: r.account, name: r.name, email: r.email, mobile: r.mobile };
        briefs.set(r.id, brief);
        result.set(r.id, brief);
      }
      return result;
    },

    /**
     * Staff search (docs/orders.md, Staff search): users whose account, name, nickname, e-mail or
     * mobile contain every word of `text` (any part, any case), newest first, at most `limit`.
     */
    idsContaining(text: string, limit = 50): Promise<number[]> {
      const patterns = containsPatterns(text);
      const key = `${limit}\u0000${patterns.join('\u0000')}`;
      let ids = found.get(key);
      if (!ids) {
        ids = repo.idsContaining(patterns, limit);
        found.set(key, ids);
        ids.catch(() => found.delete(key));
      }
      return ids;
    },

    /** Staff: a page of buyers (users without a staff role), newest first, containing every word of `text` in a name or contact, or these ids. */
    async buyerPage(q: {
      text?: string | undefined;
      alsoIds?: number[] | undefined;
      limit: number;
      offset: number;
      counted?: boolean;
    }): Promise<{ rows: BuyerFacts[]; total: number }> {
      const { rows, total } = await repo.buyerPage({
        patterns: q.text ? containsPatterns(q.text) : undefined,
        alsoIds: q.alsoIds,
        limit: q.limit,
        offset: q.offset,
        counted: q.counted ?? true,
      });
      return { rows: rows.map(buyerFacts), total };
    },

    /** Staff: a buyer's account; undefined when there is no such user or it is staff. */
    async buyer(id: number): Promise<BuyerFacts | undefined> {
      const row = await repo.findById(id);
      return row && row.role === null ? buyerFacts(row) : undefined;
    },

    /** Whether the account was disabled by staff (sign-in refuses it with its own message). */
    async isDisabled(id: number): Promise<boolean> {
      return !!(await repo.findById(id))?.disabledAt;
    },

    /**
     * Staff: disables or enables a buyer's account inside the caller's transaction (disabling
     * twice keeps the first time). Undefined when there is no such buyer (staff are not disabled here).
     */
    async setDisabled(tx: Db, id: number, disabled: boolean): Promise<{ before: BuyerFacts; after: BuyerFacts } | undefined> {
      const changed = await repo.setBuyerDisabled(tx, id, disabled);
      if (!changed) return undefined;
      return { before: buyerFacts(changed.before), after: buyerFacts(changed.after) };
    },

    /** A user's account, name, e-mail, role, language and state (staff accounts, password links); undefined: no such user. */
    async person(id: number): Promise<PersonFacts | undefined> {
      const row = await repo.findById(id);
      return row ? personFacts(row) : undefined;
    },

    /** Every staff member, disabled or not, oldest first (GET /api/admin/staff). */
    async staff(): Promise<PersonFacts[]> {
      return (await repo.staffRows()).map(personFacts);
    },

    /**
     * After the transaction that made a user with `createUser(input, tx)` committed: every instance
     * drops what it kept about names and searches ('users.changed'), so the new person is found at once.
     */
    announceCreated: (userId: number) => changed(userId),

    /** The owners who are not disabled, locked until the caller's transaction ends (the last one is never removed). */
    lockActiveOwners: (tx: Db) => repo.lockActiveOwners(tx),

    /**
     * The owner changes a staff member inside the caller's transaction (role, disabled, password
     * cleared for a forced reset). Undefined when there is no such staff member. Call `announce`
     * once the transaction committed: every instance reads the person's sessions again
     * ('users.changed', as setRole does).
     */
    async changeStaff(
      tx: Db,
      id: number,
      patch: { role?: TStaffRole | undefined; disabled?: boolean | undefined; clearPassword?: boolean | undefined },
    ): Promise<{ before: PersonFacts; after: PersonFacts; announce: () => void } | undefined> {
      const changed = await repo.changeStaff(tx, id, patch);
      if (!changed) return undefined;
      return { before: personFacts(changed.before), after: personFacts(changed.after), announce: () => deps.events.publish('users.changed', { userId: id }) };
    },

    /** Staff: give or take a staff role (CLI `user role`, the staff page). */
    async setRole(id: number, role: TStaffRole | null): Promise<TUser | undefined> {
      const row = await repo.setRole(id, role);
      changed(id);
      return row ? toUser(row) : undefined;
    },

    async getUser(id: number): Promise<TUser | undefined> {
      const row = await repo.findById(id);
      return row ? toUser(row) : undefined;
    },

    /** The user behind an account name, e-mail or mobile, for sign-in; undefined when none. */
    async findIdByLogin(login: string): Promise<number | undefined> {
      return (await repo.findByLogin(login.trim()))?.id;
    },

    /** The user an e-mail or mainland mobile belongs to. */
    async findIdByContact(contact: { kind: 'email' | 'mobile'; value: string }): Promise<number | undefined> {
      const row = contact.kind === 'email' ? await repo.findByEmail(contact.value.trim()) : await repo.findByMobile(contact.value);
      return row?.id;
    },

    /**
     * Whether `password` is the user's password. Costs one argon2 verification whether or not the
     * user exists or has a password, so timing does not tell which part was wrong.
     */
    async checkPassword(userId: number | undefined, password: string): Promise<boolean> {
      const row = userId === undefined ? undefined : await repo.findById(userId);
      if (!row?.passwordHash) {
        dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
        await verifyPassword(await dummyHash, password);
        return false;
      }
      return verifyPassword(row.passwordHash, password);
    },

    async setPassword(userId: number, password: string): Promise<void> {
      await repo.update(userId, { passwordHash: await hashPassword(check(ZPassword, 'password', password)) });
    },

    /** PUT /api/user: name, nickname and region; absent fields stay. */
    async updateProfile(userId: number, patch: ProfilePatch): Promise<TUser | undefined> {
      const changes: Partial<UserRow> = {};
      if (patch.name !== undefined) changes.name = patch.name.trim();
      if (patch.nickname !== undefined) changes.nickname = patch.nickname.trim();
      if (patch.regionId !== undefined) changes.regionId = checkRegion(patch.regionId) ?? null;
      const row = Object.keys(changes).length ? await repo.update(userId, changes) : await repo.findById(userId);
      if (Object.keys(changes).length) changed(userId);
      return row ? toUser(row) : undefined;
    },

    /** The newsletter address of a user; null unsubscribes. */
    async setSubscribeEmail(userId: number, email: string | null): Promise<TUser | undefined> {
      const row = await repo.update(userId, { subscribeEmail: email === null ? null : check(ZEmail, 'email', email) });
      return row ? toUser(row) : undefined;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
