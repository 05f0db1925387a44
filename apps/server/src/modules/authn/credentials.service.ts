import {
  MOBILE_COUNTRY_CODE,
  type TCodeSentResponse,
  type TLocale,
  type TPasswordResetRequest,
  type TSigninRequest,
  type TSignupRequest,
} from '@cubeshop/shared';
import { badRequest } from '../../lib/app-error.js';
import { AccountInputError, type AccountService } from '../account/account.service.js';
import type { AuthnService } from './authn.service.js';
import { limitedError, type Limits } from './limits.js';
import type { Contact, OtpService } from './otp.service.js';

/** Who is asking: language for messages and mail, address for rate limits, current token if any. */
export interface Caller {
  locale: TLocale;
  ip: string;
  /** The caller's own token, kept when other sessions are revoked. */
  tokenHash?: string | undefined;
}

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

/** AccountInputError as the 400 the buyer reads. */
export function accountInputToAppError(err: AccountInputError) {
  if (err.key === 'exists') return badRequest(err.field === 'email' ? 'emailTaken' : err.field === 'mobile' ? 'mobileTaken' : 'accountTaken');
  if (err.key === 'reserved') return badRequest('accountReserved');
  if (err.field === 'regionId') return badRequest('regionUnknown');
  return badRequest('badRequest');
}

export interface CredentialsDeps {
  authn: AuthnService;
  account: AccountService;
  otp: OtpService;
  limits: Limits;
}

/** Sign-up, sign-in (password or code), forgotten and changed passwords. */
export function createCredentialsService({ authn, account, otp, limits }: CredentialsDeps) {
  /** Refuses with 429 while the account or the address has too many recent failures. */
  async function ensureNotLocked(accountKey: string | undefined, ip: string) {
    const waits = await Promise.all([accountKey ? limits.signinAccount.blockedFor(accountKey) : 0, limits.signinIp.blockedFor(ip)]);
    const wait = Math.max(...waits);
    if (wait) throw limitedError('signinLocked', wait);
  }
  async function countFailure(accountKey: string | undefined, ip: string) {
    await Promise.all([accountKey ? limits.signinAccount.hit(accountKey) : 0, limits.signinIp.hit(ip)]);
  }

  /** A code check whose failures count against the caller's address like failed sign-ins. */
  async function verifyCounted(purpose: 'signin' | 'reset', contact: Contact, code: string, ip: string) {
    await ensureNotLocked(undefined, ip);
    try {
      await otp.verify(purpose, contact, code);
    } catch (err) {
      await countFailure(undefined, ip);
      throw err;
    }
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
      if (purpose === 'signup') {
        return otp.issue({ purpose, contact, locale: caller.locale, ip: caller.ip, delivery: 'await', guard: () => ensureFree(contact) });
      }
      const known = (await account.findIdByContact(contact)) !== undefined;
      return otp.issue({ purpose, contact, locale: caller.locale, ip: caller.ip, delivery: known ? 'background' : 'none' });
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
      try {
        // The rules and the taken names and addresses first, so they do not use up the code.
        await account.checkNewUser(newUser);
        await otp.verify('signup', contact, input.otp);
        const user = await account.createUser(newUser);
        return { token: await authn.issueUserToken(user.id) };
      } catch (err) {
        if (err instanceof AccountInputError) throw accountInputToAppError(err);
        throw err;
      }
    },

    /**
     * Password or code sign-in. Every failure reads the same ('Account or password is incorrect',
     * or the code sentence), whichever part was wrong and whether or not the account exists.
     */
    async signin(input: TSigninRequest, caller: Caller): Promise<{ token: string }> {
      if (input.password !== undefined && input.account !== undefined) {
        const login = input.account.trim();
        const userId = await account.findIdByLogin(login);
        // Failures count per user (whatever name was typed), or per typed name when there is no such user.
        const accountKey = userId !== undefined ? `user:${userId}` : `login:${login.toLowerCase()}`;
        await ensureNotLocked(accountKey, caller.ip);
        const passed = await account.checkPassword(userId, input.password);
        if (!passed || userId === undefined) {
          await countFailure(accountKey, caller.ip);
          throw badRequest('signinFailed');
        }
        await limits.signinAccount.reset(accountKey);
        return { token: await authn.issueUserToken(userId) };
      }
      const contact = contactOf(input);
      await verifyCounted('signin', contact, input.otp ?? '', caller.ip);
      const userId = await account.findIdByContact(contact);
      // A code is stored for unknown addresses too (and never sent); it cannot be right, but be sure.
      if (userId === undefined) throw badRequest('codeInvalid');
      return { token: await authn.issueUserToken(userId) };
    },

    /** A forgotten password: the code proves the address; every other session of the user ends. */
    async resetPassword(input: TPasswordResetRequest, caller: Caller): Promise<{ ok: true; token: string }> {
      const contact = contactOf(input);
      await verifyCounted('reset', contact, input.otp, caller.ip);
      const userId = await account.findIdByContact(contact);
      if (userId === undefined) throw badRequest('codeInvalid');
      await account.setPassword(userId, input.password);
      await authn.revokeAllForUser(userId);
      await limits.signinAccount.reset(`user:${userId}`);
      return { ok: true, token: await authn.issueUserToken(userId) };
    },

    /** PUT /api/user/reset-pwd. Wrong current passwords count as sign-in failures of the account. */
    async changePassword(userId: number, oldPassword: string, newPassword: string, caller: Caller): Promise<void> {
      const accountKey = `user:${userId}`;
      await ensureNotLocked(accountKey, caller.ip);
      if (!(await account.checkPassword(userId, oldPassword))) {
        await countFailure(accountKey, caller.ip);
        throw badRequest('passwordUpdateFailed');
      }
      await account.setPassword(userId, newPassword);
      await authn.revokeAllForUser(userId, caller.tokenHash);
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
