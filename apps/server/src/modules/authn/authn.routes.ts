import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordRequest,
  ZCodeRequestQuery,
  ZCodeSentResponse,
  ZPasswordLinkCheck,
  ZPasswordLinkInfo,
  ZPasswordLinkSet,
  ZPasswordResetRequest,
  ZPasswordResetResponse,
  ZSigninRequest,
  ZSignupRequest,
  ZOkResponse,
  ZTokenResponse,
} from '@cubeshop/shared';
import { z } from 'zod';
import type { AuthnService } from './authn.service.js';
import { callerOf, signedInUserId } from '../../lib/session.js';
import type { CredentialsService } from './credentials.service.js';
import type { PasswordLinks } from './password-links.service.js';

const codeDescription = (what: string) =>
  `Sends a 6-digit code ${what} to ?email=E, or by SMS to ?mobile=M&country_code=86 (mainland China only). ` +
  'A code is valid 10 minutes, once, for 5 tries; a new one comes no sooner than 60 s after the last ' +
  '(400 with details.retryAfter). Rate limits per address and per IP answer 429 with details.retryAfter.';

interface AuthnRoutesOptions {
  authn: AuthnService;
  credentials: CredentialsService;
  links: Pick<PasswordLinks, 'check'>;
}

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const authnRoutes: FastifyPluginAsyncZod<AuthnRoutesOptions> = async (app, { authn, credentials, links }) => {
  app.get(
    '/authn/anonymous/token',
    {
      schema: {
        tags: ['authn'],
        summary: 'A token for a first-time visitor',
        description: 'Every visitor gets a token on the first visit; it is sent as Authorization: Bearer.',
        response: { 200: ZTokenResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: await authn.issueAnonymousToken() };
    },
  );

  app.get(
    '/authn/signup/code',
    {
      schema: {
        tags: ['authn'],
        summary: 'Send a sign-up code',
        description: `${codeDescription('for sign-up')} An address that already has an account gets 400.`,
        querystring: ZCodeRequestQuery,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => credentials.requestCode('signup', request.query, await callerOf(request)),
  );

  app.post(
    '/authn/signup',
    {
      schema: {
        tags: ['authn'],
        summary: 'Register',
        description:
          'Creates the account once the code proves the e-mail or mobile, and signs in. account defaults to the e-mail or mobile; ' +
          'without a password the buyer signs in with codes. subscribe (e-mail mode) subscribes the e-mail to the newsletter.',
        body: ZSignupRequest,
        response: { 200: ZTokenResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return credentials.signup(request.body, await callerOf(request));
    },
  );

  app.get(
    '/authn/signin/code',
    {
      schema: {
        tags: ['authn'],
        summary: 'Send a sign-in code',
        description: `${codeDescription('for sign-in')} The answer is the same whether or not the address has an account; nothing is sent when it has none.`,
        querystring: ZCodeRequestQuery,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => credentials.requestCode('signin', request.query, await callerOf(request)),
  );

  app.post(
    '/authn/signin',
    {
      schema: {
        tags: ['authn'],
        summary: 'Sign in',
        description:
          '{account, password} (account name, e-mail or mobile) or {email | mobile, otp}. Failures read the same whichever part was wrong; ' +
          '5 failures of one account from one address (50 from one address in all) in 15 minutes answer 429 with details.retryAfter; an account with 10+ recent failures makes unknown addresses wait up to 60 s between attempts (docs/security.md).',
        body: ZSigninRequest,
        response: { 200: ZTokenResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return credentials.signin(request.body, await callerOf(request));
    },
  );

  app.get(
    '/authn/password/code',
    {
      schema: {
        tags: ['authn'],
        summary: 'Send a password reset code',
        description: `${codeDescription('to reset a forgotten password')} The answer is the same whether or not the address has an account.`,
        querystring: ZCodeRequestQuery,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => credentials.requestCode('reset', request.query, await callerOf(request)),
  );

  app.post(
    '/authn/password',
    {
      schema: {
        tags: ['authn'],
        summary: 'Reset a forgotten password',
        description: 'Sets a new password with a code from GET /api/authn/password/code, ends every other session and signs in.',
        body: ZPasswordResetRequest,
        response: { 200: ZPasswordResetResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return credentials.resetPassword(request.body, await callerOf(request));
    },
  );

  app.post(
    '/authn/password/link/check',
    {
      schema: {
        tags: ['authn'],
        summary: 'Whether a mailed password link still works',
        description:
          'The token of a link mailed to an invited staff member or one whose password the owner reset (`/set-password#<token>`). ' +
          'Answers the purpose, the account, name and role, and when the link stops working; 400 when it was used, replaced by a newer link, expired or the account is disabled.',
        body: ZPasswordLinkCheck,
        response: { 200: ZPasswordLinkInfo },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return links.check(request.body.token);
    },
  );

  app.post(
    '/authn/password/link',
    {
      schema: {
        tags: ['authn'],
        summary: 'Set a password with a mailed link',
        description:
          'Sets the password (the rules of sign-up) with the token of a mailed link, which then stops working; every other session of the user ends and the answer signs in.',
        body: ZPasswordLinkSet,
        response: { 200: ZPasswordResetResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return credentials.setPasswordByLink(request.body, await callerOf(request));
    },
  );

  app.post(
    '/authn/signout',
    {
      schema: {
        tags: ['authn'],
        summary: 'Revoke the current token',
        description: 'Revokes the bearer token the request carries (only that one); without a token there is nothing to revoke and the answer is the same.',
        // The caller's own token, and optional: `{}` says a request without one is accepted too.
        security: [{ bearer: [] }, {}],
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const session = await request.session();
      if (session) await authn.revoke(session.tokenHash);
      return { ok: true as const };
    },
  );

  // The password change is a credential operation: it lives with sign-in, at the public API's /api/user path (docs/requirements.md, API).
  app.put(
    '/user/reset-pwd',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Change the password',
        description: 'Needs the current password; ends every other session of the user. A forgotten password is reset with POST /api/authn/password.',
        security: [{ bearer: [] }],
        body: ZChangePasswordRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await credentials.changePassword(await signedInUserId(request), request.body.oldPassword, request.body.newPassword, await callerOf(request));
      return { ok: true as const };
    },
  );
};
