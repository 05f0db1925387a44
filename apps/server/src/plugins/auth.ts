import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffCan, type TStaffCapability } from '@cubeshop/shared';
import { forbidden, unauthorized } from '../lib/app-error.js';
import type { Session, SessionResolver, StaffActor } from '../lib/session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session from `Authorization: Bearer`, looked up once per request; null when none. */
    session(): Promise<Session | null>;
  }
  interface FastifyInstance {
    /** onRequest: a signed-in (not anonymous) user, else 401. */
    requireUser: AccessCheck;
    /** onRequest: a signed-in staff member (any role), else 401 or 403. */
    requireAnyStaff: AccessCheck;
    /** onRequest: a signed-in staff member whose role has this capability, else 401 or 403. */
    requireStaff: (capability: TStaffCapability) => AccessCheck;
  }
}

/**
 * Who may call a route, as the route declares it (`onRequest: app.requireUser`, `onRequest:
 * app.requireStaff('orders.read')`): `user` (signed in), `staff` (any staff role) or
 * `staff:<capability>`. It is published in the OpenAPI document as the operation's `x-access`.
 */
export type Access = 'user' | 'staff' | `staff:${TStaffCapability}`;
export type AccessCheck = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { readonly access: Access };

const accessCheck = (access: Access, check: (request: FastifyRequest) => Promise<void>): AccessCheck => Object.assign(check, { access });
const isAccessCheck = (hook: unknown): hook is AccessCheck => typeof hook === 'function' && typeof (hook as Partial<AccessCheck>).access === 'string';
const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const sessionCache = new WeakMap<FastifyRequest, Promise<Session | null>>();

export const authPlugin = fp<{ authn: SessionResolver }>(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
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
    app.decorate(
      'requireUser',
      accessCheck('user', async (request) => {
        const session = await request.session();
        if (!session || session.userId === null) throw unauthorized();
      }),
    );
    app.decorate(
      'requireAnyStaff',
      accessCheck('staff', async (request) => {
        const session = await request.session();
        if (!session || session.userId === null) throw unauthorized();
        if (!session.staff) throw forbidden();
      }),
    );
    app.decorate('requireStaff', (capability: TStaffCapability) =>
      accessCheck(`staff:${capability}`, async (request) => {
        const session = await request.session();
        if (!session || session.userId === null) throw unauthorized();
        if (!staffCan(session.role, capability)) throw forbidden();
      }),
    );

    // Who is calling is checked before anything of the request is read (docs/security.md, What is
    // defended): a caller who may not call a route gets 401/403, never a 400 about its body, path
    // or query, a 415 about its content type or a 413 about its size. So an access check runs as
    // the route's first onRequest hook wherever the route lists it (onRequest, preValidation or
    // preHandler), and the OpenAPI document says who may call the operation (`x-access`).
    app.addHook('onRoute', (route) => {
      const checks: AccessCheck[] = [];
      for (const phase of ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const) {
        const hooks = hooksOf(route[phase]);
        const access = hooks.filter(isAccessCheck);
        if (access.length === 0) continue;
        checks.push(...access);
        const rest = hooks.filter((h) => !isAccessCheck(h));
        (route as unknown as Record<string, unknown>)[phase] = rest.length > 0 ? rest : undefined;
      }
      if (checks.length === 0) return;
      route.onRequest = [...checks, ...hooksOf(route.onRequest)] as typeof route.onRequest;
      if (route.schema) (route.schema as Record<string, unknown>)['x-access'] = checks.map((c) => c.access).join(' ');
    });
  },
  { name: 'auth' },
);

/** Who is acting on a staff route (after its requireStaff check): the signed-in staff member's id, name and role. */
export type ActorOf = (request: FastifyRequest) => Promise<StaffActor>;

/**
 * The acting staff member of a request, from its session and the account module (names change:
 * the audit log keeps the name at the time). Every staff route module gets one from app.ts.
 */
export function staffActorOf(account: { getUser(id: number): Promise<{ name: string; account: string } | undefined> }): ActorOf {
  return async (request) => {
    const session = await request.session();
    if (!session?.userId) throw unauthorized();
    const user = await account.getUser(session.userId);
    if (!user) throw unauthorized();
    return { id: session.userId, name: user.name || user.account, role: session.role };
  };
}
