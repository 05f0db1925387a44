import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChatGidBody, ZChatGroup, ZChatInviteBody, ZChatOnlineAdmin, type TUser } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { ChatActor } from './chat.context.js';
import type { ChatService } from './chat.service.js';

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
      return chat.accept(await actorOf(request), request.body.gid);
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
      return chat.leave(await actorOf(request), request.body.gid);
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
      return chat.invite(await actorOf(request), request.body.gid, request.body.uid);
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
