import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAddress, ZAddressInput, ZAddressList, ZIdParams } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { AddressesService } from './addresses.service.js';

async function userIdOf(request: FastifyRequest): Promise<number> {
  const session = await request.session();
  if (!session?.userId) throw unauthorized();
  return session.userId;
}

const ZDeleted = z.object({ ok: z.literal(true), id: z.number().int() });
const RULES =
  'Required: deliveryRegionId (a known ISO 3166-1 alpha-2 id), deliveryCity, deliveryPostalCode, deliveryUser (at least 2 characters), deliveryPhone (digits, spaces, + - ( )), deliveryAddress. Optional: deliveryState, deliveryAddress2, deliveryCompany, deliveryTaxId, deliveryShippingMark, asDefault.';

/** Delivery addresses (docs/requirements.md, API: GET, POST /api/address; GET, PUT, DELETE /api/address/{id}; PUT .../default). */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (app, { addresses }) => {
  const common = { onRequest: app.requireUser };
  const security = [{ bearer: [] }];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/address',
    { ...common, schema: { tags: ['addresses'], summary: "The buyer's addresses, default first", security, response: { 200: ZAddressList } } },
    async (request) => addresses.list(await userIdOf(request)),
  );

  app.post(
    '/address',
    {
      ...common,
      schema: {
        tags: ['addresses'],
        summary: 'Add an address (the first one becomes the default)',
        description: RULES,
        security,
        body: ZAddressInput,
        response: { 200: ZAddress },
      },
    },
    async (request) => addresses.create(await userIdOf(request), request.body),
  );

  app.get(
    '/address/:id',
    { ...common, schema: { tags: ['addresses'], summary: 'One address', security, params: ZIdParams, response: { 200: ZAddress } } },
    async (request) => addresses.get(await userIdOf(request), request.params.id),
  );

  app.put(
    '/address/:id',
    {
      ...common,
      schema: {
        tags: ['addresses'],
        summary: 'Replace an address',
        description: `${RULES} asDefault true makes it the default; false does not remove the default flag (set another address as default instead).`,
        security,
        params: ZIdParams,
        body: ZAddressInput,
        response: { 200: ZAddress },
      },
    },
    async (request) => addresses.update(await userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/address/:id',
    {
      ...common,
      schema: {
        tags: ['addresses'],
        summary: 'Delete an address (deleting the default promotes another)',
        security,
        params: ZIdParams,
        response: { 200: ZDeleted },
      },
    },
    async (request) => {
      await addresses.remove(await userIdOf(request), request.params.id);
      return { ok: true as const, id: request.params.id };
    },
  );

  app.put(
    '/address/:id/default',
    { ...common, schema: { tags: ['addresses'], summary: 'Make an address the default', security, params: ZIdParams, response: { 200: ZAddress } } },
    async (request) => addresses.setDefault(await userIdOf(request), request.params.id),
  );
};
