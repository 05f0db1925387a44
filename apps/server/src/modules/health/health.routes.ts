import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  /**
   * 'shedding' while new requests get 503 (load shedding, plugins/pressure.ts). Strangers see it
   * only then; staff always see it.
   */
  pressure: z.enum(['ok', 'shedding']).optional(),
  /** Staff only: which database runs and for how long the process has been up. */
  databaseKind: z.enum(['pglite', 'postgres']).optional(),
  uptimeSeconds: z.number().optional(),
  /** Staff only: the measurements behind `pressure`. */
  load: z.object({ eventLoopDelayMs: z.number(), heapUsedMb: z.number(), rssMb: z.number() }).optional(),
});

export interface HealthPressure {
  shedding: boolean;
  eventLoopDelayMs: number;
  heapUsedMb: number;
  rssMb: number;
}

export interface HealthRoutesOptions {
  ping: () => Promise<void>;
  kind: 'pglite' | 'postgres';
  /** The load-shedding state; this route itself is never shed. */
  pressure: () => HealthPressure;
}

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { ping, kind, pressure }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and load check',
        description:
          'status and database are ok or error (503). pressure is shedding while other calls are answered 503 because the server is overloaded (this call is still answered). Staff (bearer token of an admin) also see pressure when ok, databaseKind, uptimeSeconds and load; strangers are not told which database runs.',
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
      const load = pressure();
      const body: z.infer<typeof ZHealth> = { status: database, database };
      if (load.shedding) body.pressure = 'shedding';
      if (database === 'ok' && request.headers.authorization) {
        const session = await request.session().catch(() => null);
        if (session?.staff) {
          Object.assign(body, {
            pressure: load.shedding ? 'shedding' : 'ok',
            databaseKind: kind,
            uptimeSeconds: Math.round(process.uptime()),
            load: { eventLoopDelayMs: load.eventLoopDelayMs, heapUsedMb: load.heapUsedMb, rssMb: load.rssMb },
          });
        }
      }
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  );
};
