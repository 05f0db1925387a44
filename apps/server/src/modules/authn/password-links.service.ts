import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_LINK_TTL_HOURS, type TLocale, type TPasswordLinkInfo, type TPasswordLinkPurpose, type TStaffRole } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { MailMessage } from '../notifications/mail.js';
import { passwordLinkMail } from '../notifications/password-link.mail.js';
import type { PasswordLinksRepository } from './password-links.repository.js';

/** What a link needs to know of its person (the account module). */
export interface LinkPerson {
  account: string;
  name: string;
  email: string | null;
  role: TStaffRole | null;
  locale: TLocale;
  disabledAt: Date | null;
}

export interface PasswordLinksDeps {
  people: { person(id: number): Promise<LinkPerson | undefined> };
  now?: () => Date;
}

/** What an outbox 'passwordLink' row carries: whose link, why, and who invited them. No token: it is made when the mail leaves. */
export interface PasswordLinkPayload {
  userId: number;
  purpose: TPasswordLinkPurpose;
  invitedBy?: string | undefined;
}

/** The outbox kind of password link mail (registered in services.ts). */
export const PASSWORD_LINK_OUTBOX_KIND = 'passwordLink';

const HOUR_MS = 3_600_000;

/**
 * Password links (docs/accounts.md, Staff accounts): a mailed link that sets a password once. The
 * token is made when the outbox delivers the mail (the outbox row holds no secret; a newer link of
 * the person replaces an unused older one), stored as its SHA-256, and lives in the link's
 * fragment (`/set-password#<token>`), so no server log or Referer sees it.
 */
export function createPasswordLinks(repo: PasswordLinksRepository, { people, now = () => new Date() }: PasswordLinksDeps) {
  const invalid = () => badRequest('passwordLinkInvalid');

  async function usable(token: string) {
    const link = await repo.findUsable(hashToken(token), now());
    const person = link && (await people.person(link.userId));
    if (!link || !person || person.disabledAt) throw invalid();
    return { link, person };
  }

  /** A new link for the user (replacing their unused ones): the token to mail and when it stops working. */
  async function mint(userId: number, purpose: TPasswordLinkPurpose): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + PASSWORD_LINK_TTL_HOURS[purpose] * HOUR_MS);
    await repo.replace({ tokenHash: hashToken(token), userId, purpose, expiresAt });
    return { token, expiresAt };
  }

  return {
    mint,

    /** Whether a link still works and for whom (the set-password page says it before the password is typed). */
    async check(token: string): Promise<TPasswordLinkInfo> {
      const { link, person } = await usable(token);
      return { purpose: link.purpose, account: person.account, name: person.name, role: person.role, expiresTime: link.expiresAt.toISOString() };
    },

    /** Uses the link (once, whichever tab comes first): the user whose password may now be set. 400 when it no longer works. */
    async take(token: string): Promise<number> {
      await usable(token);
      const link = await repo.take(hashToken(token), now());
      if (!link) throw invalid();
      return link.userId;
    },

    /** The user's unused links stop working, inside the caller's transaction (the account was disabled). */
    dropUnusedIn: (tx: Db, userId: number) => repo.dropUnusedIn(tx, userId),

    /**
     * The outbox's deliverer of 'passwordLink' rows: makes the link and mails it in the person's
     * language. Nothing is sent to a person without an e-mail or whose account is disabled
     * meanwhile. Without SMTP the link is written to the log (development delivery, as codes are).
     */
    deliverer(deps: { origin: string; send: (message: MailMessage) => Promise<void>; mailConfigured: boolean; log: Pick<FastifyBaseLogger, 'info' | 'warn'> }) {
      return async (payload: Record<string, unknown>, row: { id: number }): Promise<void> => {
        const { userId, purpose, invitedBy } = payload as unknown as PasswordLinkPayload;
        const person = await people.person(userId);
        if (!person?.email || person.disabledAt) {
          deps.log.warn({ userId, purpose }, 'password link: not sent (no e-mail, or the account is disabled)');
          return;
        }
        const { token } = await mint(userId, purpose);
        const url = `${deps.origin.replace(/\/+$/, '')}/set-password#${token}`;
        if (!deps.mailConfigured) {
          deps.log.info({ purpose, channel: 'email' }, `[dev delivery] password link for ${person.email}: ${url}`);
          return;
        }
        const mail = passwordLinkMail(
          { purpose, name: person.name || person.account, account: person.account, role: person.role, invitedBy, url, hours: PASSWORD_LINK_TTL_HOURS[purpose] },
          person.locale,
        );
        await deps.send({ to: person.email, ...mail, messageId: `<outbox-${row.id}@cubeshop>` });
      };
    },
  };
}
export type PasswordLinks = ReturnType<typeof createPasswordLinks>;
