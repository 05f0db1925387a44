import fp from 'fastify-plugin';

/**
 * Graceful shutdown behind a proxy (docs/deploy.md, Rolling restarts). Once close() has started
 * (SIGTERM, server.ts), every answer still being sent says `Connection: close`, so the proxy drops
 * that connection instead of keeping it for its next request: a request sent on it while the
 * instance goes away would be refused (503) or lost, and a proxy retries neither for a POST. The
 * next request opens a new connection, which the stopped listener refuses, and the proxy takes it
 * to another instance.
 */
export const drainPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  async (app) => {
    let draining = false;
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'drain' },
);
