import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCategory } from '@cubeshop/shared';

/**
 * Schemas the document names as components. A recursive schema must be one: inlined, its self
 * reference points at nothing (the category tree of GET /api/categories), and the typed web client
 * generated from this document (apps/web/src/lib/api-schema.d.ts) could not be built.
 */
const components = z.registry<{ id: string }>();
components.add(ZCategory, { id: 'Category' });

/** OpenAPI document generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Cubeshop API',
          description: 'Shop and chat API of Cubeshop. Send x-lang-type (zh|en) and x-price-type (CNY|USD) on every call.',
          version: '0.1.0',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: createJsonSchemaTransform({ schemaRegistry: components }),
      transformObject: createJsonSchemaTransformObject({ schemaRegistry: components }),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
