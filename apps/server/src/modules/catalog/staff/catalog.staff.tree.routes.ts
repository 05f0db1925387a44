import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminBrand,
  ZAdminBrandCreate,
  ZAdminBrandList,
  ZAdminBrandUpdate,
  ZAdminCategory,
  ZAdminCategoryCreate,
  ZAdminCategoryList,
  ZAdminCategoryUpdate,
  ZAdminTreeIdParams,
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
      schema: { tags, summary: 'Every category, flat with parent and position (owner, catalog)', security, response: { 200: ZAdminCategoryList } },
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
        body: ZAdminCategoryCreate,
        response: { 201: ZAdminCategory },
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
        params: ZAdminTreeIdParams,
        body: ZAdminCategoryUpdate,
        response: { 200: ZAdminCategory },
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
        params: ZAdminTreeIdParams,
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
      schema: { tags, summary: 'Every brand with its logo and authorization flag (owner, catalog)', security, response: { 200: ZAdminBrandList } },
    },
    async () => tree.brands(),
  );
  app.post(
    '/admin/brands',
    { ...manage, ...noStore, schema: { tags, summary: 'Create a brand (owner, catalog)', security, body: ZAdminBrandCreate, response: { 201: ZAdminBrand } } },
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
        params: ZAdminTreeIdParams,
        body: ZAdminBrandUpdate,
        response: { 200: ZAdminBrand },
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
        params: ZAdminTreeIdParams,
        response: { 200: ZAdminBrand },
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
        params: ZAdminTreeIdParams,
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
