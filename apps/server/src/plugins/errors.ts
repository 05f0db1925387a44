import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidationKey, validationMessage, type TApiError, type TErrorCode, type TLocale } from '@cubeshop/shared';
import { AppError } from '../lib/app-error.js';
import { message, type MessageKey } from '../lib/messages.js';

const zodLocales = { zh: z.locales.zhCN(), en: z.locales.en() } as const;

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  params?: { issue?: unknown; minimum?: unknown; maximum?: unknown } & Record<string, unknown>;
  message?: string;
}

interface Described {
  desc: string;
  details?: Record<string, unknown>;
}

/**
 * The first failing rule in the request's language. A shared rule's message is a validation key
 * ('v.password.kinds'): its sentence is the desc, and details name the field and the rule.
 * Any other zod failure reads "Invalid query.page: Too small ...".
 */
function describeValidation(error: FastifyError, locale: TLocale): Described {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  const where = error.validationContext ?? 'body';
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = path ? `${where}.${path}` : where;
  const key = first?.message;
  if (key && isValidationKey(key)) {
    const params: Record<string, string | number> = {};
    for (const [name, value] of [['min', first?.params?.minimum], ['max', first?.params?.maximum]] as const) {
      if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
    }
    const desc = key === 'v.required' ? message('fieldRequired', locale, { field: path || where }) : validationMessage(key, locale, params);
    return { desc, details: { field: path || where, rule: key } };
  }
  // fastify-type-provider-zod passes the zod issue's own fields as params; rebuild the issue for zod's locale.
  const rawIssue = (first?.params?.issue ?? (first?.keyword ? { ...first.params, code: first.keyword, message: first.message } : undefined)) as
    | Parameters<ReturnType<typeof z.locales.en>['localeError']>[0]
    | undefined;
  let reason = first?.message ?? '';
  if (rawIssue) {
    try {
      const localized = zodLocales[locale].localeError(rawIssue);
      reason = (typeof localized === 'string' ? localized : localized?.message) || reason;
    } catch {
      /* keep zod's own message */
    }
  }
  return { desc: message('invalidField', locale, { field, reason }) };
}

function send(reply: FastifyReply, status: number, code: TErrorCode, desc: string, details?: Record<string, unknown>) {
  const body: TApiError = details ? { code, desc, details } : { code, desc };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const statusKeys: Record<number, { code: TErrorCode; key: MessageKey }> = {
  400: { code: 'BAD_REQUEST', key: 'badRequest' },
  401: { code: 'UNAUTHORIZED', key: 'unauthorized' },
  403: { code: 'FORBIDDEN', key: 'forbidden' },
  404: { code: 'NOT_FOUND', key: 'notFound' },
  413: { code: 'PAYLOAD_TOO_LARGE', key: 'payloadTooLarge' },
  415: { code: 'BAD_REQUEST', key: 'unsupportedMediaType' },
  429: { code: 'TOO_MANY_REQUESTS', key: 'tooManyRequests' },
  503: { code: 'UNAVAILABLE', key: 'unavailable' },
};

/**
 * Turns every failure into the error shape of spec section 8: 400 with a clear `desc`,
 * 401, 403, 404 JSON for unknown /api paths, and 500 that never shows internals.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = request.locale ?? 'zh';
      if (error instanceof AppError) {
        const retryAfter = error.details?.retryAfter;
        if (error.statusCode === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return send(reply, error.statusCode, error.code, message(error.messageKey, locale, error.params), error.details);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { desc, details } = describeValidation(error, locale);
        return send(reply, 400, 'BAD_REQUEST', desc, details);
      }
      const status = error.statusCode ?? 500;
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(reply, 400, 'BAD_REQUEST', message('invalidBody', locale));
      }
      if (status === 429) {
        const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
        return send(reply, 429, 'TOO_MANY_REQUESTS', message('tooManyRequests', locale, { seconds }), { retryAfter: seconds });
      }
      const known = statusKeys[status];
      if (status < 500 && known) {
        return send(reply, status, known.code, message(known.key, locale));
      }
      if (status < 500) {
        return send(reply, status, 'BAD_REQUEST', message('badRequest', locale));
      }
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, 'INTERNAL', message('internal', locale));
    });
  },
  { name: 'errors', dependencies: ['locale'] },
);

/** 404 JSON for unknown /api paths; the web plugin serves the SPA for every other path. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const locale = request.locale ?? 'zh';
  return send(reply, 404, 'NOT_FOUND', message('apiNotFound', locale, { method: request.method, path: request.url.split('?')[0] ?? '' }));
}
