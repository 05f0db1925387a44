import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZConfigCodeParams, ZExpressMethodList, ZExpressMethodQuery, ZPaymentMethodList } from '@cubeshop/shared';
import { notFound } from '../../lib/app-error.js';
import type { ShippingService } from './shipping.service.js';

/**
 * GET /api/selector/express and /api/selector/payment (docs/requirements.md, API), public like the region
 * list; and the QR pictures buyers scan to pay (GET /api/payment-methods/{id}/qr.png).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const shippingRoutes: FastifyPluginAsyncZod<{ shipping: ShippingService }> = async (app, { shipping }) => {
  app.get(
    '/selector/express',
    {
      schema: {
        tags: ['selectors'],
        summary: 'Shipping methods that serve a country or region',
        description:
          "With `regionId` (ISO 3166-1 alpha-2): only the methods with a rate for the region's zone that do not exclude it, with transit days. Without: every active method. Names in the request language.",
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

  app.get(
    '/payment-methods/:id/qr.png',
    {
      schema: {
        tags: ['selectors'],
        summary: 'The QR picture buyers scan to pay by a method (PNG); immutable when v is the current version',
        description: "404 when the method has none. The order detail's `paymentInstructions.qrUrl` links here with the version.",
        params: ZConfigCodeParams,
        querystring: z.object({ v: z.string().max(40).optional() }),
        produces: ['image/png'],
      },
    },
    async (request, reply) => {
      const qr = await shipping.paymentQr(request.params.id);
      if (!qr) throw notFound('notFound');
      reply.header('cache-control', request.query.v === qr.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
      return reply.type('image/png').send(qr.png);
    },
  );
};
