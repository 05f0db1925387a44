import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZStaffBrand,
  ZStaffBrandCreate,
  ZStaffBrandList,
  ZStaffBrandUpdate,
  ZStaffCategory,
  ZStaffCategoryCreate,
  ZStaffCategoryList,
  ZStaffCategoryUpdate,
  ZStaffTreeIdParams,
  ZAuthorizedBrandList,
} from '@cubeshop/shared';
import type { ActorOf } from '../../../plugins/auth.js';
import { uploadedFile, useMultipart } from './catalog.staff.routes.js';
import type { CatalogTreeStaff } from './catalog.staff.tree.js';

/**
 * Staff categories and brands (docs/catalog.md, Back office), and the public brand logos.
 * Changes need catalog.manage (owner, catalog).
 */
export const catalogTreeRoutes: FastifyPluginAsyncZod<{ tree: CatalogTreeStaff; actorOf: ActorOf }> = async (app, { tree, actorOf }) => {
  await useMultipart(app);
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const manage = { onRequest: app.requireStaff('catalog.manage') };
  const noStore = {
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
    onSend: async (_r: FastifyRequest, reply: { header: (k: string, v: string) => unknown }) => void reply.header('cache-control', 'private, no-store'),
  };

  app.get(
    '/admin/categories',
    {
      ...manage,
      ...noStore,
      schema: { tags, summary: 'Every category, flat with parent and position (owner, catalog)', security, response: { 200: ZStaffCategoryList } },
    },
    async () => tree.categories(),
  );
  app.post(
    '/admin/categories',
    {
      ...manage,
      ...noStore,
      schema: {
        tags,
        summary: 'Create a category, last among its siblings (owner, catalog)',
        security,
        body: ZStaffCategoryCreate,
        response: { 201: ZStaffCategory },
      },
    },
    async (request, reply) => reply.status(201).send(await tree.createCategory(await actorOf(request), request.body)),
  );
  app.put(
    '/admin/categories/:id',
    {
      ...manage,
      ...noStore,
      schema: {
        tags,
        summary: 'Rename, move (parentId) or reorder (position among siblings, 0-based) a category (owner, catalog)',
        description: 'A category cannot move under itself or one of its descendants (400, field parentId).',
        security,
        params: ZStaffTreeIdParams,
        body: ZStaffCategoryUpdate,
        response: { 200: ZStaffCategory },
      },
    },
    async (request) => tree.updateCategory(await actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/categories/:id',
    {
      ...manage,
      ...noStore,
      schema: {
        tags,
        summary: 'Delete an empty category (owner, catalog)',
        description: '409 when it still holds products (archived ones too) or subcategories.',
        security,
        params: ZStaffTreeIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await tree.deleteCategory(await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/brands',
    {
      ...manage,
      ...noStore,
      schema: { tags, summary: 'Every brand with its logo and authorization flag (owner, catalog)', security, response: { 200: ZStaffBrandList } },
    },
    async () => tree.brands(),
  );
  app.post(
    '/admin/brands',
    { ...manage, ...noStore, schema: { tags, summary: 'Create a brand (owner, catalog)', security, body: ZStaffBrandCreate, response: { 201: ZStaffBrand } } },
    async (request, reply) => reply.status(201).send(await tree.createBrand(await actorOf(request), request.body)),
  );
  app.put(
    '/admin/brands/:id',
    {
      ...manage,
      ...noStore,
      schema: {
        tags,
        summary: 'Rename a brand or set its authorization flag (owner, catalog)',
        security,
        params: ZStaffTreeIdParams,
        body: ZStaffBrandUpdate,
        response: { 200: ZStaffBrand },
      },
    },
    async (request) => tree.updateBrand(await actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/brands/:id/logo',
    {
      ...manage,
      ...noStore,
      schema: {
        tags,
        summary: 'Upload a brand logo (multipart field "file"; JPG, PNG or WebP; owner, catalog)',
        security,
        consumes: ['multipart/form-data'],
        params: ZStaffTreeIdParams,
        response: { 200: ZStaffBrand },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      // An unknown brand is a 404 before the upload is read.
      if (!(await tree.brands()).data.some((b) => b.id === request.params.id)) return tree.updateBrand(actor, request.params.id, {});
      return tree.updateBrand(actor, request.params.id, {}, await uploadedFile(request));
    },
  );

  app.get(
    '/suppliers/authorized',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands the shop is an authorized dealer of, with their logos (the brand authorization page)',
        response: { 200: ZAuthorizedBrandList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      reply.header('vary', 'x-lang-type, accept-language');
      return tree.authorized(request.locale);
    },
  );

  app.get(
    '/suppliers/:id/logo',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A brand logo (WebP or PNG by Accept); immutable when v is the current version',
        params: ZStaffTreeIdParams,
        querystring: z.object({ v: z.string().max(20).optional() }),
        produces: ['image/webp', 'image/png'],
      },
    },
    async (request, reply) => {
      const format = /\bimage\/webp\b/.test(String(request.headers.accept ?? '')) ? 'webp' : 'png';
      const { bytes, version } = await tree.logo(request.params.id, format);
      reply.header('vary', 'Accept');
      reply.header('cache-control', request.query.v === String(version) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      return reply.type(format === 'webp' ? 'image/webp' : 'image/png').send(bytes);
    },
  );
};
