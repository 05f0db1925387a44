import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChatGidBody, ZChatGroup, ZChatInviteBody, ZChatOnlineAdmin, type TUser } from '@cubeshop/shared';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error.js';
import { ChatError, type ChatActor, type ChatService } from './chat.service.js';

/** ChatError -> the HTTP answer of the chat API. */
function httpError(err: unknown): unknown {
  if (!(err instanceof ChatError)) return err;
  switch (err.code) {
    case 'unknown_gid':
      return notFound('chatUnknownGid');
    case 'forbidden_gid':
      return new AppError(403, 'FORBIDDEN', 'chatForbiddenGid');
    case 'ended':
      return new AppError(409, 'CONFLICT', 'chatEnded');
    case 'not_waiting':
      return new AppError(409, 'CONFLICT', 'chatNotWaiting');
    case 'admin_offline':
      return new AppError(409, 'CONFLICT', 'chatAdminOffline');
    case 'already_member':
      return new AppError(409, 'CONFLICT', 'chatAlreadyMember');
    case 'not_admin':
      return badRequest('chatNotAdmin');
    case 'not_buyer':
      return forbidden();
    default:
      return err;
  }
}

/**
 * Chat API (spec section 7): the admin customer-service screen's lists and actions. Every admin
 * call checks the admin flag on the server (401 anonymous, 403 buyers).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; account: { getUser(id: number): Promise<TUser | undefined> } }> = async (
  app,
  { chat, account },
) => {
  async function actorOf(request: FastifyRequest): Promise<ChatActor> {
    const session = await request.session();
    const user = session?.userId ? await account.getUser(session.userId) : undefined;
    if (!user) throw unauthorized();
    return { uid: user.id, uname: user.name || user.account, admin: user.admin, language: request.locale };
  }
  const admin = { preHandler: app.requireAdmin };
  const common = { tags: ['chat'], security: [{ bearer: [] }] };
  const groups = z.array(ZChatGroup);

  app.get(
    '/groups/waiting',
    { ...admin, schema: { ...common, summary: 'Buyers waiting for an agent, longest wait first', response: { 200: groups } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.listWaiting();
    },
  );

  app.get(
    '/groups/serving',
    { ...admin, schema: { ...common, summary: 'Conversations being served, with their agents', response: { 200: groups } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.listServing();
    },
  );

  app.get(
    '/groups/admin',
    { ...admin, schema: { ...common, summary: 'Admins online in the chat (on any instance), to invite', response: { 200: z.array(ZChatOnlineAdmin) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.onlineAdmins();
    },
  );

  app.post(
    '/groups/join',
    {
      ...admin,
      schema: {
        ...common,
        summary: 'Accept a waiting buyer',
        description: '409 when another agent accepted first or it ended; 404 for an unknown gid.',
        body: ZChatGidBody,
        response: { 200: ZChatGroup },
      },
    },
    async (request) => {
      try {
        return await chat.accept(await actorOf(request), request.body.gid);
      } catch (err) {
        throw httpError(err);
      }
    },
  );

  app.post(
    '/groups/leave',
    {
      ...admin,
      schema: {
        ...common,
        summary: 'End service: leave a conversation; the last agent leaving ends it',
        body: ZChatGidBody,
        response: { 200: ZChatGroup },
      },
    },
    async (request) => {
      try {
        return await chat.leave(await actorOf(request), request.body.gid);
      } catch (err) {
        throw httpError(err);
      }
    },
  );

  app.post(
    '/groups/invite',
    {
      ...admin,
      schema: {
        ...common,
        summary: 'Bring another online admin into a conversation you serve',
        body: ZChatInviteBody,
        response: { 200: ZChatGroup },
      },
    },
    async (request) => {
      try {
        return await chat.invite(await actorOf(request), request.body.gid, request.body.uid);
      } catch (err) {
        throw httpError(err);
      }
    },
  );

  app.post(
    '/groups/joined',
    {
      preHandler: app.requireUser,
      schema: { ...common, summary: 'Open conversations the caller is in (a buyer: theirs; an agent: those served)', response: { 200: groups } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.listJoined((await actorOf(request)).uid);
    },
  );
};
