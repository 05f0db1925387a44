import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTokenResponse } from '@cubeshop/shared';
import { z } from 'zod';
import type { AuthnService } from './authn.service.js';

export const authnRoutes: FastifyPluginAsyncZod<{ authn: AuthnService }> = async (app, { authn }) => {
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

  app.post(
    '/authn/signout',
    {
      schema: {
        tags: ['authn'],
        summary: 'Revoke the current token',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const session = await request.session();
      if (session) await authn.revoke(session.tokenHash);
      return { ok: true as const };
    },
  );
};
