import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { apiNotFound } from '../../plugins/errors.js';
import type { Metrics } from './metrics.registry.js';

export interface MetricsRoutesOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: `Authorization: Bearer <token>` may scrape from anywhere. */
  token?: string | undefined;
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: a request with the bearer token, or one that came straight from the
 * loopback interface: the socket's peer is loopback and no proxy header is present (a reverse proxy
 * on the same machine forwards from loopback too, and must not expose the metrics). A request that
 * presents a token must present the right one, wherever it comes from.
 */
export function metricsAccess(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return (request: FastifyRequest): boolean => {
    const { authorization } = request.headers;
    if (authorization !== undefined) return expected !== undefined && timingSafeEqual(digest(authorization), expected);
    const h = request.headers;
    if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
    return LOOPBACK.test(request.raw.socket?.remoteAddress ?? '');
  };
}

/**
 * GET /metrics in Prometheus text format (modules/metrics; docs/deploy.md, Metrics and alerts), and
 * the HTTP histogram: every route gets its own response hook observing its pattern (never the raw
 * URL), so a request costs a lookup by method and status and the histogram's observe. Requests no
 * route matched (pages the web plugin renders, unknown paths) are one series per status. Registered
 * before the routes it measures. Anyone else gets the 404 of an unknown path.
 */
export const metricsRoutes = fp<MetricsRoutesOptions>(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  async (app, { metrics, token }) => {
    app.addHook('onRoute', (route) => {
      const observe = metrics.route(route.url);
      const hook: onResponseHookHandler = (request, reply, done) => {
        observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      route.onResponse = route.onResponse ? [...(Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]), hook] : [hook];
    });
    const unmatched = metrics.route('(unmatched)');
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const allowed = metricsAccess(token);
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request: FastifyRequest, reply: FastifyReply) => {
      if (!allowed(request)) return apiNotFound(request, reply);
      const text = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['errors'] },
);
