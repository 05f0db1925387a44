import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TApiError } from '@cubeshop/shared';
import { message } from '../lib/messages.js';

/** Retry-After (seconds) of a 503 while the server sheds load; pressure is measured every second. */
export const PRESSURE_RETRY_AFTER_S = 2;

/** How often under-pressure measures (its default); pressure must last this long to shed. */
const SAMPLE_MS = 1000;

/** A warning in the log at most this often while shedding (not one per refused request). */
const LOG_EVERY_MS = 10_000;

export interface PressureOptions {
  /** Mean event-loop delay over the last second, ms, above which requests are shed; 0: off. */
  maxEventLoopDelayMs: number;
  /** Used V8 heap, MB, above which requests are shed; undefined: 90 % of the heap limit; 0: off. */
  maxHeapUsedMb: number | undefined;
  /** Routes (as registered, e.g. '/api/health', or '/assets/*' for every path under it) answered even while shedding. */
  exempt: string[];
}

export interface PressureReport {
  /** True while new requests get 503. */
  shedding: boolean;
  /** Mean event-loop delay of the last second, ms. */
  eventLoopDelayMs: number;
  heapUsedMb: number;
  rssMb: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The load-shedding state and the measurements behind it (GET /api/health). */
    pressureReport(): PressureReport;
  }
}

const MB = 1024 * 1024;

/**
 * Load shedding (@fastify/under-pressure): pictures are rendered with sharp and PGlite runs its
 * queries on the event loop, so a crowd can make every answer slow. While the event loop lags or
 * the heap is nearly full, new requests get 503 `{code: 'UNAVAILABLE', desc}` in the request's
 * language with Retry-After at once, instead of queueing until they time out.
 *
 * Pressure must last a whole sample (a second) before requests are refused: one long task (a
 * bulk import, building an index, start-up) makes the sample after it look overloaded although
 * the server is free again; a crowd keeps the loop behind sample after sample.
 */
export const pressurePlugin = fp<PressureOptions>(
  async (app, { maxEventLoopDelayMs, maxHeapUsedMb, exempt }) => {
    // Routes answered whatever the load: exact route URLs, and "/prefix/*" for every route under it
    // (the web build's hashed files, one route each: shedding one of a page's scripts would break the
    // whole page). Matched on the route, not the raw URL: a path under /assets/ that is no file falls
    // to the page renderer and is shed like any page.
    const answered = new Set(exempt.filter((e) => !e.endsWith('/*')));
    const answeredUnder = exempt.filter((e) => e.endsWith('/*')).map((e) => e.slice(0, -1));
    const isExempt = (request: FastifyRequest) =>
      answered.has(request.routeOptions.url ?? '') || answeredUnder.some((prefix) => (request.routeOptions.url ?? '').startsWith(prefix));
    const heapMb = maxHeapUsedMb ?? Math.floor((v8.getHeapStatistics().heap_size_limit * 0.9) / MB);
    // The current episode of pressure, as seen by requests (the plugin calls the handler only under pressure).
    let since = 0;
    let seen = 0;
    const sustained = () => {
      const now = Date.now();
      if (now - seen > SAMPLE_MS * 1.5) since = now;
      seen = now;
      return now - since >= SAMPLE_MS;
    };
    let loggedAt = 0;
    await app.register(underPressure, {
      sampleInterval: SAMPLE_MS,
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: heapMb * MB,
      // Runs only while under pressure: the reply sent here ends the request, returning without
      // sending lets it through.
      pressureHandler: (request, reply, type, value) => {
        if (!sustained() || isExempt(request)) return;
        if (Date.now() - loggedAt > LOG_EVERY_MS) {
          loggedAt = Date.now();
          request.log.warn({ type, value }, 'under pressure: answering 503 to new requests');
        }
        const body: TApiError = { code: 'UNAVAILABLE', desc: message('unavailable', request.locale), details: { retryAfter: PRESSURE_RETRY_AFTER_S } };
        // Serialized here: the route's own response schemas do not describe this answer.
        void reply.code(503).header('retry-after', String(PRESSURE_RETRY_AFTER_S)).type('application/json; charset=utf-8').send(JSON.stringify(body));
      },
    });
    app.decorate('pressureReport', function pressureReport(): PressureReport {
      const usage = app.memoryUsage();
      return {
        shedding: app.isUnderPressure() && sustained(),
        // Infinity when the last second had no sample at all (a blocked loop).
        eventLoopDelayMs: Number.isFinite(usage.eventLoopDelay) ? Math.round(usage.eventLoopDelay) : 999_999,
        heapUsedMb: Math.round(usage.heapUsed / MB),
        rssMb: Math.round(usage.rssBytes / MB),
      };
    });
  },
  { name: 'pressure', dependencies: ['locale'] },
);
