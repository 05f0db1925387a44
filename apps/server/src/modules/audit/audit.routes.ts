import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditList, ZAuditQuery } from '@cubeshop/shared';
import type { AuditService } from './audit.service.js';

/** GET /api/admin/audit: the staff activity log, every audited change newest first (owner). */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/admin/audit',
    {
      // The role before the query is read: 403, never a 400 that describes the route.
      onRequest: app.requireStaff('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'Staff activity: every audited change, newest first (owner)',
        security: [{ bearer: [] }],
        querystring: ZAuditQuery,
        response: { 200: ZAuditList },
      },
    },
    async (request) => audit.list(request.query),
  );
};
