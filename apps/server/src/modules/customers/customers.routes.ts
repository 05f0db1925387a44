import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCustomerDetail,
  ZCustomerDisable,
  ZCustomerEnable,
  ZCustomerIdParams,
  ZCustomerList,
  ZCustomerNote,
  ZCustomerNoteCreate,
  ZCustomerQuery,
} from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { CustomersService } from './customers.service.js';

/**
 * The staff customer API (docs/orders.md, Customers): /api/admin/customers .... Reading needs
 * customers.read (owner, sales); notes and disabling need customers.manage (owner, sales).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService; actorOf: ActorOf }> = async (app, { customers, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  // The role is checked before the body is validated (403, never 400, for a caller without the right).
  const read = { onRequest: app.requireStaff('customers.read') };
  const manage = { onRequest: app.requireStaff('customers.manage') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/admin/customers',
    {
      ...read,
      schema: {
        tags,
        summary: 'Buyers, newest first (staff: owner, sales)',
        description:
          "q: words, each found as any part, any case: of the account, name, nickname, e-mail or mobile, or of the number, receiver's name, company or phone of one of the buyer's orders. Staff accounts are not listed. Each row has the order count, money received per currency (payments minus refunds) and the last order time.",
        security,
        querystring: ZCustomerQuery,
        response: { 200: ZCustomerList },
      },
    },
    async (request) => customers.list(request.query),
  );

  app.get(
    '/admin/customers/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'A buyer with orders, money received, addresses, chat history, notes and account changes',
        security,
        params: ZCustomerIdParams,
        response: { 200: ZCustomerDetail },
      },
    },
    async (request) => customers.detail(request.params.id, request.locale),
  );

  app.post(
    '/admin/customers/:id/notes',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add an internal note about a buyer (owner, sales)',
        security,
        params: ZCustomerIdParams,
        body: ZCustomerNoteCreate,
        response: { 201: ZCustomerNote },
      },
    },
    async (request, reply) => reply.status(201).send(await customers.addNote(await actorOf(request), request.params.id, request.body.body)),
  );

  app.post(
    '/admin/customers/:id/disable',
    {
      ...manage,
      schema: {
        tags,
        summary: "Disable a buyer's account (owner, sales)",
        description:
          'The buyer cannot sign in (a clear message says why); every token ends at once and open chat sockets close on every instance. The reason is kept in the audit log. Disabling a disabled account changes nothing.',
        security,
        params: ZCustomerIdParams,
        body: ZCustomerDisable,
        response: { 200: ZCustomerDetail },
      },
    },
    async (request) => {
      await customers.disable(await actorOf(request), request.params.id, request.body.reason);
      return customers.detail(request.params.id, request.locale);
    },
  );

  app.post(
    '/admin/customers/:id/enable',
    {
      ...manage,
      schema: {
        tags,
        summary: "Enable a disabled buyer's account again (owner, sales)",
        description: 'The buyer may sign in again; sessions ended by disabling stay ended.',
        security,
        params: ZCustomerIdParams,
        body: ZCustomerEnable,
        response: { 200: ZCustomerDetail },
      },
    },
    async (request) => {
      await customers.enable(await actorOf(request), request.params.id, request.body.reason);
      return customers.detail(request.params.id, request.locale);
    },
  );
};
