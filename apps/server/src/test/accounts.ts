import { randomBytes } from 'node:crypto';
import type { TLocale } from '@cubeshop/shared';
import type { SmsCodeMessage } from '../modules/notifications/sms.js';
import type { App } from '../app.js';

/** A random documentation-range address, so per-IP limits of one test do not touch another's. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A unique address per call. */
export function uniqueEmail(name = 'buyer'): string {
  return `${name}.${randomBytes(5).toString('hex')}@example.com`;
}

/** A unique mainland mobile number per call. */
export function uniqueMobile(): string {
  return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string | undefined;
  lang?: TLocale;
  ip?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** JSON calls against the app from one client address (random unless given) in one language (en unless given). */
export function apiClient(t: Pick<App, 'app'>, defaults: { lang?: TLocale; ip?: string } = {}) {
  const clientIp = defaults.ip ?? randomIp();
  return async function call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = { 'x-lang-type': options.lang ?? defaults.lang ?? 'en' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await t.app.inject({
      method,
      url,
      query: options.query,
      headers,
      remoteAddress: options.ip ?? clientIp,
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

/** Captures text messages instead of sending them (the app's SMS provider is swapped). */
export function captureSms(t: Pick<App, 'services'>) {
  const sent: SmsCodeMessage[] = [];
  t.services.notifications.setSmsProvider({
    name: 'capture',
    async sendCode(message) {
      sent.push(message);
    },
  });
  return {
    sent,
    /** The code of the last message to +86 mobile. */
    lastCode(mobile: string): string {
      const message = [...sent].reverse().find((m) => m.to === `+86${mobile}`);
      if (!message) throw new Error(`no SMS to ${mobile}`);
      return message.code;
    },
  };
}

/** Moves the app's code clock (one-time codes' expiry and resend interval) by `ms` from now on. */
export function advanceClock(t: Pick<App, 'services'>, ms: number) {
  const previous = t.services.clock.now;
  t.services.clock.now = () => new Date(previous().getTime() + ms);
}
