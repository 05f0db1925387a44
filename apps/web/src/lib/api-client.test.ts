import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { calls as requests, server } from '@/test/msw/server';
import { ApiError, createApiClient, sendsBearer, type ApiClientConfig } from './api-client';
import { setNavigator } from './navigation';
import { STORAGE_KEYS } from './storage';
import { useToastStore } from './stores/toast';

function jsonResponse(body: unknown, status = 200, contentType = 'application/json; charset=utf-8') {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

/**
 * A client of https://shop.example using the browser's fetch; the network (MSW) answers every
 * request there with `respond`; `requests()` lists what reached the network. Toasts go to the real store.
 */
function client(respond: () => Response | Promise<Response>, config: Partial<ApiClientConfig> = {}) {
  server.use(http.all('https://shop.example/*', () => respond()));
  const api = createApiClient({
    kind: 'shop',
    baseUrl: 'https://shop.example',
    getToken: () => 'tok-123',
    getLocale: () => 'zh',
    getCurrency: () => 'USD',
    ...config,
  });
  return { api };
}

const lastToast = () => useToastStore.getState().toasts.at(-1);

beforeEach(() => {
  useToastStore.getState().clear();
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('headers', () => {
  it('sends language, currency and bearer headers on a shop request', async () => {
    const { api } = client(() => jsonResponse({ ok: true }));
    await api.get('/api/items', { params: { page: 1, keyword: '', categoryId: undefined } });
    const [seen] = requests();
    expect(seen!.url).toBe('https://shop.example/api/items?page=1');
    expect(seen!.headers).toMatchObject({
      'x-lang-type': 'zh',
      'accept-language': 'zh-CN',
      'x-price-type': 'USD',
      authorization: 'Bearer tok-123',
    });
  });

  it('uses en / en-US for English', async () => {
    const { api } = client(() => jsonResponse({}), { getLocale: () => 'en' });
    await api.get('/api/user');
    expect(requests()[0]!.headers).toMatchObject({ 'x-lang-type': 'en', 'accept-language': 'en-US' });
  });

  it('chat requests carry the language but no currency header', async () => {
    const { api } = client(() => jsonResponse([]), { kind: 'chat' });
    await api.get('/api/groups/waiting');
    const headers = requests()[0]!.headers;
    expect(headers['x-lang-type']).toBe('zh');
    expect(headers['x-price-type']).toBeUndefined();
    expect(headers.authorization).toBe('Bearer tok-123');
  });

  it('leaves the bearer off sign-in, sign-up and the anonymous token', async () => {
    const { api } = client(() => jsonResponse({ token: 't' }));
    await api.post('/api/authn/signin', { account: 'a' });
    await api.get('/api/authn/signin/code');
    await api.post('/api/authn/signup', {});
    await api.get('/api/authn/signup/code');
    await api.get('/api/authn/anonymous/token');
    await api.post('/api/authn/signout');
    const auth = requests().map((seen) => seen.headers.authorization);
    expect(auth).toEqual([undefined, undefined, undefined, undefined, undefined, 'Bearer tok-123']);
    expect(sendsBearer('/api/authn/password')).toBe(true);
  });

  it('sends no bearer when there is no token, and JSON bodies as JSON', async () => {
    const { api } = client(() => jsonResponse({ id: 1 }), { getToken: () => null });
    await api.post('/api/cart/items', { itemId: 7, quantity: 2 });
    const [seen] = requests();
    expect(seen!.headers.authorization).toBeUndefined();
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(seen!.text).toBe('{"itemId":7,"quantity":2}');
    expect(seen!.method).toBe('POST');
  });
});

describe('responses', () => {
  it('unwraps a JSON body', async () => {
    const { api } = client(() => jsonResponse({ data: [1, 2], pager: { page: 1, recTotal: 2 } }));
    await expect(api.get('/api/items')).resolves.toEqual({ data: [1, 2], pager: { page: 1, recTotal: 2 } });
  });

  it('treats a non-JSON 200 as an API response format error', async () => {
    const { api } = client(() => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await api.get('/api/items').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('format');
    expect((error as ApiError).message).toBe('API response format error');
    expect(lastToast()).toMatchObject({ type: 'error', message: 'API response format error' });
  });

  it('says "Chat API" for the chat client', async () => {
    const { api } = client(() => new Response('ok', { status: 200, headers: { 'content-type': 'text/plain' } }), { kind: 'chat' });
    await expect(api.post('/api/groups/join')).rejects.toMatchObject({ message: 'Chat API response format error' });
  });

  it('accepts a non-JSON 200 when the call opts in (DELETE /api/favorites/{id})', async () => {
    const { api } = client(() => new Response('success', { status: 200, headers: { 'content-type': 'text/plain' } }));
    await expect(api.delete('/api/favorites/9', { allowNonJson: true })).resolves.toBe('success');
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('returns undefined for 204', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/cart/items/1')).resolves.toBeUndefined();
  });
});

describe('error catalogue (docs/requirements.md, Errors)', () => {
  const cases: [status: number, body: unknown, type: 'warning' | 'error', message: string][] = [
    [400, { code: 'BAD_REQUEST', desc: 'Quantity must be at least 1' }, 'warning', 'Quantity must be at least 1'],
    [400, { message: 'bad message field' }, 'warning', 'bad message field'],
    [400, { error: 'bad error field' }, 'warning', 'bad error field'],
    [400, {}, 'warning', 'Request parameter error'],
    [403, { code: 'FORBIDDEN', desc: 'nope' }, 'error', 'Access denied'],
    [404, { code: 'NOT_FOUND', desc: 'Route GET /api/x not found' }, 'error', 'The requested resource does not exist'],
    [500, { code: 'INTERNAL', desc: 'boom' }, 'error', 'Server internal error'],
    [418, {}, 'error', 'Request failed (418)'],
    [503, { code: 'UNAVAILABLE', desc: 'later' }, 'error', 'Request failed (503)'],
    // Beyond the catalogue: a rate limit or a conflict shows the server's sentence, which says what to do.
    [429, { code: 'TOO_MANY_REQUESTS', desc: 'Too many requests, please try again in 42 s' }, 'warning', 'Too many requests, please try again in 42 s'],
    [429, {}, 'warning', 'Request failed (429)'],
    [409, { code: 'CONFLICT', desc: 'Account exists' }, 'warning', 'Account exists'],
  ];
  it.each(cases)('%i %j -> %s toast "%s"', async (status, body, type, message) => {
    const { api } = client(() => jsonResponse(body, status));
    const error = (await api.get('/api/items').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    expect(lastToast()).toMatchObject({ type, message });
  });

  it('keeps the server code and desc on the error', async () => {
    const { api } = client(() => jsonResponse({ code: 'CONFLICT', desc: 'Account exists' }, 409));
    await expect(api.post('/api/authn/signup', {})).rejects.toMatchObject({ status: 409, code: 'CONFLICT', desc: 'Account exists', message: 'Account exists' });
  });

  it('reports an error without a toast when the call is silent', async () => {
    const { api } = client(() => jsonResponse({ desc: 'x' }, 500));
    await expect(api.get('/api/categories', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('no response -> network error', async () => {
    const { api } = client(() => HttpResponse.error());
    const error = (await api.get('/api/items').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error, please check your network connection');
    expect(lastToast()).toMatchObject({ type: 'error', message: 'Network error, please check your network connection' });
  });

  it('request setup failure -> configuration error with the detail', async () => {
    const { api } = client(() => jsonResponse({}));
    const error = (await api.get('api/items').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(/^Request configuration error: path must start with "\/"/);
    expect(requests()).toHaveLength(0);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(api.post('/api/x', circular)).rejects.toMatchObject({ kind: 'config' });
  });

  it('times out after 15 s as a network error', async () => {
    vi.useFakeTimers();
    // The server never answers.
    const { api } = client(async () => {
      await delay('infinite');
      return jsonResponse({});
    });
    const pending = api.get('/api/items').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Network error, please check your network connection');
    expect(lastToast()).toMatchObject({ type: 'error' });
  });

  it('a cancel by the caller is neither a toast nor a timeout', async () => {
    // The server never answers.
    const { api } = client(async () => {
      await delay('infinite');
      return jsonResponse({});
    });
    const controller = new AbortController();
    const pending = api.get('/api/items', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});

describe('401', () => {
  it('clears token and user info and goes to /login with the current path', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/cart?tab=1');
    localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ account: 'buyer' }));
    const { api } = client(() => jsonResponse({ code: 'UNAUTHORIZED', desc: 'Please log in' }, 401));
    await expect(api.get('/api/cart/items')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fcart%3Ftab%3D1', { replace: true });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('stays on /login (with its redirect) and enters it again so the guard fetches a new anonymous token', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/login?redirect=%2Fcart');
    localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    const { api } = client(() => jsonResponse({ desc: 'Wrong password' }, 401));
    await expect(api.get('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fcart', { replace: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(lastToast()).toMatchObject({ type: 'error', message: 'Wrong password' });
  });

  it('leaves the session alone when the caller handles the 401', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    const { api } = client(() => jsonResponse({}, 401));
    await expect(api.get('/api/user', { skipAuthHandling: true, silent: true })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
    expect(navigate).not.toHaveBeenCalled();
  });
});
