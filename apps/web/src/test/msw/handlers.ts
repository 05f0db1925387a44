import { http, HttpResponse, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';
import {
  ZAddress,
  ZAddressInput,
  ZAddressList,
  ZCartInfo,
  ZCartItem,
  ZCartItemList,
  ZCartQuantityBody,
  ZExpressChoices,
  ZExpressFee,
  ZOrderCreate,
  ZOrderDetail,
  ZOrderList,
  ZOrderRequests,
  ZSearchAlternatives,
  ZStockSummary,
  ZUser,
  validationMessage,
  type TAddress,
  type TLocale,
} from '@cubeshop/shared';
import { REGIONS, regionsIn, withQuantity } from './fixtures';
import { cartInfo, paymentsIn, quantityRefusal, quote, quotes, shop } from './shop';

/**
 * The shop API as the web app's tests meet it (Mock Service Worker): every feature's calls,
 * answering from the fake shop of ./shop.ts in the shapes of the shared zod schemas (each answer
 * is parsed with the schema the server's route declares), with the server's refusals (401 for
 * a visitor on a buyer's route, 400 with a `desc` in the request's language, 404 JSON for an
 * unknown id or path). A test changes one answer with `server.use(...)` (./server.ts).
 */

const localeOf = (request: Request): TLocale => (request.headers.get('x-lang-type') === 'zh' ? 'zh' : 'en');
const say = (locale: TLocale, en: string, zh: string) => (locale === 'zh' ? zh : en);

/** An error as the server sends it (docs/requirements.md, Errors): {code, desc, details?}. */
export function apiError(status: number, code: string, desc: string, details?: Record<string, unknown>) {
  return HttpResponse.json(details ? { code, desc, details } : { code, desc }, { status });
}

/** A 200 answer checked against the route's response schema. */
function reply<S extends z.ZodType>(schema: S, body: z.input<S>) {
  return HttpResponse.json(schema.parse(body) as Record<string, unknown>);
}

/** A signed-in buyer's token (the anonymous ones start with "anon"). */
const signedIn = (request: Request) => /^Bearer (?!anon)\S+/.test(request.headers.get('authorization') ?? '');

/** A route for signed-in buyers only: a visitor gets the server's 401. */
function buyer<P extends PathParams>(resolver: HttpResponseResolver<P>): HttpResponseResolver<P> {
  return (info) => (signedIn(info.request) ? resolver(info) : apiError(401, 'UNAUTHORIZED', say(localeOf(info.request), 'Please log in first', '请先登录')));
}

/** The first failing rule of a body, as the server describes it. */
function invalid(issues: z.core.$ZodIssue[], locale: TLocale) {
  const issue = issues[0]!;
  const field = issue.path.join('.');
  const desc = issue.message === 'v.required' ? say(locale, `${field} is required`, `缺少必填项：${field}`) : validationMessage(issue.message, locale);
  return apiError(400, 'BAD_REQUEST', desc, { field, rule: issue.message });
}

const notFound = (locale: TLocale, en: string, zh: string) => apiError(404, 'NOT_FOUND', say(locale, en, zh));
const nextId = () => ++shop.nextId;
const now = () => new Date().toISOString();

/** Default first, then the most recently changed. */
const addressList = () => [...shop.addresses].sort((a, b) => Number(b.asDefault) - Number(a.asDefault) || b.updatedTime.localeCompare(a.updatedTime));

function saveAddress(id: number | null, body: unknown, locale: TLocale) {
  const parsed = ZAddressInput.safeParse(body);
  if (!parsed.success) return invalid(parsed.error.issues, locale);
  const input = parsed.data;
  if (!REGIONS.some((r) => r.id === input.deliveryRegionId))
    return apiError(400, 'BAD_REQUEST', say(locale, 'Please choose a valid country or region', '请选择有效的国家或地区'));
  const existing = id === null ? undefined : shop.addresses.find((a) => a.id === id);
  if (id !== null && !existing) return notFound(locale, 'The address does not exist', '收货地址不存在');
  const asDefault = Boolean(input.asDefault) || shop.addresses.length === 0 || Boolean(existing?.asDefault);
  if (asDefault) shop.addresses = shop.addresses.map((a) => ({ ...a, asDefault: false }));
  const blank = (v: string | null | undefined) => (v ? v : null);
  const saved: TAddress = {
    id: existing?.id ?? nextId(),
    deliveryRegionId: input.deliveryRegionId,
    deliveryState: blank(input.deliveryState),
    deliveryCity: input.deliveryCity,
    deliveryPostalCode: input.deliveryPostalCode,
    deliveryUser: input.deliveryUser,
    deliveryPhone: input.deliveryPhone,
    deliveryCompany: blank(input.deliveryCompany),
    deliveryTaxId: blank(input.deliveryTaxId),
    deliveryShippingMark: blank(input.deliveryShippingMark),
    deliveryAddress: input.deliveryAddress,
    deliveryAddress2: blank(input.deliveryAddress2),
    asDefault,
    createdTime: existing?.createdTime ?? now(),
    updatedTime: now(),
  };
  shop.addresses = [...shop.addresses.filter((a) => a.id !== saved.id), saved];
  return reply(ZAddress, saved);
}

const account = [
  http.get('/api/authn/anonymous/token', () => HttpResponse.json({ token: 'anon-token-xyz' })),
  http.get(
    '/api/user',
    buyer(() => reply(ZUser, shop.user)),
  ),
  http.get('/api/selector/region', ({ request }) => HttpResponse.json(regionsIn(localeOf(request)))),
  // The pages' "N+ SKUs in stock" (footer, home, about, policy): 3,187 products in stock.
  http.get('/api/stock/summary', () => reply(ZStockSummary, { productsInStock: shop.productsInStock })),
  // A search with few results asks what else to offer: by default, nothing (tests that show it answer for themselves).
  http.get('/api/items/alternatives', ({ request }) =>
    reply(ZSearchAlternatives, { keyword: new URL(request.url).searchParams.get('keyword') ?? '', total: -1, didYouMean: [], broaden: [], closest: null }),
  ),
];

const cart = [
  http.get(
    '/api/cart/items',
    buyer(({ request }) => {
      const keyword = (new URL(request.url).searchParams.get('keyword') ?? '').trim().toLowerCase();
      const data = shop.cart.filter(
        (l) => !keyword || [l.name, l.supplier.name, l.type, l.typeName ?? '', String(l.itemId)].some((v) => v.toLowerCase().includes(keyword)),
      );
      return reply(ZCartItemList, { data, pager: { page: 1, recPerPage: 200, recTotal: data.length } });
    }),
  ),
  http.put(
    '/api/cart/items/:id',
    buyer(async ({ request, params }) => {
      const locale = localeOf(request);
      const body = ZCartQuantityBody.safeParse(await request.json());
      if (!body.success) return invalid(body.error.issues, locale);
      const line = shop.cart.find((l) => l.id === Number(params.id));
      if (!line) return notFound(locale, 'The cart item does not exist', '购物车中没有该商品');
      const refusal = quantityRefusal(line, body.data.quantity, locale);
      if (refusal) return apiError(400, 'BAD_REQUEST', refusal);
      const updated = { ...withQuantity(line, body.data.quantity), updatedTime: now() };
      shop.cart = shop.cart.map((l) => (l.id === line.id ? updated : l));
      return reply(ZCartItem, updated);
    }),
  ),
  http.delete(
    '/api/cart/items/:id',
    buyer(({ request, params }) => {
      const id = Number(params.id);
      if (!shop.cart.some((l) => l.id === id)) return notFound(localeOf(request), 'The cart item does not exist', '购物车中没有该商品');
      shop.cart = shop.cart.filter((l) => l.id !== id);
      return HttpResponse.json({ ok: true, id });
    }),
  ),
  http.get(
    '/api/cart/info',
    buyer(() => reply(ZCartInfo, cartInfo())),
  ),
  http.get(
    '/api/cart/info/express-fee',
    buyer(({ request }) => {
      const locale = localeOf(request);
      const q = new URL(request.url).searchParams;
      const result = quote(q.get('expressMethod') ?? '', q.get('deliveryRegionId') ?? '', q.get('payMethod') || undefined, locale);
      if (!result) return apiError(400, 'BAD_REQUEST', say(locale, 'Unknown shipping method', '配送方式不存在'));
      if ('reason' in result) return apiError(400, 'BAD_REQUEST', result.reason.message, { code: result.reason.code });
      return reply(ZExpressFee, result.fee);
    }),
  ),
  http.get(
    '/api/cart/info/express-fees',
    buyer(({ request }) => {
      const q = new URL(request.url).searchParams;
      return reply(ZExpressChoices, quotes(q.get('deliveryRegionId') ?? '', q.get('payMethod') || undefined, localeOf(request)));
    }),
  ),
  http.get('/api/selector/payment', ({ request }) => HttpResponse.json(paymentsIn(localeOf(request)))),
  http.get('/api/selector/express', ({ request }) => {
    const locale = localeOf(request);
    const regionId = new URL(request.url).searchParams.get('regionId');
    const served = shop.methods.filter((m) => !regionId || m.regions.includes(regionId));
    return HttpResponse.json(served.map((m) => ({ id: m.id, name: m.name[locale], transitDays: regionId ? m.transitDays : null })));
  }),
];

const addresses = [
  http.get(
    '/api/address',
    buyer(() => reply(ZAddressList, addressList())),
  ),
  http.post(
    '/api/address',
    buyer(async ({ request }) => saveAddress(null, await request.json(), localeOf(request))),
  ),
  http.put(
    '/api/address/:id',
    buyer(async ({ request, params }) => saveAddress(Number(params.id), await request.json(), localeOf(request))),
  ),
  http.delete(
    '/api/address/:id',
    buyer(({ request, params }) => {
      const gone = shop.addresses.find((a) => a.id === Number(params.id));
      if (!gone) return notFound(localeOf(request), 'The address does not exist', '收货地址不存在');
      shop.addresses = shop.addresses.filter((a) => a.id !== gone.id);
      // Deleting the default promotes the most recently changed one.
      const next = addressList()[0];
      if (gone.asDefault && next) shop.addresses = shop.addresses.map((a) => (a.id === next.id ? { ...a, asDefault: true } : a));
      return HttpResponse.json({ ok: true, id: gone.id });
    }),
  ),
  http.put(
    '/api/address/:id/default',
    buyer(({ request, params }) => {
      const id = Number(params.id);
      if (!shop.addresses.some((a) => a.id === id)) return notFound(localeOf(request), 'The address does not exist', '收货地址不存在');
      shop.addresses = shop.addresses.map((a) => ({ ...a, asDefault: a.id === id, updatedTime: a.id === id ? now() : a.updatedTime }));
      return reply(
        ZAddress,
        shop.addresses.find((a) => a.id === id)!,
      );
    }),
  ),
];

const orders = [
  // After-sales requests: none yet; a cancellation may be asked while the order is confirmed.
  http.get(
    '/api/orders/:id/requests',
    buyer(({ request, params }) => {
      const order = shop.orders.find((o) => String(o.id) === params.id);
      if (!order) return notFound(localeOf(request), 'The order does not exist', '订单不存在');
      return reply(ZOrderRequests, { data: [], canRequest: { cancel: order.status === 'confirm', return: false, returnUntil: null } });
    }),
  ),
  http.get(
    '/api/orders',
    buyer(({ request }) => {
      // The buyer's list: shop.orders newest first as given, one status when asked, paged.
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1) || 1;
      const per = Number(q.get('recPerPage') ?? 20) || 20;
      const rows = shop.orders.filter((o) => !q.get('status') || o.status === q.get('status'));
      return reply(ZOrderList, { data: rows.slice((page - 1) * per, page * per), pager: { page, recPerPage: per, recTotal: rows.length } });
    }),
  ),
  http.get(
    '/api/orders/:id',
    buyer(({ request, params }) => {
      const order = shop.orders.find((o) => String(o.id) === params.id);
      return order ? reply(ZOrderDetail, order) : notFound(localeOf(request), 'The order does not exist', '订单不存在');
    }),
  ),
  http.post(
    '/api/orders',
    buyer(async ({ request }) => {
      const locale = localeOf(request);
      const body = ZOrderCreate.safeParse(await request.json());
      if (!body.success) return invalid(body.error.issues, locale);
      if (shop.cart.length === 0) return apiError(400, 'BAD_REQUEST', say(locale, 'Your cart is empty', '购物车是空的'));
      const id = nextId();
      shop.cart = [];
      return HttpResponse.json({ id });
    }),
  ),
];

const favorites = [
  http.get(
    '/api/favorites',
    buyer(({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1) || 1;
      const per = Number(q.get('recPerPage') ?? 24) || 24;
      return HttpResponse.json({ data: shop.favorites.slice((page - 1) * per, page * per), pager: { page, recPerPage: per, recTotal: shop.favorites.length } });
    }),
  ),
  http.delete(
    '/api/favorites/:id',
    buyer(({ params }) => {
      const itemId = Number(params.id);
      shop.favorites = shop.favorites.filter((p) => p.id !== itemId);
      return HttpResponse.json({ itemId, favorite: false });
    }),
  ),
];

/** Unknown /api paths: the server's 404 JSON. */
const unknown = http.all('/api/*', ({ request }) => {
  const { pathname } = new URL(request.url);
  return apiError(404, 'NOT_FOUND', say(localeOf(request), `No such API: ${request.method} ${pathname}`, `接口不存在：${request.method} ${pathname}`));
});

export const handlers = [...account, ...cart, ...addresses, ...orders, ...favorites, unknown];
