import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MOBILE_COUNTRY_CODE,
  type TCodeSentResponse,
  type TPasswordLinkSet,
  type TPasswordResetRequest,
  type TSigninRequest,
  type TSignupRequest,
} from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import type { Caller } from '../../lib/session.js';
import type { AccountService } from '../account/account.service.js';

export type { Caller };
import type { AuthnService } from './authn.service.js';
import type { PasswordLinks } from './password-links.service.js';
import { limitedError, SIGNIN_SLOWDOWN, slowdownSeconds, sourceOf, type Limits } from './limits.js';
import type { Contact, OtpService } from './otp.service.js';
import type { SigninSourcesRepository } from './signin-sources.repository.js';

/** Who is asking: language for messages and mail, address for rate limits, current token if any. */

export interface ContactFields {
  email?: string | undefined;
  mobile?: string | undefined;
  country_code?: string | undefined;
}

/** The e-mail (preferred when both come) or the mainland mobile of a request; other countries' mobiles are refused. */
export function contactOf({ email, mobile, country_code }: ContactFields): Contact {
  if (email !== undefined) return { kind: 'email', value: email.trim() };
  if (mobile === undefined) throw badRequest('fieldRequired', { field: 'email' });
  if (country_code !== undefined && country_code.replace(/^\+/, '') !== MOBILE_COUNTRY_CODE) throw badRequest('mobileMainlandOnly');
  return { kind: 'mobile', value: mobile.trim() };
}

export interface CredentialsDeps {
  authn: AuthnService;
  account: AccountService;
  otp: OtpService;
  limits: Limits;
  /** Where each user has signed in before (durable, shared by every instance). */
  sources: SigninSourcesRepository;
  /** Mailed links that set a password (staff invitations, forced resets). */
  links?: Pick<PasswordLinks, 'take'> | undefined;
  /** Time of the known sources (tests move it). */
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** A source stays known this long after its last success. */
const KNOWN_SOURCE_MS = 90 * 24 * 3600_000;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/** What is stored for a known source: SHA-256 of user id and source, never the address itself. */
function sourceHash(userId: number, source: string): string {
  return createHash('sha256').update(`${userId}:${source}`).digest('hex');
}
const pairKey = (accountKey: string, source: string) => `${accountKey}@${source}`;

/** Sign-up, sign-in (password or code), forgotten and changed passwords. */
export function createCredentialsService({ authn, account, otp, limits, sources, links, now = () => new Date(), log }: CredentialsDeps) {
  let lastHousekeeping = 0;
  function housekeeping(at: Date) {
    if (at.getTime() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = at.getTime();
    sources.forgetBefore(new Date(at.getTime() - KNOWN_SOURCE_MS)).catch((err: unknown) => log?.warn({ err }, 'forgetting old sign-in sources failed'));
  }

  /** Whether the user signed in from this source in the last 90 days. An unknown account (undefined) asks too, so timing does not tell. */
  async function isKnownSource(userId: number | undefined, source: string): Promise<boolean> {
    const id = userId ?? 0;
    return sources.isKnown(id, sourceHash(id, source), new Date(now().getTime() - KNOWN_SOURCE_MS));
  }

  /**
   * The user proved themselves from this source: its failures on the account are forgotten and it
   * becomes known. Bookkeeping only: a failure to store it is logged and does not fail the sign-in.
   */
  async function rememberSource(userId: number, source: string) {
    const at = now();
    const remembered = sources
      .markKnown(userId, sourceHash(userId, source), at)
      .catch((err: unknown) => log?.warn({ err }, 'remembering a sign-in source failed'));
    await Promise.all([limits.signinPair.reset(pairKey(`user:${userId}`, source)), remembered]);
    housekeeping(at);
  }

  /**
   * One password check under the sign-in limits (docs/accounts.md, Sign-in limits): 429 while this
   * account and source pair is locked, while the source is locked (unless the account knows it), or
   * while the account's lane for unknown sources is closed. True when the password is right.
   */
  async function checkPasswordLimited(accountKey: string, userId: number | undefined, password: string, source: string): Promise<boolean> {
    const pair = pairKey(accountKey, source);
    const [pairWait, sourceWait] = await Promise.all([limits.signinPair.blockedFor(pair), limits.signinIp.blockedFor(source)]);
    if (pairWait) throw limitedError('signinLocked', pairWait);
    let known: Promise<boolean> | undefined;
    const knownSource = () => (known ??= isKnownSource(userId, source));
    if (sourceWait && !(await knownSource())) throw limitedError('signinLocked', sourceWait);

    // The attempt is counted against the account before the check and given back when it succeeds, so
    // parallel attempts cannot all slip in below the threshold.
    const failures = await limits.signinAccount.count(accountKey);
    let lane = false;
    if (failures > limits.signinAccount.points && !(await knownSource())) {
      // Under attack: one attempt from an unknown source at a time, and a pause after each failure.
      const wait = await limits.signinSlow.claim(accountKey, now().getTime(), SIGNIN_SLOWDOWN.holdSeconds * 1000);
      if (wait) {
        await limits.signinAccount.refund(accountKey);
        throw limitedError('signinSlowed', wait);
      }
      lane = true;
    }
    let passed: boolean;
    try {
      // An unknown account is checked against a stand-in hash: the same work, always false.
      passed = (await account.checkPassword(userId, password)) && userId !== undefined;
    } catch (err) {
      await Promise.all([limits.signinAccount.refund(accountKey), lane ? limits.signinSlow.open(accountKey) : undefined]);
      throw err;
    }
    if (passed) {
      await Promise.all([limits.signinAccount.refund(accountKey), lane ? limits.signinSlow.open(accountKey) : undefined]);
      return true;
    }
    await Promise.all([limits.signinPair.hit(pair), limits.signinIp.hit(source)]);
    if (failures >= limits.signinAccount.points && !(await knownSource())) {
      await limits.signinSlow.close(accountKey, now().getTime(), slowdownSeconds(failures) * 1000);
    }
    return false;
  }

  /** A code check whose failures count against the caller's source like failed sign-ins; the code flows have no per-account lock. */
  async function verifyCounted(purpose: 'signin' | 'reset', contact: Contact, code: string, source: string) {
    const wait = await limits.signinIp.blockedFor(source);
    if (wait) throw limitedError('signinLocked', wait);
    try {
      await otp.verify(purpose, contact, code);
    } catch (err) {
      await limits.signinIp.hit(source);
      throw err;
    }
  }

  /** Staff disabled the account (customers module): no new session until they enable it. */
  async function refuseDisabled(userId: number) {
    if (await account.isDisabled(userId)) throw badRequest('accountDisabled');
  }

  async function ensureFree(contact: Contact) {
    if ((await account.findIdByContact(contact)) !== undefined) throw badRequest(contact.kind === 'email' ? 'emailTaken' : 'mobileTaken');
  }

  return {
    /**
     * Sends a code. Sign-up refuses an address that already has an account (after the per-IP limit
     * counted the request); sign-in and reset answer the same whether or not the address has an
     * account, and send nothing when it has none.
     */
    async requestCode(purpose: 'signup' | 'signin' | 'reset', fields: ContactFields, caller: Caller): Promise<TCodeSentResponse> {
      const contact = contactOf(fields);
      const ip = sourceOf(caller.ip);
      if (purpose === 'signup') {
        return otp.issue({ purpose, contact, locale: caller.locale, ip, delivery: 'await', guard: () => ensureFree(contact) });
      }
      const known = (await account.findIdByContact(contact)) !== undefined;
      return otp.issue({ purpose, contact, locale: caller.locale, ip, delivery: known ? 'background' : 'none' });
    },

    /** Creates the account after the code proves the e-mail or mobile, and signs the buyer in. */
    async signup(input: TSignupRequest, caller: Caller): Promise<{ token: string }> {
      const contact = contactOf(input);
      const email = contact.kind === 'email' ? contact.value : undefined;
      const newUser = {
        account: input.account,
        email,
        mobile: contact.kind === 'mobile' ? contact.value : undefined,
        password: input.password,
        name: input.name,
        regionId: input.regionId,
        locale: caller.locale,
        subscribeEmail: input.subscribe && email ? email : undefined,
      };
      // The rules and the taken names and addresses first, so they do not use up the code.
      await account.checkNewUser(newUser);
      await otp.verify('signup', contact, input.otp);
      const user = await account.createUser(newUser);
      // Signed up with a code: the new account knows this source.
      await rememberSource(user.id, sourceOf(caller.ip));
      return { token: await authn.issueUserToken(user.id) };
    },

    /**
     * Password or code sign-in. Every failure reads the same ('Account or password is incorrect',
     * or the code sentence), whichever part was wrong and whether or not the account exists.
     */
    async signin(input: TSigninRequest, caller: Caller): Promise<{ token: string }> {
      const source = sourceOf(caller.ip);
      if (input.password !== undefined && input.account !== undefined) {
        const login = input.account.trim();
        const userId = await account.findIdByLogin(login);
        // Failures count per user (whatever name was typed), or per typed name when there is no such user.
        const accountKey = userId !== undefined ? `user:${userId}` : `login:${login.toLowerCase()}`;
        if (!(await checkPasswordLimited(accountKey, userId, input.password, source)) || userId === undefined) throw badRequest('signinFailed');
        // Said only to whoever proved the password: a disabled account is not revealed to guessers.
        await refuseDisabled(userId);
        await rememberSource(userId, source);
        return { token: await authn.issueUserToken(userId) };
      }
      const contact = contactOf(input);
      await verifyCounted('signin', contact, input.otp ?? '', source);
      const userId = await account.findIdByContact(contact);
      // A code is stored for unknown addresses too (and never sent); it cannot be right, but be sure.
      if (userId === undefined) throw badRequest('codeInvalid');
      await refuseDisabled(userId);
      // Proved by a code: this source's failures are forgotten and its password sign-ins skip the slowdown.
      await rememberSource(userId, source);
      return { token: await authn.issueUserToken(userId) };
    },

    /** A forgotten password: the code proves the address; every other session of the user ends. */
    async resetPassword(input: TPasswordResetRequest, caller: Caller): Promise<{ ok: true; token: string }> {
      const contact = contactOf(input);
      const source = sourceOf(caller.ip);
      await verifyCounted('reset', contact, input.otp, source);
      const userId = await account.findIdByContact(contact);
      if (userId === undefined) throw badRequest('codeInvalid');
      await refuseDisabled(userId);
      await account.setPassword(userId, input.password);
      await authn.revokeAllForUser(userId);
      await rememberSource(userId, source);
      return { ok: true, token: await authn.issueUserToken(userId) };
    },

    /**
     * A password set with a mailed link (an invitation or a reset the owner forced; docs/accounts.md,
     * Staff accounts): the link works once; every other session of the user ends and the answer signs in.
     */
    async setPasswordByLink(input: TPasswordLinkSet, caller: Caller): Promise<{ ok: true; token: string }> {
      if (!links) throw badRequest('passwordLinkInvalid');
      const userId = await links.take(input.token);
      await refuseDisabled(userId);
      await account.setPassword(userId, input.password);
      await authn.revokeAllForUser(userId);
      await rememberSource(userId, sourceOf(caller.ip));
      return { ok: true, token: await authn.issueUserToken(userId) };
    },

    /** PUT /api/user/reset-pwd. Wrong current passwords count like failed sign-ins of the account from the caller's source. */
    async changePassword(userId: number, oldPassword: string, newPassword: string, caller: Caller): Promise<void> {
      const source = sourceOf(caller.ip);
      if (!(await checkPasswordLimited(`user:${userId}`, userId, oldPassword, source))) throw badRequest('passwordUpdateFailed');
      await account.setPassword(userId, newPassword);
      await authn.revokeAllForUser(userId, caller.tokenHash);
      await rememberSource(userId, source);
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
