import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_REFUSED_CODE, ZStaffItemExportQuery, ZImportQuery, ZImportRefused, ZImportResult, type TSheetFormat } from '@cubeshop/shared';
import { badRequest } from '../../../lib/app-error.js';
import { readUploadedFile } from '../../../lib/uploaded-file.js';
import { message } from '../../../lib/messages.js';
import type { ActorOf } from '../../../plugins/auth.js';
import type { CatalogSheets } from './catalog.import.js';
import { sheetWriter } from './catalog.sheet.files.js';

const CONTENT_TYPES: Record<TSheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/**
 * The catalog's spreadsheets (docs/catalog.md, Spreadsheets), staff with catalog.manage:
 * exports of the catalog or a filtered part (streamed), empty templates, and the import
 * (multipart, one CSV or XLSX file; a dry run unless dryRun=false).
 */
export const catalogSheetRoutes: FastifyPluginAsyncZod<{ sheets: CatalogSheets; actorOf: ActorOf }> = async (app, { sheets, actorOf }) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const manage = { onRequest: app.requireStaff('catalog.manage') };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/admin/items/export.${format}`,
      {
        ...manage,
        schema: {
          tags,
          summary: `Export the catalog as ${format.toUpperCase()} (staff: owner, catalog)`,
          description:
            'Every editable column (docs/catalog.md, Spreadsheets), one product a row by id; the same filters as /api/items (keyword, categoryId, supplierId, minPrice/maxPrice in yuan) plus archived (false: on sale, true, all). Streamed.',
          security,
          querystring: ZStaffItemExportQuery,
          produces: [CONTENT_TYPES[format]],
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const out = new PassThrough();
        const writer = sheetWriter(format, out, request.locale);
        reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="products-${stamp()}.${format}"`)
          .header('x-content-type-options', 'nosniff');
        sheets.export(request.query, writer).catch((err: unknown) => {
          request.log.error({ err }, 'catalog export failed');
          out.destroy(err as Error);
        });
        return reply.send(out);
      },
    );

    app.get(
      `/admin/items/template.${format}`,
      {
        ...manage,
        schema: {
          tags,
          summary: `An empty ${format.toUpperCase()} import template with one example row`,
          security,
          produces: [CONTENT_TYPES[format]],
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const out = new PassThrough();
        const writer = sheetWriter(format, out, request.locale);
        reply.type(CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="products-template.${format}"`);
        void (async () => {
          await writer.row(await sheets.exampleRow());
          await writer.end();
        })().catch((err: unknown) => out.destroy(err as Error));
        return reply.send(out);
      },
    );
  }

  app.post(
    '/admin/items/import',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Import products from a CSV or XLSX file (dry run first)',
        description: `multipart/form-data with one file (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB). Rows update a product by id, else by barcode, else create one. dryRun=true (default) answers 200, status dryRun: per row what would change (planned) and every error by row and column, writing nothing. dryRun=false applies everything in one transaction (200, status applied, written = what was written), or nothing when any row has an error: 422 ${IMPORT_REFUSED_CODE} with the report in details (status refused, written 0, the errors).`,
        security,
        querystring: ZImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ZImportResult, 422: ZImportRefused },
      },
    },
    async (request, reply) => {
      // Not a form upload: 415 (the body is of the wrong kind, not a wrong value).
      if (!request.isMultipart()) throw Object.assign(new Error('import: not multipart'), { statusCode: 415 });
      // Too large: 413 naming the limit; no file, or a form cut short or otherwise malformed: 400.
      const { bytes: data, filename: fileName } = await readUploadedFile(request, {
        maxBytes: IMPORT_MAX_BYTES,
        tooLarge: 'importTooLarge',
        missing: () => badRequest('importEmpty'),
        malformed: () => badRequest('importEmpty'),
      });
      const report = await sheets.import(await actorOf(request), data, { dryRun: request.query.dryRun, locale: request.locale, fileName });
      // An apply refused for errors wrote nothing: not a success (422, the report in details).
      if (report.status === 'refused') {
        return reply
          .status(422)
          .send({ code: IMPORT_REFUSED_CODE, desc: message('importRefused', request.locale, { count: report.errorCount }), details: report });
      }
      return report;
    },
  );
};
