import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, type TStaffChange, type TStaffInvite, type TStaffList, type TStaffMember, type TStaffRole } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { CreateUserInput, PersonFacts } from '../account/account.service.js';
import type { AuditChange, AuditService, StaffActor } from '../audit/audit.service.js';
import { PASSWORD_LINK_OUTBOX_KIND, type PasswordLinkPayload } from '../authn/password-links.service.js';
import type { StaffRepository } from './staff.repository.js';

/** What staff accounts need from the other modules (wired in services.ts). */
export interface StaffDeps {
  /** The users' owner. */
  account: {
    staff(): Promise<PersonFacts[]>;
    person(id: number): Promise<PersonFacts | undefined>;
    findIdByContact(contact: { kind: 'email'; value: string }): Promise<number | undefined>;
    createUser(input: CreateUserInput, tx?: Db): Promise<{ id: number }>;
    /** Said once the invitation's transaction committed: every instance's caches learn the new name. */
    announceCreated(userId: number): void;
    lockActiveOwners(tx: Db): Promise<number[]>;
    changeStaff(
      tx: Db,
      id: number,
      patch: { role?: TStaffRole | undefined; disabled?: boolean | undefined; clearPassword?: boolean | undefined },
    ): Promise<{ before: PersonFacts; after: PersonFacts; announce: () => void } | undefined>;
  };
  /** Sessions: ended in the change's transaction, their sockets on every instance right after it. */
  sessions: { revokeAllForUserIn(tx: Db, userId: number): Promise<() => void>; lastSignins(userIds: number[]): Promise<Map<number, Date>> };
  /** A disabled account's unused password links stop working. */
  links: { dropUnusedIn(tx: Db, userId: number): Promise<void> };
  /** The password link mail is written with the change and leaves through the outbox. */
  outbox: { enqueue(tx: Db, rows: { kind: string; dedupeKey: string; payload: Record<string, unknown> }[]): Promise<void>; nudge(): void };
  audit: AuditService;
}

const AUDIT_ENTITY = 'staff';

/** A user with a staff role. */
type StaffPerson = PersonFacts & { role: TStaffRole };
const isStaff = (p: PersonFacts | undefined): p is StaffPerson => !!p?.role;

function toMember(p: StaffPerson, lastSignin: Date | undefined): TStaffMember {
  return {
    id: p.id,
    account: p.account,
    name: p.name,
    email: p.email,
    role: p.role,
    locale: p.locale,
    disabledTime: p.disabledAt?.toISOString() ?? null,
    passwordSet: p.passwordSet,
    lastSigninTime: lastSignin?.toISOString() ?? null,
    createdTime: p.createdAt.toISOString(),
  };
}

const linkMail = (payload: PasswordLinkPayload) => ({
  kind: PASSWORD_LINK_OUTBOX_KIND,
  dedupeKey: `password-link:${payload.userId}:${randomUUID()}`,
  payload: { ...payload },
});

/**
 * Staff accounts (docs/accounts.md, Staff accounts): the owner lists the staff, invites someone by
 * e-mail with a role (the account is made without a password; the mail's link sets it), changes a
 * role, disables or enables an account and forces a password reset. A role change, disabling and
 * a reset end the person's sessions in the change's transaction and close their sockets on every
 * instance right after it ('sessions.revoked', 'users.changed'). The owner cannot disable or
 * demote themselves, and the last active owner is never removed. Every change is audited in its
 * transaction. This module owns no table: the account, authn, outbox and audit modules do the work.
 */
export function createStaffService(repo: StaffRepository, deps: StaffDeps) {
  const { account, sessions, audit } = deps;

  async function member(id: number): Promise<TStaffMember> {
    const person = await account.person(id);
    if (!isStaff(person)) throw notFound('staffNotFound');
    return toMember(person, (await sessions.lastSignins([id])).get(id));
  }

  return {
    /** GET /api/admin/staff: every staff member, oldest first. */
    async list(): Promise<TStaffList> {
      const people = (await account.staff()).filter(isStaff);
      const last = await sessions.lastSignins(people.map((p) => p.id));
      return { data: people.map((p) => toMember(p, last.get(p.id))) };
    },

    member,

    /**
     * POST /api/admin/staff: makes the account (named by its e-mail, no password) with the role and
     * the mail's language, and writes the invitation to the outbox in the same transaction.
     */
    async invite(actor: StaffActor, input: TStaffInvite): Promise<TStaffMember> {
      if ((await account.findIdByContact({ kind: 'email', value: input.email })) !== undefined) throw conflict('staffEmailTaken', {}, { field: 'email' });
      const locale = input.locale ?? DEFAULT_LOCALE;
      const id = await repo.transaction(async (tx) => {
        const user = await account.createUser({ account: input.email, email: input.email, name: input.name, role: input.role, locale }, tx);
        await audit.record(tx, actor, [
          { action: 'staff.invite', entity: AUDIT_ENTITY, entityId: user.id, after: { email: input.email, name: input.name, role: input.role } },
        ]);
        await deps.outbox.enqueue(tx, [linkMail({ userId: user.id, purpose: 'invite', invitedBy: actor.name })]);
        return user.id;
      });
      account.announceCreated(id);
      deps.outbox.nudge();
      return member(id);
    },

    /**
     * PUT /api/admin/staff/{id}: a new role, disabled or enabled, a forced password reset (the
     * password is cleared and the link mailed). Nothing that is already so is changed or audited.
     */
    async change(actor: StaffActor, id: number, change: TStaffChange): Promise<TStaffMember> {
      const self = actor.id === id;
      if (self && ((change.role !== undefined && change.role !== 'owner') || change.disabled === true)) throw conflict('staffSelfChange');
      if (self && change.resetPassword) throw conflict('staffSelfReset');
      const after = await repo.transaction(async (tx) => {
        // Owners first (always in id order), so two owners changing each other wait in turn and the last one stays.
        const owners = await account.lockActiveOwners(tx);
        const changed = await account.changeStaff(tx, id, { role: change.role, disabled: change.disabled, clearPassword: change.resetPassword });
        if (!changed) throw notFound('staffNotFound');
        const { before, after: now } = changed;
        const removesOwner = owners.includes(id) && (now.role !== 'owner' || now.disabledAt !== null);
        if (removesOwner && owners.every((o) => o === id)) throw conflict('staffLastOwner');
        if (change.resetPassword && !now.email) throw conflict('staffNoEmail');

        const entries: AuditChange[] = [];
        const entry = (action: AuditChange['action'], b: Record<string, unknown> | null, a: Record<string, unknown> | null) =>
          entries.push({ action, entity: AUDIT_ENTITY, entityId: id, before: b, after: a });
        if (before.role !== now.role) entry('staff.role', { role: before.role }, { role: now.role });
        const wasDisabled = before.disabledAt !== null;
        const isDisabled = now.disabledAt !== null;
        if (wasDisabled !== isDisabled) entry(isDisabled ? 'staff.disable' : 'staff.enable', { disabled: wasDisabled }, { disabled: isDisabled });
        if (change.resetPassword) entry('staff.passwordReset', null, null);
        if (entries.length) await audit.record(tx, actor, entries);

        // Another role, a disabled account or a forced reset: every session of the person ends now.
        const ends = before.role !== now.role || (isDisabled && !wasDisabled) || change.resetPassword === true;
        const ended = ends ? await deps.sessions.revokeAllForUserIn(tx, id) : undefined;
        if (isDisabled) await deps.links.dropUnusedIn(tx, id);
        if (change.resetPassword) await deps.outbox.enqueue(tx, [linkMail({ userId: id, purpose: 'reset' })]);
        return { announce: changed.announce, ended, mail: change.resetPassword === true, changed: entries.length > 0 };
      });
      if (after.changed) after.announce();
      after.ended?.();
      if (after.mail) deps.outbox.nudge();
      return member(id);
    },

    /**
     * POST /api/admin/staff/{id}/invitation: the invitation again, for someone who has not set a
     * password yet. Their unused links stop working in this transaction and a fresh link is mailed
     * in their language (the link is made when the mail leaves). Someone with a password gets a
     * forced reset instead (409), as does a disabled account (enable it first) or one without an
     * e-mail. Audited as staff.reinvite.
     */
    async reinvite(actor: StaffActor, id: number): Promise<TStaffMember> {
      await repo.transaction(async (tx) => {
        // The row locked (nothing changed): a password set meanwhile, or a second resend, waits here.
        const locked = await account.changeStaff(tx, id, {});
        if (!locked) throw notFound('staffNotFound');
        const person = locked.before;
        if (person.passwordSet) throw conflict('staffInviteAccepted');
        if (person.disabledAt) throw conflict('staffInviteDisabled');
        if (!person.email) throw conflict('staffNoEmail');
        await deps.links.dropUnusedIn(tx, id);
        await audit.record(tx, actor, [
          { action: 'staff.reinvite', entity: AUDIT_ENTITY, entityId: id, after: { email: person.email, locale: person.locale } },
        ]);
        await deps.outbox.enqueue(tx, [linkMail({ userId: id, purpose: 'invite', invitedBy: actor.name })]);
      });
      deps.outbox.nudge();
      return member(id);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
