import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { MIN_TOKEN_LENGTH, parseChatSince, parseLocale, staffCan, type TChatSince, type TUser } from '@cubeshop/shared';
import { badRequest, notFound, unauthorized } from '../../lib/app-error.js';
import { bearerToken } from '../../plugins/auth.js';
import type { AuthnService } from '../authn/authn.service.js';
import type { WsSocket } from './chat.gateway.js';
import type { ConnSession } from './chat.connections.js';
import type { ChatActor } from './chat.context.js';
import type { Chat } from './chat.module.js';

/** Largest WebSocket frame (a 1 MiB image as base64 is about 1.4 MB); bigger frames close the socket with 1009. */
export const CHAT_MAX_FRAME_BYTES = 2 * 1024 * 1024;

export interface ChatSocketPluginOptions {
  chat: Chat;
  authn: AuthnService;
  account: { getUser(id: number): Promise<TUser | undefined> };
}

/**
 * GET /ws (the chat WebSocket); the upgrade is refused with 401 before it happens unless the
 * token is a signed-in user's. Chat images are served by the chat API (chat.routes.ts).
 */
export const chatSocketPlugin: FastifyPluginAsync<ChatSocketPluginOptions> = async (app, { chat, authn, account }) => {
  await chat.start();
  // Before @fastify/websocket's own preClose (which closes with no code): tell clients to reconnect.
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
  app.addHook('preClose', async () => {
    chat.closeSockets();
  });
  await app.register(websocket, { options: { maxPayload: CHAT_MAX_FRAME_BYTES, perMessageDeflate: false } });

  const accepted = new WeakMap<FastifyRequest, { actor: ChatActor; since: TChatSince; session: ConnSession }>();

  app.get(
    '/ws',
    {
      websocket: true,
      // The token travels in the query string: keep request lines of this route out of info logs.
      logLevel: 'warn',
      schema: { hide: true },
      // Who is calling first, before the query's text rule and the other parameters (docs/security.md).
      onRequest: async (request) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        const token = typeof query.token === 'string' ? query.token : bearerToken(request);
        if (!token || token.length < MIN_TOKEN_LENGTH) throw unauthorized();
        const session = await authn.resolve(token);
        if (!session || session.userId === null) throw unauthorized();
        const user = await account.getUser(session.userId);
        if (!user) throw unauthorized();
        const since = parseChatSince(typeof query.since === 'string' ? query.since : undefined);
        if (!since) throw badRequest('chatBadSince');
        const language = parseLocale(typeof query.language === 'string' ? query.language : undefined) ?? 'zh';
        accepted.set(request, {
          // An agent is a staff member whose role answers the chat (the `chat` capability); anyone else is a buyer.
          actor: { uid: user.id, uname: user.name || user.account, agent: staffCan(user.role, 'chat'), language },
          since,
          session: { tokenHash: session.tokenHash, expiresAt: session.expiresAt },
        });
      },
    },
    (socket, request) => {
      const auth = accepted.get(request);
      if (!auth) {
        (socket as WsSocket).close(1008, 'unauthorized');
        return;
      }
      chat.gateway.connect(socket, auth.actor, auth.since, auth.session);
    },
  );

  // Where chat images were public before they became private (/api/chat/images/<gid>/<name>,
  // chat.images.ts): nothing is served here any more, and the web app's fallback must not answer.
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify handler: async, so its answer (or throw) becomes the reply
  app.get('/uploads/chat/*', { schema: { hide: true } }, async () => {
    throw notFound('imageNotFound');
  });
};
