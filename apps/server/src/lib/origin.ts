import type { FastifyRequest } from 'fastify';

/** A Host header that is only a host name or address and a port (anything else is not echoed). */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The shop's public origin for absolute URLs (canonical, hreflang, Open Graph, robots.txt and
 * sitemaps): PUBLIC_ORIGIN when configured, else the scheme and Host the request came with (a
 * Host that is not a plain host name and port becomes localhost).
 */
export function publicOriginOf(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '');
  const host = request.host;
  return `${request.protocol}://${host && HOST.test(host) ? host : 'localhost'}`;
}
