import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangePasswordRequest, ZOkResponse, ZUpdateUserRequest, ZUser } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import { callerOf, signedInUserId } from '../authn/caller.js';
import { accountInputToAppError, type CredentialsService } from '../authn/credentials.service.js';
import { AccountInputError, type AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; credentials: CredentialsService }> = async (
  app,
  { account, credentials },
) => {
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
      const user = await account.getUser(await signedInUserId(request));
      if (!user) throw unauthorized();
      reply.header('cache-control', 'private, no-store');
      return user;
    },
  );

  app.put(
    '/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Update name, nickname and region',
        security: [{ bearer: [] }],
        body: ZUpdateUserRequest,
        response: { 200: ZUser },
      },
    },
    async (request) => {
      try {
        const user = await account.updateProfile(await signedInUserId(request), request.body);
        if (!user) throw unauthorized();
        return user;
      } catch (err) {
        if (err instanceof AccountInputError) throw accountInputToAppError(err);
        throw err;
      }
    },
  );

  app.put(
    '/user/reset-pwd',
    {
      preHandler: app.requireUser,
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
