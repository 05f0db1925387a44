import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffCan, type TStaffCapability } from '@cubeshop/shared';
import { forbidden, unauthorized } from '../lib/app-error.js';
import type { Session, SessionResolver } from '../lib/session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session from `Authorization: Bearer`, looked up once per request; null when none. */
    session(): Promise<Session | null>;
  }
  interface FastifyInstance {
    /** preHandler: a signed-in (not anonymous) user, else 401. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a signed-in staff member (any role), else 401 or 403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a signed-in staff member whose role has this capability, else 401 or 403. */
    requireStaff: (capability: TStaffCapability) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const sessionCache = new WeakMap<FastifyRequest, Promise<Session | null>>();

export const authPlugin = fp<{ authn: SessionResolver }>(
  async (app, { authn }) => {
    app.decorateRequest('session', function (this: FastifyRequest) {
      let cached = sessionCache.get(this);
      if (!cached) {
        const token = bearerToken(this);
        cached = token ? authn.resolve(token) : Promise.resolve(null);
        sessionCache.set(this, cached);
      }
      return cached;
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const session = await request.session();
      if (!session || session.userId === null) throw unauthorized();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const session = await request.session();
      if (!session || session.userId === null) throw unauthorized();
      if (!session.admin) throw forbidden();
    });
    app.decorate('requireStaff', (capability: TStaffCapability) => async (request: FastifyRequest) => {
      const session = await request.session();
      if (!session || session.userId === null) throw unauthorized();
      if (!staffCan(session.role, capability)) throw forbidden();
    });
  },
  { name: 'auth' },
);
