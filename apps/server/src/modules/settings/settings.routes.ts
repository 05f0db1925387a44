import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZStaffSettings,
  ZStaffSettingsUpdate,
  ZExchangeRateHistory,
  ZProduct,
  ZShopPublicSettings,
  type TCurrency,
  type TLocale,
  type TProduct,
} from '@cubeshop/shared';
import type { ActorOf } from '../../plugins/auth.js';
import type { SettingsStaff } from './settings.staff.js';

export interface SettingsRoutesOptions {
  staff: SettingsStaff;
  actorOf: ActorOf;
  /** The home carousel's products in the buyer's language and currency (app.ts: from the catalog). */
  carouselProducts: (view: { locale: TLocale; currency: TCurrency }) => Promise<TProduct[]>;
}

/**
 * Shop settings: the owner's GET|PUT /api/admin/settings and the rate history (capability
 * settings.manage), and what the storefront reads: GET /api/shop/settings, /api/shop/carousel.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { staff, actorOf, carouselProducts }) => {
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const manage = { onRequest: app.requireStaff('settings.manage') };
  const noStore = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store');
    },
  };

  app.get(
    '/admin/settings',
    { ...manage, ...noStore, schema: { tags, summary: 'Shop settings (owner)', security, response: { 200: ZStaffSettings } } },
    async () => staff.get(),
  );

  app.put(
    '/admin/settings',
    {
      ...manage,
      ...noStore,
      schema: {
        tags,
        summary: 'Change shop settings (owner)',
        description:
          'Any of the keys; the others stay. A new exchange rate is appended to the rate history. `null` bank details or document seller clear them. Audited as settings.update with before/after of the changed keys. Every instance shows the change within 2 s.',
        security,
        body: ZStaffSettingsUpdate,
        response: { 200: ZStaffSettings },
      },
    },
    async (request) => staff.update(await actorOf(request), request.body),
  );

  app.get(
    '/admin/settings/exchange-rates',
    {
      ...manage,
      ...noStore,
      schema: { tags, summary: 'Exchange rates the shop used, newest first (owner)', security, response: { 200: ZExchangeRateHistory } },
    },
    async () => staff.rateHistory(),
  );

  app.get(
    '/shop/settings',
    {
      schema: {
        tags: ['shop'],
        summary: 'What the storefront shows of the shop settings: contact details, carousel mode, free-shipping threshold',
        response: { 200: ZShopPublicSettings },
      },
    },
    async (_request, reply) => {
      // Short: a change must show within seconds (the server keeps its own copy in memory).
      reply.header('cache-control', 'public, max-age=1');
      return staff.publicSettings();
    },
  );

  app.get(
    '/shop/carousel',
    {
      schema: {
        tags: ['shop'],
        summary: 'The home carousel: the newest products, or those the owner picked, in order',
        response: { 200: z.object({ data: z.array(ZProduct) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=1').header('vary', 'x-lang-type, x-price-type, accept-language');
      return { data: await carouselProducts({ locale: request.locale, currency: request.currency }) };
    },
  );
};
