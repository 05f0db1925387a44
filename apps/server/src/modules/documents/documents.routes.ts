import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENTS_BULK_MAX, staffCan, ZOrderDocumentParams, ZOrderDocumentQuery, ZOrderDocumentsBulkQuery } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { DocumentsService } from './documents.service.js';

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * Order documents as PDF (docs/orders.md, Documents): GET /api/orders/{id}/documents/{kind}.pdf
 * for the order's buyer and staff, GET /api/admin/orders/documents.zip for staff in bulk.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  const security = [{ bearer: [] }];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/orders/:id/documents/:kind.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'An order document as PDF: proforma invoice, commercial invoice or packing list',
        description:
          "kind: proforma, invoice (commercial invoice) or packing-list; shipment: the packing list of one parcel of the order (its id, from the order's shipments), for the buyer as soon as that parcel left. A buyer gets their own orders only (404 otherwise); the invoice and the packing list once the order has left the warehouse (409 before). Staff with orders.read get every order and kind. lang: zh or en (default: the request's language). Quantities and prices are the actual ones staff recorded after packing, else as ordered.",
        security,
        params: ZOrderDocumentParams,
        querystring: ZOrderDocumentQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const session = await request.session();
      if (!session?.userId) throw unauthorized();
      const doc = await documents.document(
        { userId: session.userId, staff: staffCan(session.role, 'orders.read') },
        request.params.id,
        request.params.kind,
        request.query.lang ?? request.locale,
        request.query.shipment,
      );
      return reply.type('application/pdf').header('content-disposition', attachment(doc.fileName)).send(doc.pdf);
    },
  );

  app.get(
    '/admin/orders/documents.zip',
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags: ['admin'],
        summary: 'One kind of document for many orders, as a zip of PDFs (staff: owner, sales, warehouse)',
        description: `ids: order ids, comma separated (at most ${DOCUMENTS_BULK_MAX}); kind: proforma, invoice or packing-list; lang: zh or en. 404 when an order does not exist.`,
        security,
        querystring: ZOrderDocumentsBulkQuery,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { ids, kind, lang } = request.query;
      const bulk = await documents.bulk(ids, kind, lang ?? request.locale);
      return reply.type('application/zip').header('content-disposition', attachment(bulk.fileName)).send(bulk.zip);
    },
  );
};
