import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUser } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get(
    '/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: ZUser },
      },
    },
    async (request, reply) => {
      const session = await request.session();
      const user = session?.userId ? await account.getUser(session.userId) : undefined;
      if (!user) throw unauthorized();
      reply.header('cache-control', 'private, no-store');
      return user;
    },
  );
};
