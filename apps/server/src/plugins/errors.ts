import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE, HEADER_LANG, isValidationKey, parseLocale, validationMessage, type TApiError, type TErrorCode, type TLocale } from '@cubeshop/shared';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/errors.js';
import { describeError, DomainError } from '../lib/app-error.js';
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
 * Any other zod failure reads "Invalid query.page: Too small ...", and details name the field.
 */
/**
 * The value the client sent at a validation issue's path (zod 4 issues do not carry their input,
 * and without it zod's sentence reads "expected number, received undefined" for any wrong type).
 * Only own properties are followed, so '__proto__' or 'constructor' in a path reads nothing.
 */
function sentValue(request: FastifyRequest, where: string, segments: string[]): unknown {
  const sources: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
  let value = sources[where];
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function describeValidation(error: FastifyError, request: FastifyRequest, locale: TLocale): Described {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  const where = error.validationContext ?? 'body';
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = path ? `${where}.${path}` : where;
  const key = first?.message;
  if (key && isValidationKey(key)) {
    const params: Record<string, string | number> = {};
    for (const [name, value] of [
      ['min', first?.params?.minimum],
      ['max', first?.params?.maximum],
    ] as const) {
      if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
    }
    const desc = key === 'v.required' ? message('fieldRequired', locale, { field: path || where }) : validationMessage(key, locale, params);
    return { desc, details: { field: path || where, rule: key } };
  }
  // fastify-type-provider-zod passes the zod issue's own fields as params; rebuild the issue for zod's locale.
  const rawIssue = (first?.params?.issue ?? (first?.keyword ? { ...first.params, code: first.keyword, message: first.message } : undefined)) as
    Parameters<ReturnType<typeof z.locales.en>['localeError']>[0] | undefined;
  let reason = first?.message ?? '';
  if (rawIssue) {
    try {
      // Only the input's type shows in the sentence ("received string"), never its value.
      const segments = (first?.instancePath ?? '').split('/').filter(Boolean);
      const issue = rawIssue.input === undefined ? ({ ...rawIssue, input: sentValue(request, where, segments) } as typeof rawIssue) : rawIssue;
      const localized = zodLocales[locale].localeError(issue);
      reason = (typeof localized === 'string' ? localized : localized?.message) || reason;
    } catch {
      /* keep zod's own message */
    }
  }
  // The field goes in details too, as for a shared rule, so a client marks it without reading the sentence.
  return { desc: message('invalidField', locale, { field, reason }), details: { field: path || where } };
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

/** The HTTP status of each error code: the only place a domain error becomes a status. */
export const HTTP_STATUS: Record<TErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Retry-After (seconds) of a 503 while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * Turns every failure into the error shape of docs/requirements.md, Errors: 400 with a clear `desc`,
 * 401, 403, 404 JSON for unknown /api paths, and 500 that never shows internals.
 */
export const errorsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = request.locale ?? 'zh';
      if (error instanceof DomainError) {
        const retryAfter = error.details?.retryAfter;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return send(reply, HTTP_STATUS[error.code], error.code, describeError(error, locale), error.details);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { desc, details } = describeValidation(error, request, locale);
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
      if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: not our bug, and worth trying again shortly.
        request.log.warn({ err: error }, 'request failed: database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return send(reply, 503, 'UNAVAILABLE', message('unavailable', locale), { retryAfter: DATABASE_RETRY_AFTER_S });
      }
      if (isUniqueViolation(error)) {
        // A check-then-insert race on a unique key (two staff saving the same code at once).
        request.log.warn({ err: error }, 'request lost a race on a unique key');
        return send(reply, 409, 'CONFLICT', message('conflictExists', locale));
      }
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, 'INTERNAL', message('internal', locale));
    });
  },
  { name: 'errors', dependencies: ['locale'] },
);

/**
 * Fastify's router answers a few malformed URLs itself, before any hook or the error handler runs:
 * a bad percent-encoding in the path ('%', '%zz', bytes that are not UTF-8) and a path parameter
 * longer than maxParamLength. Without this (Fastify's `frameworkErrors` option, set in app.ts)
 * they would get Fastify's own {error, code, message} body instead of {code, desc}. The locale
 * hook has not run yet, so the language is read from the headers here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const locale = parseLocale(first(request.headers[HEADER_LANG])) ?? parseLocale(first(request.headers['accept-language'])) ?? DEFAULT_LOCALE;
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void send(reply, 414, 'BAD_REQUEST', message('badRequest', locale));
    return;
  }
  if ((error.statusCode ?? 500) < 500) {
    void send(reply, 400, 'BAD_REQUEST', message('badRequest', locale));
    return;
  }
  request.log.error({ err: error }, 'request failed in the router');
  void send(reply, 500, 'INTERNAL', message('internal', locale));
}

/** 404 JSON for unknown /api paths; the web plugin serves the SPA for every other path. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const locale = request.locale ?? 'zh';
  return send(reply, 404, 'NOT_FOUND', message('apiNotFound', locale, { method: request.method, path: request.url.split('?')[0] ?? '' }));
}
