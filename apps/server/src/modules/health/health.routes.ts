import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  /** Staff only: which database runs and for how long the process has been up. */
  databaseKind: z.enum(['pglite', 'postgres']).optional(),
  uptimeSeconds: z.number().optional(),
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
        description: 'status and database are ok or error (503). Staff (bearer token of an admin) also see databaseKind and uptimeSeconds; strangers are not told which database runs.',
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
      const body: z.infer<typeof ZHealth> = { status: database, database };
      if (database === 'ok' && request.headers.authorization) {
        const session = await request.session().catch(() => null);
        if (session?.admin) Object.assign(body, { databaseKind: kind, uptimeSeconds: Math.round(process.uptime()) });
      }
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  );
};
