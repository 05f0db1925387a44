import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from './errors.js';

/** apps/web/dist, reached the same way from src/plugins and dist/plugins. */
export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cubeshop</title></head>
<body><p>The web app is not built yet. Run <code>npm run build</code> (npm start does it for you).</p></body></html>`;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA fallback (every non-API GET serves index.html). Unknown /api paths get 404 JSON.
 */
export const webPlugin = fp<{ webDist?: string | undefined }>(
  async (app, { webDist }) => {
    const root = webDist ?? DEFAULT_WEB_DIST;
    const indexPath = path.join(root, 'index.html');
    const hasBuild = fs.existsSync(indexPath);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: false,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'public, max-age=300');
          }
        },
      });
    } else {
      app.log.warn({ root }, 'web build not found; the shop pages will show a build hint');
    }

    const sendIndex = (reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      if (hasBuild) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(FALLBACK_HTML);
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/internal/')) {
        return apiNotFound(request, reply);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') return apiNotFound(request, reply);
      // A missing asset (an old hashed file) is a real 404, not the app.
      if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return apiNotFound(request, reply);
      return sendIndex(reply);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
