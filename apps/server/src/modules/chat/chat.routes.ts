import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffCan,
  ZChatBuyer,
  ZChatBuyerParams,
  ZChatGidBody,
  ZChatGroup,
  ZChatInviteBody,
  ZChatOnlineAgent,
  type TCustomerOrder,
  type TUser,
} from '@cubeshop/shared';
import { notFound, unauthorized } from '../../lib/app-error.js';
import type { ChatActor } from './chat.context.js';
import type { ChatImageStore } from './chat.images.js';
import type { ChatService } from './chat.service.js';

/** A chat image's address parts: loose on purpose, so a malformed one is the same 404 as a stranger's. */
const ZChatImageParams = z.object({ gid: z.string().max(64), name: z.string().max(100) });

interface ChatRoutesOptions {
  chat: ChatService;
  images: Pick<ChatImageStore, 'may' | 'read'>;
  account: { getUser(id: number): Promise<TUser | undefined> };
  /** A buyer's latest orders with their status (the customers module); absent: none shown. */
  buyerOrders?: ((buyerId: number) => Promise<TCustomerOrder[]>) | undefined;
}

/**
 * Chat API (docs/requirements.md, API): the staff customer-service screen's lists and actions. Every
 * staff call checks the `chat` capability on the server before it reads the request, as every other
 * staff route checks its own (401 anonymous, 403 buyers and any role without it; docs/orders.md,
 * Back office).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { chat, images, account, buyerOrders }) => {
  async function actorOf(request: FastifyRequest): Promise<ChatActor> {
    const session = await request.session();
    const user = session?.userId ? await account.getUser(session.userId) : undefined;
    if (!user) throw unauthorized();
    return { uid: user.id, uname: user.name || user.account, agent: staffCan(user.role, 'chat'), language: request.locale };
  }
  const agentOnly = { onRequest: app.requireStaff('chat') };
  const common = { tags: ['chat'], security: [{ bearer: [] }] };
  const groups = z.array(ZChatGroup);

  app.get(
    '/groups/waiting',
    { ...agentOnly, schema: { ...common, summary: 'Buyers waiting for an agent, longest wait first', response: { 200: groups } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.listWaiting();
    },
  );

  app.get(
    '/groups/serving',
    { ...agentOnly, schema: { ...common, summary: 'Conversations being served, with their agents', response: { 200: groups } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.listServing();
    },
  );

  app.get(
    '/groups/admin',
    { ...agentOnly, schema: { ...common, summary: 'Agents online in the chat (on any instance), to invite', response: { 200: z.array(ZChatOnlineAgent) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.onlineAgents();
    },
  );

  app.get(
    '/groups/:gid/buyer',
    {
      onRequest: app.requireStaff('chat'),
      schema: {
        ...common,
        summary: 'The buyer of a conversation the caller serves: name and latest orders with their status',
        description:
          "For answering questions in the chat (every chat role, customer service included): the name and up to 20 orders (id, date, status, payment status, amount due, paid), never e-mail, phone or addresses. 404 unless the caller is one of the conversation's agents now.",
        params: ZChatBuyerParams,
        response: { 200: ZChatBuyer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await request.session();
      const group = await chat.getGroup(request.params.gid);
      if (!group || group.status !== 'serving' || !group.agents.some((a) => a.uid === session?.userId)) throw notFound('customerNotFound');
      const [buyer, orders] = await Promise.all([account.getUser(group.uid), buyerOrders?.(group.uid) ?? []]);
      return { uid: group.uid, name: buyer?.name ?? '', orders };
    },
  );

  app.post(
    '/groups/join',
    {
      ...agentOnly,
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
      ...agentOnly,
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
      ...agentOnly,
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

  app.get(
    '/chat/images/:gid/:name',
    {
      schema: {
        ...common,
        summary: "A chat picture (WebP): the conversation's buyer and customer-service staff only",
        description:
          'The address comes with the image message. 404 to anyone else, signed out included (its existence is not told). Cached privately by the browser (immutable: a new picture has a new name).',
        params: ZChatImageParams,
      },
    },
    async (request, reply) => {
      const { gid, name } = request.params;
      const session = await request.session();
      const reader = session?.userId ? { userId: session.userId, role: session.role } : null;
      if (!(await images.may(reader, gid, name))) throw notFound('imageNotFound');
      const etag = `"${name.slice(0, 64)}"`;
      // Private: the browser keeps it (per signed-in caller), shared caches never do.
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('vary', 'authorization')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const bytes = await images.read(name);
      if (!bytes) throw notFound('imageNotFound');
      return reply.type('image/webp').send(bytes);
    },
  );

  app.post(
    '/groups/joined',
    {
      onRequest: app.requireUser,
      schema: { ...common, summary: 'Open conversations the caller is in (a buyer: theirs; an agent: those served)', response: { 200: groups } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.listJoined((await actorOf(request)).uid);
    },
  );
};
