import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStaffChange, ZIdParams, ZStaffInvite, ZStaffList, ZStaffMember } from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { StaffService } from './staff.service.js';

/**
 * Staff accounts (docs/accounts.md, Staff accounts): /api/admin/staff .... Every call needs
 * staff.manage (the owner only).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; actorOf: ActorOf }> = async (app, { staff, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  // The role is checked before the body is validated (403, never 400, for a caller without the right).
  const manage = { onRequest: app.requireStaff('staff.manage') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/admin/staff',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Staff members, oldest first (owner)',
        description:
          'Every account with a staff role, disabled or not: account, name, e-mail, role, mail language, whether a password is set (false: invited and not yet set), the last sign-in when known, created.',
        security,
        response: { 200: ZStaffList },
      },
    },
    async () => staff.list(),
  );

  app.post(
    '/admin/staff',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Invite a staff member by e-mail (owner)',
        description:
          'Makes the account (its name is the e-mail, no password yet) with the role, and mails an invitation in `locale` (default zh) with a link that sets the password (72 hours, once). ' +
          'An e-mail that already belongs to an account answers 409. Audited as staff.invite.',
        security,
        body: ZStaffInvite,
        response: { 201: ZStaffMember },
      },
    },
    async (request, reply) => reply.status(201).send(await staff.invite(await actorOf(request), request.body)),
  );

  app.put(
    '/admin/staff/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: "Change a staff member's role, disable or enable them, or force a password reset (owner)",
        description:
          'Any of `role`, `disabled`, `resetPassword: true`. Another role, disabling and a reset end every session of the person at once, and their open chat sockets close on every instance; ' +
          'a reset also clears the password and mails a link to set a new one (24 hours, once). The owner cannot disable or demote themselves or reset their own password (409), ' +
          'and the last active owner cannot be disabled or demoted (409). Each change is audited (staff.role, staff.disable, staff.enable, staff.passwordReset).',
        security,
        params: ZIdParams,
        body: ZStaffChange,
        response: { 200: ZStaffMember },
      },
    },
    async (request) => staff.change(await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/staff/:id/invitation',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Send the invitation again to someone who has not set a password yet (owner)',
        description:
          'Their unused password links stop working and a fresh invitation is mailed in their language (72 hours, once). ' +
          'Someone who already set a password answers 409 (force a password reset instead), as does a disabled account or one without an e-mail. Audited as staff.reinvite.',
        security,
        params: ZIdParams,
        response: { 200: ZStaffMember },
      },
    },
    async (request) => staff.reinvite(await actorOf(request), request.params.id),
  );
};
