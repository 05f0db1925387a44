import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ITEM_IMAGE_MAX_BYTES,
  ZIdParams,
  ZStaffImageOrder,
  ZStaffImageParams,
  ZStaffItem,
  ZStaffItemInput,
  ZStaffItemList,
  ZStaffItemQuery,
} from '@cubeshop/shared';
import { readUploadedFile } from '../../../lib/uploaded-file.js';
import type { ActorOf } from '../../../plugins/auth.js';
import type { CatalogItemsStaff } from './catalog.staff.items.js';

/**
 * The uploaded picture (the first file of a multipart request): 400 (field `file`) when there is
 * none, 413 when it is larger than ITEM_IMAGE_MAX_BYTES. Checking the content is the service's
 * (catalog.images.uploads.ts).
 */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadedFile(request, { maxBytes: ITEM_IMAGE_MAX_BYTES })).bytes;
}

/** Registers multipart parsing in the calling plugin's scope (once per scope). */
export async function useMultipart(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: ITEM_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
}

/**
 * The staff product API (docs/catalog.md, Back office): /api/admin/items .... Reading and
 * changing both need catalog.manage (owner, catalog). Never a hard delete: archive and restore.
 */
export const catalogStaffRoutes: FastifyPluginAsyncZod<{ items: CatalogItemsStaff; actorOf: ActorOf }> = async (app, { items, actorOf }) => {
  await useMultipart(app);
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  // The role is checked before the body is validated (403, never 400, for a caller without the right).
  const manage = { onRequest: app.requireStaff('catalog.manage') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/admin/items',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Products for staff, archived ones too (owner, catalog)',
        description:
          'keyword: a product id, a barcode or words of the names (as the storefront search). archived: false (on sale, default), true, or all. Prices in CNY yuan.',
        security,
        querystring: ZStaffItemQuery,
        response: { 200: ZStaffItemList },
      },
    },
    async (request) => items.list(request.query),
  );

  app.post(
    '/admin/items',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Create a product (owner, catalog)',
        description:
          'Prices in CNY yuan; the discount price and the volumetric weights are derived. stock: pieces on hand per type. 400 names the field (details.field) of the first problem; a barcode already used names the product that has it.',
        security,
        body: ZStaffItemInput,
        response: { 201: ZStaffItem },
      },
    },
    async (request, reply) => reply.status(201).send(await items.create(await actorOf(request), request.body)),
  );

  app.get(
    '/admin/items/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'A product with every editable field, stock lines and uploaded pictures (owner, catalog)',
        security,
        params: ZIdParams,
        response: { 200: ZStaffItem },
      },
    },
    async (request) => items.get(request.params.id),
  );

  app.put(
    '/admin/items/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Change a product (owner, catalog)',
        description:
          'The whole editable product, as in POST. stock lines set pieces on hand (types left out keep theirs); reserved pieces are never changed here.',
        security,
        params: ZIdParams,
        body: ZStaffItemInput,
        response: { 200: ZStaffItem },
      },
    },
    async (request) => items.update(await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/items/:id/archive',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Archive a product: gone from the storefront, kept for orders (owner, catalog)',
        security,
        params: ZIdParams,
        body: z.object({}).optional(),
        response: { 200: ZStaffItem },
      },
    },
    async (request) => items.setArchived(await actorOf(request), request.params.id, true),
  );

  app.post(
    '/admin/items/:id/restore',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Put an archived product back on sale (owner, catalog)',
        security,
        params: ZIdParams,
        body: z.object({}).optional(),
        response: { 200: ZStaffItem },
      },
    },
    async (request) => items.setArchived(await actorOf(request), request.params.id, false),
  );

  app.post(
    '/admin/items/:id/images',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Upload a picture (multipart field "file"; owner, catalog)',
        description: `JPG, PNG or WebP (checked by content), at most ${ITEM_IMAGE_MAX_BYTES / 1024 / 1024} MB and 40 million pixels; re-encoded into the storefront's sizes. Added last; the first picture is the main one.`,
        security,
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 201: ZStaffItem },
      },
    },
    async (request, reply) => reply.status(201).send(await items.addImage(await actorOf(request), request.params.id, () => uploadedFile(request))),
  );

  app.put(
    '/admin/items/:id/images',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Order the uploaded pictures; the first is the main one (owner, catalog)',
        security,
        params: ZIdParams,
        body: ZStaffImageOrder,
        response: { 200: ZStaffItem },
      },
    },
    async (request) => items.orderImages(await actorOf(request), request.params.id, request.body.ids),
  );

  app.delete(
    '/admin/items/:id/images/:imageId',
    { ...manage, schema: { tags, summary: 'Remove an uploaded picture (owner, catalog)', security, params: ZStaffImageParams, response: { 200: ZStaffItem } } },
    async (request) => items.deleteImage(await actorOf(request), request.params.id, request.params.imageId),
  );
};
