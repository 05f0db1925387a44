import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/app-error.js';
import type { Caller } from './credentials.service.js';

/** Language, address and current token of a request, for the account services. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  const session = await request.session();
  return { locale: request.locale, ip: request.ip, tokenHash: session?.tokenHash };
}

/** The signed-in user's id (after the requireUser preHandler); 401 otherwise. */
export async function signedInUserId(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}
