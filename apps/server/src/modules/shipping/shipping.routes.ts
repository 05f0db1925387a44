import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZExpressMethodList, ZExpressMethodQuery, ZPaymentMethodList } from '@cubeshop/shared';
import type { ShippingService } from './shipping.service.js';

/** GET /api/selector/express and /api/selector/payment (spec section 7). Public, like the region list. */
export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (app, { shipping }) => {
  app.get(
    '/selector/express',
    {
      schema: {
        tags: ['selectors'],
        summary: 'Shipping methods that serve a country or region',
        description:
          'With `regionId` (ISO 3166-1 alpha-2): only the methods with a rate for the region\'s zone that do not exclude it, with transit days. Without: every active method. Names in the request language.',
        querystring: ZExpressMethodQuery,
        response: { 200: ZExpressMethodList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('vary', 'x-lang-type, accept-language');
      return shipping.expressOptions(request.query.regionId, request.locale);
    },
  );

  app.get(
    '/selector/payment',
    {
      schema: {
        tags: ['selectors'],
        summary: 'Payment methods and their surcharges',
        description: '`surchargePercent` of goods + freight is added to an order paid this way (PayPal 4.4).',
        response: { 200: ZPaymentMethodList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('vary', 'x-lang-type, accept-language');
      return shipping.paymentOptions(request.locale);
    },
  );
};
