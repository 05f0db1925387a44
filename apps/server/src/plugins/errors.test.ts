import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '@cubeshop/shared';
import { badRequest, conflict, forbidden, invalidField, notFound, tooManyRequests, unauthorized, unavailable } from '../lib/app-error.js';
import type { DomainError } from '../lib/app-error.js';
import { errorsPlugin, HTTP_STATUS } from './errors.js';
import { localePlugin } from './locale.js';

/** A bare app with the locale and error plugins and one route per error a service may throw. */
async function appThrowing(errors: Record<string, () => DomainError>) {
  const app = Fastify();
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  for (const [name, make] of Object.entries(errors)) {
    app.get(`/${name}`, async () => {
      throw make();
    });
  }
  return app;
}

describe('domain errors at the HTTP edge (plugins/errors.ts)', () => {
  it('every error code has exactly one status', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('maps each kind of domain error to its status, code and sentence in the request language', async () => {
    const app = await appThrowing({
      bad: () => badRequest('cartFull', { max: 200 }),
      anon: () => unauthorized(),
      staff: () => forbidden(),
      gone: () => notFound('orderNotFound'),
      state: () => conflict('orderStatusNotAllowed', { from: 'confirm', to: 'delivery', allowed: 'outbound, cancel' }),
      slow: () => tooManyRequests('signinSlowed', 8),
      mail: () => unavailable('codeSendFailed'),
      rule: () => invalidField('password', 'v.password.kinds'),
    });
    const call = async (name: string, lang: 'zh' | 'en') => app.inject({ url: `/${name}`, headers: { 'x-lang-type': lang } });

    const expected: [string, number, string, string][] = [
      ['bad', 400, 'BAD_REQUEST', 'The cart can hold at most 200 lines'],
      ['anon', 401, 'UNAUTHORIZED', 'Please log in first'],
      ['staff', 403, 'FORBIDDEN', 'Access denied'],
      ['gone', 404, 'NOT_FOUND', 'The order does not exist'],
      ['state', 409, 'CONFLICT', 'Status confirm cannot become delivery (allowed: outbound, cancel)'],
      ['mail', 503, 'UNAVAILABLE', 'Failed to send verification code, please try again later'],
    ];
    for (const [name, status, code, desc] of expected) {
      const res = await call(name, 'en');
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toEqual({ code, desc });
    }
    expect((await call('gone', 'zh')).json()).toEqual({ code: 'NOT_FOUND', desc: '订单不存在' });

    const slow = await call('slow', 'en');
    expect(slow.statusCode).toBe(429);
    expect(slow.headers['retry-after']).toBe('8');
    expect(slow.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { retryAfter: 8 } });

    // A broken shared rule reads as the rule itself, naming the field, in either language.
    const rule = await call('rule', 'en');
    expect(rule.statusCode).toBe(400);
    expect(rule.json()).toEqual({
      code: 'BAD_REQUEST',
      desc: expect.stringContaining('at least two of'),
      details: { field: 'password', rule: 'v.password.kinds' },
    });
    expect((await call('rule', 'zh')).json().desc).toMatch(/[\u4e00-\u9fff]/);
    await app.close();
  });

  it('names the refused field in details for any schema failure, so a form marks it without reading the sentence', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(localePlugin);
    await app.register(errorsPlugin);
    const body = z.object({ exchangeRate: z.object({ cnyPerUsd: z.number().positive() }), email: z.email('v.email').optional() });
    app.put('/settings', { schema: { body } }, async () => ({ ok: true }));
    const put = (payload: unknown) => app.inject({ method: 'PUT', url: '/settings', headers: { 'x-lang-type': 'en' }, payload: payload as object });

    // zod's own message: the sentence names the field, and so do the details (the request part left out).
    const nested = await put({ exchangeRate: { cnyPerUsd: -1 } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({
      code: 'BAD_REQUEST',
      desc: expect.stringMatching(/^Invalid body\.exchangeRate\.cnyPerUsd: /),
      details: { field: 'exchangeRate.cnyPerUsd' },
    });
    // A shared rule's key: its sentence, the field and the rule, as before.
    const rule = await put({ exchangeRate: { cnyPerUsd: 7 }, email: 'nobody' });
    expect(rule.json()).toEqual({ code: 'BAD_REQUEST', desc: 'Invalid email address', details: { field: 'email', rule: 'v.email' } });
    await app.close();
  });
});
