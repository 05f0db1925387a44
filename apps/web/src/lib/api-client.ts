import { HEADER_CURRENCY, HEADER_LANG, LOCALE_TAGS, REQUEST_TIMEOUT_MS, type TCurrency, type TLocale } from '@cubeshop/shared';
import { getCurrency } from './currency';
import { translate } from './i18n';
import { getLocale } from './locale';
import { renderContext } from './render-context';
import { currentPath, isLoginPath, loginPath, navigateTo } from './navigation';
import { clearStoredSession, getToken } from './storage';
import { toast } from './stores/toast';

/**
 * The HTTP client of docs/requirements.md, API and Errors: language, currency and bearer headers, a 15 s
 * timeout, JSON unwrapping, and the error catalogue (toasts, 401 handling). The app calls it
 * through the typed client of lib/api.ts: two instances, `api` (shop) and `chatApi` (chat), each
 * with its own base URL, whose paths, parameters, bodies and answers come from the server's
 * OpenAPI document.
 */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'format' | 'config' | 'aborted';

export class ApiError extends Error {
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  /** The server's machine-readable code (`code` of the error body), when it sent one. */
  readonly code: string | undefined;
  /** The server's sentence (`desc`, `message` or `error` of the body), else the shown message. */
  readonly desc: string;
  readonly kind: ApiErrorKind;
  readonly details: Record<string, unknown> | undefined;

  constructor(init: {
    message: string;
    status: number;
    kind: ApiErrorKind;
    code?: string | undefined;
    desc?: string | undefined;
    details?: Record<string, unknown> | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code;
    this.desc = init.desc ?? init.message;
    this.details = init.details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type ApiKind = 'shop' | 'chat';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; undefined, null and '' are left out. */
  params?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** No toast for a failure: the caller shows its own state (docs/requirements.md, Errors, quiet failures). */
  silent?: boolean;
  /** A 2xx with a non-JSON body counts as success and returns the text (DELETE /api/favorites/{id}). */
  allowNonJson?: boolean;
  /** A 2xx answer is returned as a Blob (file downloads: order PDFs, zips); failures are handled as usual. */
  blob?: boolean;
  /** A 401 is only thrown: token and user info stay, no redirect (the caller decides). */
  skipAuthHandling?: boolean;
  /** Cancels the request (TanStack Query passes one); a cancel is never shown. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ApiClientConfig {
  kind: ApiKind;
  /** '' = same origin. */
  baseUrl: string;
  /** The browser's fetch by default (looked up at call time). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  getToken?: () => string | null;
  getLocale?: () => TLocale;
  getCurrency?: () => TCurrency;
  notify?: (type: 'error' | 'warning', message: string) => void;
  /** Runs on a 401 unless the call opted out; by default clears the session and goes to /login. */
  onUnauthorized?: () => void;
  t?: (key: string, params?: Record<string, unknown>) => string;
}

/** Paths that never carry the bearer token (docs/requirements.md, API). */
export function sendsBearer(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return !(pathname.startsWith('/api/authn/signin') || pathname.startsWith('/api/authn/signup') || pathname === '/api/authn/anonymous/token');
}

export function buildQuery(params: Record<string, QueryValue> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A failure before it becomes a message. */
export interface Failure {
  kind: ApiErrorKind;
  status: number;
  /** The server's desc / message / error, when the body had one. */
  serverMessage?: string | undefined;
  /** Setup failure detail. */
  detail?: string | undefined;
}

/** docs/requirements.md, Errors: which toast type and which sentence a failure gets. */
export function describeFailure(
  failure: Failure,
  api: ApiKind,
  t: (key: string, params?: Record<string, unknown>) => string,
): { type: 'error' | 'warning'; message: string } {
  switch (failure.kind) {
    case 'network':
    case 'timeout':
      return { type: 'error', message: t('errors.network') };
    case 'config':
      return { type: 'error', message: t('errors.config', { detail: failure.detail ?? '' }) };
    case 'format':
      return { type: 'error', message: t(api === 'chat' ? 'errors.chatFormat' : 'errors.format') };
    case 'aborted':
      return { type: 'error', message: t('errors.aborted') };
    case 'http':
      break;
  }
  switch (failure.status) {
    case 400:
      return { type: 'warning', message: failure.serverMessage || t('errors.badRequest') };
    case 401:
      return { type: 'error', message: failure.serverMessage || t('errors.unauthorized') };
    case 403:
      return { type: 'error', message: t('errors.forbidden') };
    case 404:
      return { type: 'error', message: t('errors.notFound') };
    case 500:
      return { type: 'error', message: t('errors.server') };
    case 409:
    case 429:
      // A conflict or a rate limit: the server's sentence says what to do ("try again in 42 s").
      return { type: 'warning', message: failure.serverMessage || t('errors.status', { status: failure.status }) };
    default:
      return { type: 'error', message: t('errors.status', { status: failure.status }) };
  }
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

function pickServerMessage(body: unknown): { message?: string; code?: string; details?: Record<string, unknown> } {
  if (!body || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  const text = [record.desc, record.message, record.error].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const out: { message?: string; code?: string; details?: Record<string, unknown> } = {};
  if (text) out.message = text;
  if (typeof record.code === 'string') out.code = record.code;
  if (record.details && typeof record.details === 'object') out.details = record.details as Record<string, unknown>;
  return out;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    typeof body === 'string'
  );
}

/**
 * A 401 anywhere: clears token and user info and sends the visitor to /login?redirect=<here>.
 * The navigation runs the route guard, which fetches a new anonymous token; on the login page
 * itself the same page is entered again for that.
 */
export function defaultUnauthorized(): void {
  clearStoredSession();
  const here = currentPath();
  navigateTo(isLoginPath(here) ? here : loginPath(here), { replace: true });
}

export interface ApiClient {
  readonly kind: ApiKind;
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const t = config.t ?? translate;
  const readToken = config.getToken ?? getToken;
  const readLocale = config.getLocale ?? getLocale;
  const readCurrency = config.getCurrency ?? getCurrency;
  const notify = config.notify ?? ((type, message) => (type === 'warning' ? toast.warning(message) : toast.error(message)));
  const onUnauthorized = config.onUnauthorized ?? defaultUnauthorized;

  function fail(failure: Failure, options: RequestOptions, code?: string, details?: Record<string, unknown>): never {
    const { type, message } = describeFailure(failure, config.kind, t);
    if (failure.kind === 'http' && failure.status === 401 && !options.skipAuthHandling) {
      const onLogin = isLoginPath(currentPath());
      onUnauthorized();
      // Redirected to the login page: the page change says it all. On /login itself, say why.
      if (onLogin && !options.silent) notify(type, message);
    } else if (!options.silent && failure.kind !== 'aborted') {
      notify(type, message);
    }
    throw new ApiError({ message, status: failure.status, kind: failure.kind, code, desc: failure.serverMessage ?? failure.detail ?? message, details });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    let url: string;
    let init: RequestInit;
    const controller = new AbortController();
    let timedOut = false;
    // Build the request: anything failing here is a setup failure, not a network one.
    try {
      if (!path.startsWith('/')) throw new Error(`path must start with "/": ${path}`);
      url = `${config.baseUrl.replace(/\/+$/, '')}${path}${buildQuery(options.params)}`;
      const locale = readLocale();
      const headers: Record<string, string> = {
        accept: 'application/json',
        [HEADER_LANG]: locale,
        'accept-language': LOCALE_TAGS[locale],
      };
      if (config.kind === 'shop') headers[HEADER_CURRENCY] = readCurrency();
      const token = readToken();
      if (token && sendsBearer(path)) headers.authorization = `Bearer ${token}`;
      let body: BodyInit | undefined;
      if (options.body !== undefined && options.body !== null) {
        if (isRawBody(options.body)) body = options.body;
        else {
          body = JSON.stringify(options.body);
          headers['content-type'] = 'application/json';
        }
      }
      Object.assign(headers, options.headers);
      init = { method, headers, signal: controller.signal };
      if (body !== undefined) init.body = body;
    } catch (error) {
      return fail({ kind: 'config', status: 0, detail: error instanceof Error ? error.message : String(error) }, options);
    }

    const onOuterAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      options.timeoutMs ?? config.timeoutMs ?? REQUEST_TIMEOUT_MS,
    );

    try {
      const fetchImpl = config.fetch ?? renderContext()?.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (error) {
        if (timedOut) return fail({ kind: 'timeout', status: 0 }, options);
        if (options.signal?.aborted) return fail({ kind: 'aborted', status: 0 }, options);
        return fail({ kind: 'network', status: 0, detail: error instanceof Error ? error.message : String(error) }, options);
      }

      const json = isJsonContentType(response.headers.get('content-type'));
      let text: string;
      try {
        if (options.blob && response.ok) return (await response.blob()) as T;
        text = await response.text();
      } catch {
        if (timedOut) return fail({ kind: 'timeout', status: 0 }, options);
        if (options.signal?.aborted) return fail({ kind: 'aborted', status: 0 }, options);
        return fail({ kind: 'network', status: 0 }, options);
      }

      let parsed: unknown = undefined;
      let parsedOk = false;
      if (json && text.trim() !== '') {
        try {
          parsed = JSON.parse(text);
          parsedOk = true;
        } catch {
          parsedOk = false;
        }
      }

      if (response.ok) {
        if (response.status === 204) return undefined as T;
        if (json && text.trim() === '') return null as T;
        if (json && parsedOk) return parsed as T;
        if (options.allowNonJson) return text as T;
        return fail({ kind: 'format', status: response.status }, options);
      }

      const server = parsedOk ? pickServerMessage(parsed) : {};
      return fail({ kind: 'http', status: response.status, serverMessage: server.message }, options, server.code, server.details);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    kind: config.kind,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}

// The instances the app calls are typed by the server's OpenAPI document: `api` and `chatApi` of lib/api.ts.
