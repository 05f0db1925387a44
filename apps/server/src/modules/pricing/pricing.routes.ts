import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCustomerGroup,
  ZCustomerGroupAssign,
  ZCustomerGroupIdParams,
  ZCustomerGroupInput,
  ZCustomerGroupList,
  ZCustomerGroupOfBuyer,
  ZCustomerIdParams,
  ZGroupPriceList,
  ZGroupPricesChange,
} from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { PricingService } from './pricing.service.js';

/**
 * The staff API of customer groups (docs/catalog.md, Prices: tiers and customer groups):
 * groups and their own prices need catalog.manage (owner, catalog); putting a buyer in a group
 * needs customers.manage (owner, sales), reading it customers.read. Every change is audited.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService; actorOf: ActorOf }> = async (app, { pricing, actorOf }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const catalog = { onRequest: app.requireStaff('catalog.manage') };
  const read = { onRequest: app.requireStaff('customers.read') };
  const manage = { onRequest: app.requireStaff('customers.manage') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/admin/customer-groups',
    {
      ...catalog,
      schema: { tags, summary: 'Customer groups with their member and own-price counts (owner, catalog)', security, response: { 200: ZCustomerGroupList } },
    },
    async () => pricing.list(),
  );

  app.post(
    '/admin/customer-groups',
    {
      ...catalog,
      schema: {
        tags,
        summary: 'Create a customer group (owner, catalog)',
        description:
          'discountPercent is taken off the price a buyer in the group would pay; isDefault makes it the group of buyers nobody assigned (the other groups lose the flag).',
        security,
        body: ZCustomerGroupInput,
        response: { 201: ZCustomerGroup },
      },
    },
    async (request, reply) => reply.status(201).send(await pricing.create(await actorOf(request), request.body)),
  );

  app.put(
    '/admin/customer-groups/:id',
    {
      ...catalog,
      schema: {
        tags,
        summary: 'Change a customer group (owner, catalog)',
        security,
        params: ZCustomerGroupIdParams,
        body: ZCustomerGroupInput,
        response: { 200: ZCustomerGroup },
      },
    },
    async (request) => pricing.update(await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/customer-groups/:id',
    {
      ...catalog,
      schema: {
        tags,
        summary: 'Delete a customer group (owner, catalog)',
        description: 'Refused (409) while buyers are in it or it is the default group.',
        security,
        params: ZCustomerGroupIdParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await pricing.remove(await actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/customer-groups/:id/prices',
    {
      ...catalog,
      schema: {
        tags,
        summary: "A group's own per-product prices (yuan; owner, catalog)",
        security,
        params: ZCustomerGroupIdParams,
        response: { 200: ZGroupPriceList },
      },
    },
    async (request) => pricing.prices(request.params.id, request.locale),
  );

  app.put(
    '/admin/customer-groups/:id/prices',
    {
      ...catalog,
      schema: {
        tags,
        summary: "Set and remove a group's own prices by product id (owner, catalog)",
        description: 'set: [{itemId, price}] (yuan, upserted); remove: [itemId]. Answers every own price of the group.',
        security,
        params: ZCustomerGroupIdParams,
        body: ZGroupPricesChange,
        response: { 200: ZGroupPriceList },
      },
    },
    async (request) => pricing.changePrices(await actorOf(request), request.params.id, request.body, request.locale),
  );

  app.get(
    '/admin/customers/:id/group',
    {
      ...read,
      schema: { tags, summary: "A buyer's customer group (owner, sales)", security, params: ZCustomerIdParams, response: { 200: ZCustomerGroupOfBuyer } },
    },
    async (request) => pricing.buyerGroup(request.params.id),
  );

  app.put(
    '/admin/customers/:id/group',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Put a buyer in a customer group, or in none (owner, sales)',
        description: 'groupId null: no group of their own (the default group applies, if there is one). The buyer sees the new prices on their next request.',
        security,
        params: ZCustomerIdParams,
        body: ZCustomerGroupAssign,
        response: { 200: ZCustomerGroupOfBuyer },
      },
    },
    async (request) => pricing.assign(await actorOf(request), request.params.id, request.body.groupId),
  );
};
