import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  databaseKind: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; kind: 'pglite' | 'postgres' }> = async (
  app,
  { ping, kind },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: ZHealth, 503: ZHealth },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let database: 'ok' | 'error' = 'ok';
      try {
        await ping();
      } catch (err) {
        request.log.error({ err }, 'health: database unreachable');
        database = 'error';
      }
      const body = { status: database, database, databaseKind: kind, uptimeSeconds: Math.round(process.uptime()) };
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  );
};
