import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../lib/app-error.js';
import { runCommand } from './commands.js';
import type { Services } from '../services.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * While the server holds the embedded database, `npx cubeshop` runs its commands here instead of
 * opening the data folder. Loopback callers only, with the secret the server wrote to DATA_DIR.
 */
export const cliChannelPlugin = fp<{ secret: string; services: Services }>(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  async (app, { secret, services }) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/internal/cli',
      {
        schema: { hide: true, body: z.object({ argv: z.array(z.string().max(1000)).max(50) }) },
      },
      async (request) => {
        const given = request.headers['x-cli-secret'];
        // request.socket.remoteAddress, not request.ip: a proxy header must not make a remote caller look local.
        const remote = request.socket.remoteAddress ?? '';
        if (!LOOPBACK.has(remote) || typeof given !== 'string' || !sameSecret(given, secret)) throw forbidden();
        return runCommand(request.body.argv, services);
      },
    );
  },
  { name: 'cli-channel' },
);
