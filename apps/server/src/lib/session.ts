import type { FastifyRequest } from 'fastify';
import type { TLocale, TStaffRole } from '@cubeshop/shared';
import { unauthorized } from './app-error.js';

/**
 * Who is calling, resolved from the bearer token. The authn module makes sessions; the auth
 * plugin and every module's routes read them through `request.session()`. It lives here, below
 * both, so neither the plugin nor another module imports the authn module for it.
 */
export interface Session {
  tokenHash: string;
  /** null for an anonymous visitor. */
  userId: number | null;
  /** Any staff role; the public user info calls it `admin` (docs/glossary.md). */
  staff: boolean;
  /** The staff role, null for buyers and visitors. */
  role: TStaffRole | null;
  /** When the token ends unless it is used again (epoch ms): 30 days after its last use. */
  expiresAt: number;
}

/**
 * Who made a staff change, as the audit log records it (name and role at the time); `id` null
 * for the system itself (a PayPal capture, a worker). The auth plugin's `staffActorOf` makes one
 * from a request; every module's staff services take one.
 */
export interface StaffActor {
  id: number | null;
  name: string;
  role: TStaffRole | null;
}

/** What the auth plugin needs from the authn module: a token's session, or null. */
export interface SessionResolver {
  resolve(token: string): Promise<Session | null>;
}

/** Language, address and current token of a request, for the account services. */
export interface Caller {
  locale: TLocale;
  ip: string;
  /** The caller's own token, kept when other sessions are revoked. */
  tokenHash?: string | undefined;
}

/** Language, address and current token of a request. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  const session = await request.session();
  return { locale: request.locale, ip: request.ip, tokenHash: session?.tokenHash };
}

/** The signed-in user's id (after the route's requireUser check); UNAUTHORIZED otherwise. */
export async function signedInUserId(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}
