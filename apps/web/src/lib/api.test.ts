import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { calls, server } from '@/test/msw/server';
import { api, apiPath, idOf, typedApi } from './api';
import { ApiError, createApiClient, type RequestOptions } from './api-client';
import { useToastStore } from './stores/toast';

// The typed client (lib/api.ts) over the transport (api-client.ts, whose own tests cover headers,
// timeouts, toasts and 401s): what it puts in the URL and the body, and that answers and failures
// come back as the transport gives them. The network is MSW.

beforeEach(() => useToastStore.getState().clear());

describe('typed client', () => {
  it('fills path parameters from the template and leaves blank query values out', async () => {
    server.use(
      http.get('/api/admin/orders/:id', () => HttpResponse.json({ id: 7 })),
      http.get('/api/admin/orders', () => HttpResponse.json({ data: [] })),
    );
    await api.GET('/api/admin/orders/{id}', { params: { path: { id: 7 } }, silent: true });
    await api.GET('/api/admin/orders', { params: { query: { q: '', status: 'confirm', country: undefined, page: 2 } }, silent: true });
    expect(calls('GET', '/api/admin/orders/7')).toHaveLength(1);
    const [list] = calls('GET', '/api/admin/orders');
    expect(list!.url).toMatch(/\/api\/admin\/orders\?status=confirm&page=2$/);
  });

  it('encodes path parameters (a zone code, a chat conversation id)', async () => {
    expect(apiPath('/api/groups/{gid}/buyer', { params: { path: { gid: 'a/b c' } } })).toBe('/api/groups/a%2Fb%20c/buyer');
    expect(apiPath('/api/orders/{id}/documents/{kind}.pdf', { params: { path: { id: 12, kind: 'invoice' }, query: { lang: 'en' } } })).toBe(
      '/api/orders/12/documents/invoice.pdf?lang=en',
    );
  });

  it('sends a JSON body with the transport headers, and answers the JSON', async () => {
    server.use(http.put('/api/cart/items/:id', async ({ request }) => HttpResponse.json({ echoed: await request.json() })));
    const answer: unknown = await api.PUT('/api/cart/items/{id}', { params: { path: { id: 12 } }, body: { quantity: 18 }, silent: true });
    expect(answer).toEqual({ echoed: { quantity: 18 } });
    const [sent] = calls('PUT', '/api/cart/items/12');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['x-lang-type']).toMatch(/^(zh|en)$/);
    expect(sent!.headers['x-price-type']).toMatch(/^(CNY|USD)$/);
  });

  // (jsdom's FormData is not the one Node's fetch knows: what reaches the network is for e2e/catalog-staff.)
  it('hands a FormData upload to the transport as it is', async () => {
    const seen: { path: string; options: RequestOptions | undefined }[] = [];
    const transport = {
      ...createApiClient({ kind: 'shop', baseUrl: '' }),
      request: <T>(path: string, options?: RequestOptions) => (seen.push({ path, options }), Promise.resolve({} as T)),
    };
    const form = new FormData();
    form.append('file', new File(['x'], 'cube.png', { type: 'image/png' }));
    await typedApi(transport).POST('/api/admin/items/{id}/images', { params: { path: { id: 5 } }, body: form, silent: true });
    expect(seen).toEqual([{ path: '/api/admin/items/5/images', options: { method: 'POST', body: form, silent: true } }]);
    expect(seen[0]!.options!.body).toBe(form);
  });

  it('downloads a file as a Blob', async () => {
    server.use(
      http.get('/api/admin/orders/documents.zip', () => new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': 'application/zip' } })),
    );
    const blob = await api.download('/api/admin/orders/documents.zip', { params: { query: { ids: '1,2', kind: 'invoice' } } });
    expect(blob.size).toBe(4);
    expect(calls('GET', '/api/admin/orders/documents.zip')[0]!.query.get('ids')).toBe('1,2');
  });

  it("a refusal is the transport's ApiError with the server's code, sentence and details", async () => {
    server.use(
      http.post('/api/admin/customer-groups', () =>
        HttpResponse.json({ code: 'CONFLICT', desc: 'The code is taken', details: { field: 'code' } }, { status: 409 }),
      ),
    );
    const error = await api
      .POST('/api/admin/customer-groups', { body: { code: 'x', nameZh: '批发', nameEn: 'Wholesale', discountPercent: 5 }, silent: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', desc: 'The code is taken', details: { field: 'code' } });
    // silent: the caller shows it
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('goes to the base URL of its transport (the chat API may have a host of its own)', async () => {
    server.use(http.get('https://chat.example/api/groups/waiting', () => HttpResponse.json([])));
    const chat = typedApi(createApiClient({ kind: 'chat', baseUrl: 'https://chat.example/', getToken: () => 'tok', getLocale: () => 'en' }));
    expect(await chat.GET('/api/groups/waiting')).toEqual([]);
    const [sent] = calls('GET', '/api/groups/waiting');
    expect(sent!.url).toBe('https://chat.example/api/groups/waiting');
    expect(sent!.headers.authorization).toBe('Bearer tok');
    expect(sent!.headers['x-price-type']).toBeUndefined();
  });
});

describe('idOf', () => {
  it('reads a route parameter as the API id, NaN for anything that is not a whole number', () => {
    expect(idOf('100001')).toBe(100001);
    expect(idOf(7)).toBe(7);
    expect(idOf('abc')).toBeNaN();
    expect(idOf(' 12')).toBeNaN();
    expect(idOf('')).toBeNaN();
    expect(idOf(undefined)).toBeNaN();
  });
});
