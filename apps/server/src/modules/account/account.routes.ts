import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUpdateUserRequest, ZUser } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import { signedInUserId } from '../../lib/session.js';
import type { AccountService } from './account.service.js';

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: ZUser },
      },
    },
    async (request, reply) => {
      const user = await account.getUser(await signedInUserId(request));
      if (!user) throw unauthorized();
      reply.header('cache-control', 'private, no-store');
      return user;
    },
  );

  app.put(
    '/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Update name, nickname and region',
        security: [{ bearer: [] }],
        body: ZUpdateUserRequest,
        response: { 200: ZUser },
      },
    },
    async (request) => {
      const user = await account.updateProfile(await signedInUserId(request), request.body);
      if (!user) throw unauthorized();
      return user;
    },
  );
};
