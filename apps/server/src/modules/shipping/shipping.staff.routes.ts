import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZStaffPaymentMethod,
  ZStaffPaymentMethodInput,
  ZStaffShippingConfig,
  ZStaffShippingMethod,
  ZStaffShippingMethodInput,
  ZStaffShippingRate,
  ZStaffShippingZone,
  ZStaffShippingZoneInput,
  ZConfigCodeParams,
  ZRateParams,
} from '@cubeshop/shared';
import { notFound } from '../../lib/app-error.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import type { ActorOf } from '../../plugins/auth.js';
import type { ShippingStaff } from './shipping.staff.js';
import { QR_MAX_BYTES } from './shipping.qr.js';

/**
 * The uploaded QR picture (the first file of a multipart request): 400 (field `file`) when there
 * is none, 413 when it is larger than QR_MAX_BYTES (a truncated file is never stored). Checking
 * the content is the staff service's (shipping.qr.ts).
 */
async function uploadedQr(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadedFile(request, { maxBytes: QR_MAX_BYTES })).bytes;
}

/**
 * Staff configuration of shipping and payment (capability settings.manage, owner):
 * /api/admin/shipping (everything), /methods, /zones, /rates and /api/admin/payment-methods.
 * PUT writes one row by its key (creates it or changes it); the checkout's next quote on every
 * instance uses it. Methods and payment methods are switched off rather than deleted.
 */
export const shippingStaffRoutes: FastifyPluginAsyncZod<{ staff: ShippingStaff; actorOf: ActorOf }> = async (app, { staff, actorOf }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: QR_MAX_BYTES, files: 1, fields: 10 } });
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const manage = {
    onRequest: app.requireStaff('settings.manage'),
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store');
    },
  };
  const ok = z.object({ ok: z.literal(true) });

  app.get(
    '/admin/shipping',
    { ...manage, schema: { tags, summary: 'Shipping methods, zones, rates and payment methods (owner)', security, response: { 200: ZStaffShippingConfig } } },
    async () => staff.config(),
  );
  app.get(
    '/admin/shipping/methods',
    { ...manage, schema: { tags, summary: 'Shipping methods (owner)', security, response: { 200: z.array(ZStaffShippingMethod) } } },
    async () => (await staff.config()).methods,
  );
  app.put(
    '/admin/shipping/methods/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Create or change a shipping method (owner)',
        security,
        params: ZConfigCodeParams,
        body: ZStaffShippingMethodInput,
        response: { 200: ZStaffShippingMethod },
      },
    },
    async (request) => staff.putMethod(await actorOf(request), { ...request.body, id: request.params.id }),
  );
  app.get(
    '/admin/shipping/zones',
    { ...manage, schema: { tags, summary: 'Shipping zones with their regions (owner)', security, response: { 200: z.array(ZStaffShippingZone) } } },
    async () => (await staff.config()).zones,
  );
  app.put(
    '/admin/shipping/zones/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Create or change a shipping zone and its regions (owner)',
        description:
          "The regions given become exactly the zone's (a region listed here leaves its old zone). The default zone takes every region no zone lists; making a zone the default unsets the old one.",
        security,
        params: ZConfigCodeParams,
        body: ZStaffShippingZoneInput,
        response: { 200: ZStaffShippingZone },
      },
    },
    async (request) => staff.putZone(await actorOf(request), { ...request.body, code: request.params.id }),
  );
  app.delete(
    '/admin/shipping/zones/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a shipping zone with its rates (not the default zone) (owner)',
        security,
        params: ZConfigCodeParams,
        response: { 200: ok },
      },
    },
    async (request) => {
      await staff.deleteZone(await actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/admin/shipping/rates',
    { ...manage, schema: { tags, summary: 'The rate table: one row per method and zone (owner)', security, response: { 200: z.array(ZStaffShippingRate) } } },
    async () => (await staff.config()).rates,
  );
  app.put(
    '/admin/shipping/rates',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Create or change the rate of a method to a zone (owner)',
        description:
          'Fen and grams: price of w g = max(minCharge, firstPrice + ceil(max(0, w − firstWeight) / stepWeight) × stepPrice); unavailable above maxWeight.',
        security,
        body: ZStaffShippingRate,
        response: { 200: ZStaffShippingRate },
      },
    },
    async (request) => staff.putRate(await actorOf(request), request.body),
  );
  app.delete(
    '/admin/shipping/rates/:methodId/:zoneCode',
    {
      ...manage,
      schema: { tags, summary: 'Delete a rate: the method no longer serves the zone (owner)', security, params: ZRateParams, response: { 200: ok } },
    },
    async (request) => {
      await staff.deleteRate(await actorOf(request), request.params.methodId, request.params.zoneCode);
      return { ok: true as const };
    },
  );
  app.get(
    '/admin/payment-methods',
    { ...manage, schema: { tags, summary: 'Payment methods (owner)', security, response: { 200: z.array(ZStaffPaymentMethod) } } },
    async () => (await staff.config()).payments,
  );
  app.put(
    '/admin/payment-methods/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Create or change a payment method: names, surcharge (basis points), position, active, instructions to buyers (owner)',
        description:
          '`instructions` (receiver, account, noteZh, noteEn; blank: left out) are shown on the order page, in the order mail and on the proforma of orders paid this way; left out, they stay as they are.',
        security,
        params: ZConfigCodeParams,
        body: ZStaffPaymentMethodInput,
        response: { 200: ZStaffPaymentMethod },
      },
    },
    async (request) => staff.putPayment(await actorOf(request), { ...request.body, id: request.params.id }),
  );
  app.put(
    '/admin/payment-methods/:id/qr',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Upload the QR picture buyers scan to pay by this method (multipart field "file"; JPG, PNG or WebP, at most 2 MB; owner)',
        description: 'Stored as PNG, at most 600 px a side; its public URL (`qrUrl`) changes with the picture. 413 when the file is too large.',
        security,
        consumes: ['multipart/form-data'],
        params: ZConfigCodeParams,
        response: { 200: ZStaffPaymentMethod },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      // An unknown method is a 404 before the upload is read.
      if (!(await staff.config()).payments.some((p) => p.id === request.params.id)) throw notFound('paymentMethodNotFound');
      return staff.putQr(actor, request.params.id, await uploadedQr(request));
    },
  );
  app.delete(
    '/admin/payment-methods/:id/qr',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Remove the QR picture of a payment method (owner)',
        security,
        params: ZConfigCodeParams,
        response: { 200: ZStaffPaymentMethod },
      },
    },
    async (request) => staff.deleteQr(await actorOf(request), request.params.id),
  );
};
