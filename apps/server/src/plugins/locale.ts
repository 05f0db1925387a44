import fp from 'fastify-plugin';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, HEADER_CURRENCY, HEADER_LANG, parseCurrency, parseLocale, type TCurrency, type TLocale } from '@cubeshop/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** From x-lang-type, then accept-language, else zh. */
    locale: TLocale;
    /** From x-price-type, else CNY. */
    currency: TCurrency;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the language and display currency every request carries (docs/requirements.md, API). */
export const localePlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  async (app) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('currency', DEFAULT_CURRENCY);
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
    app.addHook('onRequest', async (request) => {
      request.locale = parseLocale(header(request.headers[HEADER_LANG])) ?? parseLocale(header(request.headers['accept-language'])) ?? DEFAULT_LOCALE;
      request.currency = parseCurrency(header(request.headers[HEADER_CURRENCY])) ?? DEFAULT_CURRENCY;
    });
  },
  { name: 'locale' },
);
