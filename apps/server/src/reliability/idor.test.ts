// Over 400 lines on purpose: the sweep is three tables of operations and one loop over them;
// the tables must stay together so a route missing from all of them fails the test.
// Access control sweep. Buyer A makes one of everything a buyer owns (orders, order
// lines, cart lines, addresses, favourites, profile, a chat conversation with a message); then
// buyer B, an anonymous visitor's token and a caller without a token try every operation on A's
// ids. Reads must answer 404 to B (401/403 without sign-in) and never show A's data; writes must
// leave A's things as they were (compared as A afterwards). Staff endpoints answer 403 to buyers
// and 401 to the others.
//
// Three tables drive it: OWNED (an operation and where A's id goes), STAFF (admin-only
// operations) and SELF_ONLY (operations that take no foreign id and act on the caller only; B
// still tries to smuggle A's id into them). The completeness test fails when an operation of
// the OpenAPI document that declares `security` is in none of them, so a new authenticated
// route cannot go unreviewed.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { randomIp } from '../test/accounts.js';
import { TEST_DB_KIND } from '../test/harness.js';
import { apiOperations, declaresSecurity, errorShapeProblem, fillPath, hasSecurity, leakIn, type ApiOperation } from '../test/openapi.js';
import { ADDRESS, createShopApp, orderPayload, shopClient, type Json, type ShopApp } from '../test/shop.js';
import { startPayPalStandIn, type PayPalStandIn } from '../test/paypal.js';

const PASSWORD = 'Secret12';
/** The quantity of A's spare cart line: no other cart in the test comes near it. */
const SPARE_QUANTITY = 7777;

interface Person {
  id: number;
  account: string;
  email: string;
  token: string;
}

/** What A owns, by id, and the marker written into A's texts (name, address, order comment, chat). */
interface Fixture {
  a: Person;
  b: Person;
  admin: Person;
  mark: string;
  orderId: number;
  orderLineId: number;
  /** A cart line of A (the cube), and one more (stickers) that B tries to order. */
  cartLineId: number;
  spareCartLineId: number;
  addressId: number;
  /** A's second, non-default address. */
  otherAddressId: number;
  favoriteItemId: number;
  /** The product of A's order (a wrongful reorder by B would put it in B's cart). */
  orderedItemId: number;
  /** A's chat conversation. */
  gid: string;
  /** The address of a picture A sent in it (/api/chat/images/<gid>/<name>). */
  chatImage: string;
  /** A's after-sales request on the order (refused, with one photo). */
  requestId: number;
  /** A's quote (from A's cart, with the marker in its message), priced and sent: A may accept it. */
  quoteId: number;
  /** A's second quote request, which the admin's calls of the staff table change, send and withdraw. */
  spareQuoteId: number;
  /** The cube (black) of A's cart line that the quotes hold. */
  orderedCubeId: number;
}

interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

type Who = 'buyer B' | 'anonymous token' | 'no token';

interface Owned {
  /** 'METHOD /api/path/{param}' as in the OpenAPI document. */
  op: string;
  resource: string;
  kind: 'read' | 'write';
  /** A's id(s) in the request. */
  request: (f: Fixture) => Request;
  /** B's allowed statuses (default 404). */
  stranger?: number[];
  /** Statuses allowed without sign-in (default 401, 403). */
  signedOut?: number[];
  /** True when an answer shows A's data in a way the marker does not reveal (a flag, a count). */
  shows?: (body: Json, f: Fixture) => boolean;
}

// Owned resources, with where A's id goes. Reads first; the writes are in an order in which A
// can also perform them all at the end (the positive control: the ids are real).
const OWNED: Owned[] = [
  { op: 'GET /api/orders/{id}', resource: 'order', kind: 'read', request: (f) => ({ params: { id: f.orderId } }) },
  {
    op: 'GET /api/order/items',
    resource: 'order lines by order id',
    kind: 'read',
    request: (f) => ({ query: { orderId: f.orderId } }),
    stranger: [200, 404],
    shows: (body: { data?: unknown[]; pager?: { recTotal?: number } }) => (body?.data?.length ?? 0) > 0 || (body?.pager?.recTotal ?? 0) > 0,
  },
  { op: 'GET /api/order/items/{id}', resource: 'order line', kind: 'read', request: (f) => ({ params: { id: f.orderLineId } }) },
  { op: 'GET /api/cart/items/{id}', resource: 'cart line', kind: 'read', request: (f) => ({ params: { id: f.cartLineId } }) },
  { op: 'GET /api/address/{id}', resource: 'address', kind: 'read', request: (f) => ({ params: { id: f.addressId } }) },
  {
    op: 'GET /api/items/{id}',
    resource: "favourite flag on a product (public route, the caller's own flag)",
    kind: 'read',
    request: (f) => ({ params: { id: f.favoriteItemId } }),
    stranger: [200],
    signedOut: [200],
    shows: (body: { favorite?: boolean }) => body?.favorite === true,
  },
  {
    op: 'GET /api/items',
    resource: "favourite flags in the product list (public route, the caller's own flags)",
    kind: 'read',
    request: () => ({}),
    stranger: [200],
    signedOut: [200],
    shows: (body: { data?: { favorite?: boolean }[] }) => (body?.data ?? []).some((p) => p.favorite === true),
  },
  {
    op: 'GET /api/orders/{id}/requests',
    resource: 'after-sales requests of an order',
    kind: 'read',
    request: (f) => ({ params: { id: f.orderId } }),
  },
  {
    op: 'GET /api/orders/{id}/requests/{requestId}/photos/{index}',
    resource: "after-sales request photo (binary: A's answer is the image, not JSON)",
    kind: 'read',
    request: (f) => ({ params: { id: f.orderId, requestId: f.requestId, index: 0 } }),
    shows: (body) => body === undefined,
  },
  {
    op: 'GET /api/chat/images/{gid}/{name}',
    resource: "chat picture (binary: A's answer is the image; signed out is 404 too, so its existence is not told)",
    kind: 'read',
    request: (f) => ({ params: { gid: f.gid, name: f.chatImage.split('/').pop()! } }),
    signedOut: [404],
    shows: (body) => body === undefined,
  },
  {
    op: 'GET /api/orders/{id}/documents/{kind}.pdf',
    resource: "order document (binary: A's answer is a PDF, not JSON)",
    kind: 'read',
    request: (f) => ({ params: { id: f.orderId, kind: 'proforma' } }),
    shows: (body) => body === undefined,
  },
  { op: 'GET /api/quotes/{id}', resource: 'quote', kind: 'read', request: (f) => ({ params: { id: f.quoteId } }) },
  {
    op: 'GET /api/quotes/{id}/pdf',
    resource: "quotation (binary: A's answer is a PDF, not JSON)",
    kind: 'read',
    request: (f) => ({ params: { id: f.quoteId } }),
    shows: (body) => body === undefined,
  },
  { op: 'POST /api/quotes/{id}/accept', resource: 'quote (accept)', kind: 'write', request: (f) => ({ params: { id: f.quoteId }, body: orderPayload() }) },
  { op: 'POST /api/orders/reorder', resource: 'order (reorder)', kind: 'write', request: (f) => ({ body: { id: f.orderId } }) },
  { op: 'POST /api/orders/{id}/paypal', resource: 'order (pay with PayPal)', kind: 'write', request: (f) => ({ params: { id: f.orderId } }) },
  {
    op: 'POST /api/orders/{id}/requests',
    resource: 'order (after-sales request)',
    kind: 'write',
    request: (f) => ({ params: { id: f.orderId }, body: { kind: 'cancel', reason: 'Mallory wants it cancelled' } }),
  },
  {
    op: 'POST /api/orders',
    resource: 'cart lines (ordering another buyer’s lines)',
    kind: 'write',
    request: (f) => ({ body: orderPayload({ cartItemIds: [f.spareCartLineId] }) }),
    stranger: [400, 404],
  },
  { op: 'PUT /api/cart/items/{id}', resource: 'cart line', kind: 'write', request: (f) => ({ params: { id: f.cartLineId }, body: { quantity: 4 } }) },
  { op: 'PATCH /api/cart/items/{id}', resource: 'cart line', kind: 'write', request: (f) => ({ params: { id: f.cartLineId }, body: { quantity: 6 } }) },
  { op: 'DELETE /api/cart/items/{id}', resource: 'cart line', kind: 'write', request: (f) => ({ params: { id: f.cartLineId } }) },
  {
    op: 'PUT /api/address/{id}',
    resource: 'address',
    kind: 'write',
    request: (f) => ({ params: { id: f.addressId }, body: { ...ADDRESS, deliveryUser: 'Mallory Intruder', asDefault: true } }),
  },
  { op: 'PUT /api/address/{id}/default', resource: 'address (default flag)', kind: 'write', request: (f) => ({ params: { id: f.otherAddressId } }) },
  { op: 'DELETE /api/address/{id}', resource: 'address', kind: 'write', request: (f) => ({ params: { id: f.addressId } }) },
  {
    op: 'DELETE /api/favorites/{itemId}',
    resource: 'favourite (the id is a public product id: B removes only from B’s own list)',
    kind: 'write',
    request: (f) => ({ params: { itemId: f.favoriteItemId } }),
    stranger: [200, 404],
  },
];

/** A valid staff change of a quote of A's: the cube at ¥100, no freight, valid for a week. */
const quotePrices = (f: Fixture) => ({
  lines: [{ itemId: f.orderedCubeId, type: 'black', quantity: 2, unitPrice: 100 }],
  freight: 0,
  validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  note: null,
});

interface Staff {
  op: string;
  /** A request that passes validation, so the answer is about the role and not the input. */
  request: (f: Fixture) => Request;
}

// Staff-only operations (customer service, the back office). Their requests name A's conversation and order.
const STAFF: Staff[] = [
  { op: 'GET /api/admin/orders', request: (f) => ({ query: { q: String(f.orderId) } }) },
  { op: 'GET /api/admin/orders/{id}', request: (f) => ({ params: { id: f.orderId } }) },
  { op: 'POST /api/admin/orders/{id}/transitions', request: (f) => ({ params: { id: f.orderId }, body: { status: 'outbound' } }) },
  { op: 'PUT /api/admin/orders/{id}/lines/{lineId}', request: (f) => ({ params: { id: f.orderId, lineId: f.orderLineId }, body: { actualQuantity: 1 } }) },
  { op: 'PUT /api/admin/orders/{id}/shipping-fee', request: (f) => ({ params: { id: f.orderId }, body: { actualExpressFee: 10 } }) },
  {
    op: 'POST /api/admin/orders/{id}/payments',
    request: (f) => ({ params: { id: f.orderId }, body: { kind: 'payment', amount: 1, currency: 'USD', method: 'bankTransfer' } }),
  },
  { op: 'POST /api/admin/orders/{id}/notes', request: (f) => ({ params: { id: f.orderId }, body: { kind: 'message', body: 'hello' } }) },
  { op: 'POST /api/admin/orders/{id}/credits', request: (f) => ({ params: { id: f.orderId }, body: { kind: 'goodwill', reason: 'sorry', amount: 0.01 } }) },
  { op: 'POST /api/admin/orders/{id}/restock', request: (f) => ({ params: { id: f.orderId }, body: { lines: [{ lineId: f.orderLineId, quantity: 1 }] } }) },
  {
    op: 'POST /api/admin/orders/{id}/shipments',
    request: (f) => ({ params: { id: f.orderId }, body: { carrier: 'dhl', trackingNumber: 'IDOR-12345', lines: [{ lineId: f.orderLineId, quantity: 1 }] } }),
  },
  {
    op: 'POST /api/admin/orders',
    request: (f) => ({ body: { ...ADDRESS, buyerId: f.a.id, expressMethod: 'dhl', payMethod: 'tt', lines: [{ itemId: f.orderedItemId, quantity: 2 }] } }),
  },
  {
    op: 'POST /api/admin/orders/preview',
    request: (f) => ({ body: { ...ADDRESS, buyerId: f.a.id, expressMethod: 'dhl', payMethod: 'tt', lines: [{ itemId: f.orderedItemId, quantity: 2 }] } }),
  },
  { op: 'POST /api/admin/orders/{id}/lines', request: (f) => ({ params: { id: f.orderId }, body: { itemId: f.orderedItemId, quantity: 2 } }) },
  { op: 'DELETE /api/admin/orders/{id}/lines/{lineId}', request: (f) => ({ params: { id: f.orderId, lineId: f.orderLineId } }) },
  { op: 'GET /api/admin/customers', request: (f) => ({ query: { q: f.a.email } }) },
  { op: 'GET /api/admin/search', request: (f) => ({ query: { q: f.a.email } }) },
  { op: 'GET /api/admin/customers/{id}', request: (f) => ({ params: { id: f.a.id } }) },
  { op: 'POST /api/admin/customers/{id}/notes', request: (f) => ({ params: { id: f.a.id }, body: { body: 'note' } }) },
  // Aimed at a staff account (404 for staff: not a customer), so the admin's own valid call does not end A's sessions.
  { op: 'POST /api/admin/customers/{id}/disable', request: (f) => ({ params: { id: f.admin.id }, body: { reason: 'fraud' } }) },
  { op: 'POST /api/admin/customers/{id}/enable', request: (f) => ({ params: { id: f.admin.id }, body: {} }) },
  { op: 'GET /api/admin/audit', request: () => ({}) },
  { op: 'GET /api/admin/dashboard', request: () => ({}) },
  // Staff accounts (owner): the list, an invitation of a new address, and a change aimed at the
  // admin itself (refused with 409: nobody demotes themselves), so nothing of A's is touched.
  { op: 'GET /api/admin/staff', request: () => ({}) },
  {
    op: 'POST /api/admin/staff',
    request: () => ({ body: { email: `idor-invite-${Math.random().toString(36).slice(2)}@example.com`, name: 'Invitee', role: 'sales', locale: 'en' } }),
  },
  { op: 'PUT /api/admin/staff/{id}', request: (f) => ({ params: { id: f.admin.id }, body: { role: 'sales' } }) },
  // The invitation again, aimed at the admin (409 for the owner: a password is set), so nobody is mailed.
  { op: 'POST /api/admin/staff/{id}/invitation', request: (f) => ({ params: { id: f.admin.id } }) },
  { op: 'GET /api/admin/orders/documents.zip', request: (f) => ({ query: { ids: String(f.orderId), kind: 'invoice' } }) },
  { op: 'GET /api/admin/requests', request: () => ({}) },
  { op: 'GET /api/admin/quotes', request: () => ({}) },
  { op: 'GET /api/admin/quotes/{id}', request: (f) => ({ params: { id: f.quoteId } }) },
  // In this order, on A's spare quote: priced (valid for send), sent, withdrawn.
  { op: 'PUT /api/admin/quotes/{id}', request: (f) => ({ params: { id: f.spareQuoteId }, body: quotePrices(f) }) },
  { op: 'POST /api/admin/quotes/{id}/send', request: (f) => ({ params: { id: f.spareQuoteId } }) },
  { op: 'POST /api/admin/quotes/{id}/withdraw', request: (f) => ({ params: { id: f.spareQuoteId }, body: {} }) },
  { op: 'GET /api/admin/quotes/{id}/pdf', request: (f) => ({ params: { id: f.quoteId } }) },
  { op: 'GET /api/admin/orders/{id}/requests', request: (f) => ({ params: { id: f.orderId } }) },
  { op: 'POST /api/admin/requests/{id}/decision', request: (f) => ({ params: { id: f.requestId }, body: { decision: 'approve' } }) },
  { op: 'GET /api/groups/waiting', request: () => ({}) },
  { op: 'GET /api/groups/serving', request: () => ({}) },
  { op: 'GET /api/groups/admin', request: () => ({}) },
  { op: 'POST /api/groups/join', request: (f) => ({ body: { gid: f.gid } }) },
  { op: 'POST /api/groups/leave', request: (f) => ({ body: { gid: f.gid } }) },
  { op: 'POST /api/groups/invite', request: (f) => ({ body: { gid: f.gid, uid: f.admin.id } }) },
  // What an agent serving A's conversation sees of A (name, orders' status); the admin does not serve it: 404.
  { op: 'GET /api/groups/{gid}/buyer', request: (f) => ({ params: { gid: f.gid } }) },
  // Shop settings and shipping/payment configuration (owner): valid writes that touch nothing of A's.
  { op: 'GET /api/admin/settings', request: () => ({}) },
  { op: 'PUT /api/admin/settings', request: () => ({ body: {} }) },
  { op: 'GET /api/admin/settings/exchange-rates', request: () => ({}) },
  { op: 'GET /api/admin/shipping', request: () => ({}) },
  { op: 'GET /api/admin/shipping/methods', request: () => ({}) },
  {
    op: 'PUT /api/admin/shipping/methods/{id}',
    request: () => ({ params: { id: 'idor-m' }, body: { nameZh: '测试', nameEn: 'Test', position: 99, active: false, excludedRegions: [] } }),
  },
  { op: 'GET /api/admin/shipping/zones', request: () => ({}) },
  {
    op: 'PUT /api/admin/shipping/zones/{id}',
    request: () => ({ params: { id: 'idor-z' }, body: { nameZh: '测试', nameEn: 'Test', position: 99, isDefault: false, regions: [] } }),
  },
  { op: 'DELETE /api/admin/shipping/zones/{id}', request: () => ({ params: { id: 'idor-none' } }) },
  { op: 'GET /api/admin/shipping/rates', request: () => ({}) },
  {
    op: 'PUT /api/admin/shipping/rates',
    request: () => ({
      body: {
        methodId: 'idor-m',
        zoneCode: 'idor-z',
        firstWeightG: 500,
        firstPriceFen: 1000,
        stepWeightG: 500,
        stepPriceFen: 500,
        minChargeFen: 0,
        maxWeightG: 30000,
        transitMinDays: 3,
        transitMaxDays: 7,
      },
    }),
  },
  { op: 'DELETE /api/admin/shipping/rates/{methodId}/{zoneCode}', request: () => ({ params: { methodId: 'idor-none', zoneCode: 'idor-none' } }) },
  { op: 'GET /api/admin/payment-methods', request: () => ({}) },
  {
    op: 'PUT /api/admin/payment-methods/{id}',
    request: () => ({ params: { id: 'idor-p' }, body: { nameZh: '测试', nameEn: 'Test', surchargeBp: 0, position: 99, active: false } }),
  },
  // A payment method's QR picture: aimed at a method that does not exist (404 for the owner, before the upload is read).
  { op: 'PUT /api/admin/payment-methods/{id}/qr', request: () => ({ params: { id: 'idor-none' } }) },
  { op: 'DELETE /api/admin/payment-methods/{id}/qr', request: () => ({ params: { id: 'idor-none' } }) },
  // Customer groups (catalog.manage) and a buyer's group (customers.read / customers.manage): aimed at no group or at staff.
  { op: 'GET /api/admin/customer-groups', request: () => ({}) },
  { op: 'POST /api/admin/customer-groups', request: () => ({ body: { code: 'idor-g', nameZh: '测试', nameEn: 'Test', discountPercent: 5 } }) },
  {
    op: 'PUT /api/admin/customer-groups/{id}',
    request: () => ({ params: { id: 999_999 }, body: { code: 'idor-h', nameZh: '测试', nameEn: 'Test', discountPercent: 5 } }),
  },
  { op: 'DELETE /api/admin/customer-groups/{id}', request: () => ({ params: { id: 999_999 } }) },
  { op: 'GET /api/admin/customer-groups/{id}/prices', request: () => ({ params: { id: 999_999 } }) },
  { op: 'PUT /api/admin/customer-groups/{id}/prices', request: () => ({ params: { id: 999_999 }, body: { set: [], remove: [] } }) },
  { op: 'GET /api/admin/customers/{id}/group', request: (f) => ({ params: { id: f.a.id } }) },
  { op: 'PUT /api/admin/customers/{id}/group', request: (f) => ({ params: { id: f.admin.id }, body: { groupId: null } }) },
  // Catalog spreadsheets (catalog.sheet.routes.ts). The import's JSON body is not a file upload: 415 for staff, after the role check.
  { op: 'GET /api/admin/items/export.csv', request: () => ({ query: { keyword: 'idor' } }) },
  { op: 'GET /api/admin/items/export.xlsx', request: () => ({ query: { keyword: 'idor' } }) },
  { op: 'GET /api/admin/items/template.csv', request: () => ({}) },
  { op: 'GET /api/admin/items/template.xlsx', request: () => ({}) },
  { op: 'POST /api/admin/items/import', request: () => ({ query: { dryRun: 'true' }, body: {} }) },
  // Stock (stock.manage): the 17x17 cube, which A never orders.
  { op: 'GET /api/admin/items/{id}/stock', request: () => ({ params: { id: t.products.big } }) },
  { op: 'GET /api/admin/stock', request: () => ({ query: { stockStatus: 'low' } }) },
  { op: 'PUT /api/admin/items/{id}/stock', request: () => ({ params: { id: t.products.big }, body: { lines: [{ typeCode: '', onHand: 1000 }] } }) },
  // Catalog editing (catalog.staff.routes.ts, catalog.staff.tree.routes.ts): creates a product, category and brand of
  // its own; changes aim at ids that do not exist (404 for staff), so nothing A ordered or holds changes.
  { op: 'GET /api/admin/items', request: () => ({ query: { keyword: 'idor', archived: 'all' } }) },
  { op: 'POST /api/admin/items', request: () => ({ body: { nameZh: '越权测试', nameEn: 'IDOR probe', price: 1, ...catalogRefs } }) },
  { op: 'GET /api/admin/items/{id}', request: () => ({ params: { id: t.products.big } }) },
  {
    op: 'PUT /api/admin/items/{id}',
    request: () => ({ params: { id: 999_999_999 }, body: { nameZh: '越权测试', nameEn: 'IDOR probe', price: 1, ...catalogRefs } }),
  },
  { op: 'POST /api/admin/items/{id}/archive', request: () => ({ params: { id: 999_999_999 }, body: {} }) },
  { op: 'POST /api/admin/items/{id}/restore', request: () => ({ params: { id: 999_999_999 }, body: {} }) },
  { op: 'POST /api/admin/items/{id}/images', request: () => ({ params: { id: 999_999_999 } }) },
  { op: 'PUT /api/admin/items/{id}/images', request: () => ({ params: { id: 999_999_999 }, body: { ids: [1] } }) },
  { op: 'DELETE /api/admin/items/{id}/images/{imageId}', request: () => ({ params: { id: 999_999_999, imageId: 1 } }) },
  { op: 'GET /api/admin/search/terms', request: () => ({ query: { kind: 'zero', days: '7' } }) },
  { op: 'GET /api/admin/search/synonyms', request: () => ({}) },
  { op: 'POST /api/admin/search/synonyms', request: () => ({ body: { words: [`idor${randomUUID().slice(0, 8)}`, '越权'] } }) },
  { op: 'PUT /api/admin/search/synonyms/{id}', request: () => ({ params: { id: 999_999_999 }, body: { words: ['idor', '越权'] } }) },
  { op: 'DELETE /api/admin/search/synonyms/{id}', request: () => ({ params: { id: 999_999_999 } }) },
  { op: 'GET /api/admin/categories', request: () => ({}) },
  { op: 'POST /api/admin/categories', request: () => ({ body: { slug: `idor-${randomUUID().slice(0, 8)}`, nameZh: '越权', nameEn: 'IDOR' } }) },
  { op: 'PUT /api/admin/categories/{id}', request: () => ({ params: { id: 999_999_999 }, body: { nameEn: 'IDOR' } }) },
  { op: 'DELETE /api/admin/categories/{id}', request: () => ({ params: { id: 999_999_999 } }) },
  { op: 'GET /api/admin/brands', request: () => ({}) },
  { op: 'POST /api/admin/brands', request: () => ({ body: { slug: `idor-${randomUUID().slice(0, 8)}`, nameZh: '越权', nameEn: 'IDOR' } }) },
  { op: 'PUT /api/admin/brands/{id}', request: () => ({ params: { id: 999_999_999 }, body: { nameEn: 'IDOR' } }) },
  { op: 'POST /api/admin/brands/{id}/logo', request: () => ({ params: { id: 999_999_999 } }) },
];
/** The demo category and brand (POST /api/admin/items needs real ones). */
let catalogRefs = { categoryId: 0, supplierId: 0 };

interface SelfOnly {
  op: string;
  /** Why it takes no foreign id and acts on the caller's own data only. */
  reason: string;
  /** A valid request of the caller, with A's ids smuggled in where a careless handler might read them. */
  request: (f: Fixture) => Request;
  /** True when an answer shows A's things that carry no marker (ids, quantities). */
  shows?: (body: Json, f: Fixture) => boolean;
}

const rows = (body: Json): { id?: number; itemId?: number }[] => (Array.isArray(body?.data) ? body.data : []);

const smuggled = (f: Fixture) => ({ userId: f.a.id, uid: f.a.id, id: f.a.id });

const SELF_ONLY: SelfOnly[] = [
  { op: 'GET /api/user', reason: "the caller's own account", request: (f) => ({ query: smuggled(f) }) },
  {
    op: 'PUT /api/user',
    reason: "updates the caller's own profile",
    request: (f) => ({ body: { name: 'Mallory Intruder', ...smuggled(f), account: f.a.account } }),
  },
  {
    op: 'PUT /api/user/reset-pwd',
    reason: "changes the caller's own password (needs the current one)",
    request: (f) => ({ body: { oldPassword: PASSWORD, newPassword: PASSWORD, ...smuggled(f) } }),
  },
  {
    op: 'GET /api/user/subscribe/code',
    reason: 'sends a code to the address given; only the code proves it, and subscribing applies to the caller',
    request: (f) => ({ query: { email: f.a.email, ...smuggled(f) } }),
  },
  {
    op: 'POST /api/user/subscribe',
    reason: "subscribes the caller's own account, with a code sent to the address",
    request: (f) => ({ body: { email: f.a.email, otp: '000000', ...smuggled(f) } }),
  },
  { op: 'DELETE /api/user/subscribe', reason: "unsubscribes the caller's own account", request: (f) => ({ query: smuggled(f) }) },
  { op: 'POST /api/authn/signout', reason: 'revokes only the token the request carries', request: (f) => ({ query: smuggled(f) }) },
  {
    op: 'GET /api/favorites',
    reason: "the caller's own favourites",
    request: (f) => ({ query: smuggled(f) }),
    shows: (body, f) => rows(body).some((p) => p.id === f.favoriteItemId),
  },
  {
    op: 'POST /api/favorites',
    reason: "adds a public product to the caller's own favourites",
    request: (f) => ({ body: { itemId: t.products.sticker, ...smuggled(f) } }),
  },
  {
    op: 'GET /api/cart/items',
    reason: "the caller's own cart",
    request: (f) => ({ query: smuggled(f) }),
    shows: (body, f) => rows(body).some((l) => l.id === f.cartLineId || l.id === f.spareCartLineId),
  },
  {
    op: 'POST /api/cart/items',
    reason: "adds a public product to the caller's own cart",
    request: (f) => ({ body: { itemId: t.products.sticker, quantity: 1, ...smuggled(f) } }),
  },
  {
    op: 'GET /api/cart/info',
    reason: "totals of the caller's own cart",
    request: (f) => ({ query: smuggled(f) }),
    shows: (body: { pieceCount?: number }) => (body?.pieceCount ?? 0) >= SPARE_QUANTITY,
  },
  {
    op: 'GET /api/cart/info/express-fee',
    reason: "shipping quote for the caller's own cart",
    request: (f) => ({ query: { deliveryRegionId: 'US', expressMethod: 'dhl', ...smuggled(f) } }),
  },
  {
    op: 'GET /api/cart/info/express-fees',
    reason: "every method's quote for the caller's own cart",
    request: (f) => ({ query: { deliveryRegionId: 'US', ...smuggled(f) } }),
  },
  { op: 'GET /api/address', reason: "the caller's own addresses", request: (f) => ({ query: smuggled(f) }) },
  { op: 'POST /api/address', reason: 'adds an address to the caller', request: (f) => ({ body: { ...ADDRESS, ...smuggled(f) } }) },
  {
    op: 'GET /api/orders',
    reason: "the caller's own orders",
    request: (f) => ({ query: smuggled(f) }),
    shows: (body, f) => rows(body).some((o) => o.id === f.orderId),
  },
  { op: 'POST /api/groups/joined', reason: 'the conversations the caller is in', request: (f) => ({ query: smuggled(f) }) },
  {
    op: 'GET /api/quotes',
    reason: "the caller's own quotes",
    request: (f) => ({ query: smuggled(f) }),
    shows: (body, f) => rows(body).some((q) => q.id === f.quoteId),
  },
  { op: 'POST /api/quotes', reason: "asks for a quote for the caller's own cart", request: (f) => ({ body: { message: 'a quote please', ...smuggled(f) } }) },
];

// ---------------------------------------------------------------------------------------------

let t: ShopApp;
/** PayPal online is on (a local stand-in), so A may pay A's PayPal order. */
let paypal: PayPalStandIn;
let operations: Map<string, ApiOperation>;
let f: Fixture;
let anonymousToken: string;
const attempts = { total: 0, owned: 0, staff: 0, selfOnly: 0 };
const started = Date.now();

async function person(name: string, admin = false): Promise<Person> {
  const account = `${name}_${randomBytes(3).toString('hex')}`;
  const email = `${account}@example.com`;
  const user = await t.services.account.createUser({ account, email, password: PASSWORD, name: account, role: admin ? 'owner' : null });
  return { id: user.id, account, email, token: await t.services.authn.issueUserToken(user.id) };
}

/** Letters only, so it fits every text field (names, addresses, comments). */
function marker(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `Qz${Array.from(randomBytes(10), (b) => letters[b % 26]).join('')}`;
}

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await createShopApp({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_API_URL: paypal.url });
  operations = new Map((await apiOperations(t)).map((op) => [op.key, op]));
  const a = await person('alice');
  const b = await person('bob');
  const admin = await person('staff', true);
  const mark = marker();
  const asA = shopClient(t, a.token);
  const ok = (res: { status: number; body: Json }, what: string) => {
    if (res.status >= 300) throw new Error(`set-up: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  ok(await asA('PUT', '/api/user', { body: { name: `Alice ${mark}`, nickname: mark } }), 'profile');
  const timerLine = ok(await asA('POST', '/api/cart/items', { body: { itemId: t.products.timer, quantity: 2 } }), 'cart').id as number;
  const cartLineId = ok(await asA('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } }), 'cart').id as number;
  const address = ok(
    await asA('POST', '/api/address', { body: { ...ADDRESS, deliveryUser: `Alice ${mark}`, deliveryCompany: mark, asDefault: true } }),
    'address',
  );
  const other = ok(await asA('POST', '/api/address', { body: { ...ADDRESS, deliveryUser: `Alice ${mark}`, deliveryAddress: `2 ${mark} Road` } }), 'address');
  const order = ok(
    await asA('POST', '/api/orders', {
      body: orderPayload({ cartItemIds: [timerLine], comment: `for ${mark}`, deliveryUser: `Alice ${mark}`, payMethod: 'paypal' }),
      headers: { 'idempotency-key': randomUUID() },
    }),
    'order',
  );
  const lines = ok(await asA('GET', '/api/order/items', { query: { orderId: order.id } }), 'order lines');
  const spare = ok(await asA('POST', '/api/cart/items', { body: { itemId: t.products.sticker, quantity: SPARE_QUANTITY } }), 'cart');
  ok(await asA('POST', '/api/favorites', { body: { itemId: t.products.cube } }), 'favourite');
  // A refused request (so A may ask again at the end) with a photo (a 1x1 PNG).
  const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const asked = ok(await asA('POST', `/api/orders/${order.id}/requests`, { body: { kind: 'cancel', reason: `for ${mark}`, photos: [pixel] } }), 'request');
  const requestId = asked.data[0].id as number;
  const quote = ok(await asA('POST', '/api/quotes', { body: { message: `prices for ${mark}`, cartItemIds: [cartLineId] } }), 'quote');
  const spareQuote = ok(await asA('POST', '/api/quotes', { body: { message: `more prices for ${mark}`, cartItemIds: [cartLineId] } }), 'quote');
  await t.services.aftersales.decide({ id: admin.id, name: 'staff', role: 'owner' }, requestId, { decision: 'refuse', note: 'kept' });
  const actor = { uid: a.id, uname: `Alice ${mark}`, agent: false, language: 'en' as const };
  const { group } = await t.services.chat.service.openForBuyer(actor);
  await t.services.chat.service.send(actor, { gid: group.gid, content: `my secret is ${mark}` });
  await t.services.chat.service.send(actor, { gid: group.gid, image: pixel });
  const chatImage = (await t.services.chat.service.history(group.gid, 0, 50)).find((m) => m.kind === 'image')!.image!;
  anonymousToken = ok(await shopClient(t, undefined)('GET', '/api/authn/anonymous/token'), 'anonymous token').token as string;
  const refs = await t.services.catalog.writes.slugIds();
  catalogRefs = { categoryId: refs.categories.get('cubes')!, supplierId: refs.suppliers.get('orbit')! };
  f = {
    a,
    b,
    admin,
    mark,
    orderId: order.id as number,
    orderLineId: lines.data[0].id as number,
    cartLineId,
    spareCartLineId: spare.id as number,
    addressId: address.id as number,
    otherAddressId: other.id as number,
    favoriteItemId: t.products.cube,
    orderedItemId: t.products.timer,
    gid: group.gid,
    chatImage,
    requestId,
    quoteId: quote.id as number,
    spareQuoteId: spareQuote.id as number,
    orderedCubeId: t.products.cube,
  };
  // A's first quote is priced and sent (staff, through the service), so A may accept it.
  const owner = { id: admin.id, name: 'staff', role: 'owner' as const };
  await t.services.quotes.update(owner, f.quoteId, quotePrices(f), 'en');
  await t.services.quotes.send(owner, f.quoteId, 'en');
}, 120_000);

afterAll(async () => {
  console.log(
    `idor (${TEST_DB_KIND}): ${attempts.total} attempts (${attempts.owned} on owned resources, ${attempts.staff} on staff endpoints, ` +
      `${attempts.selfOnly} on self-only routes), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await t?.close();
  await paypal?.close();
});

function operation(key: string): ApiOperation {
  const op = operations.get(key);
  if (!op) throw new Error(`${key} is in a table but not in the OpenAPI document`);
  return op;
}

interface Answer {
  status: number;
  text: string;
  body: Json;
}

async function call(op: ApiOperation, token: string | undefined, request: Request): Promise<Answer> {
  const headers: Record<string, string> = { 'x-lang-type': 'en', 'x-price-type': 'CNY', 'idempotency-key': randomUUID() };
  if (token) headers.authorization = `Bearer ${token}`;
  const query = Object.entries(request.query ?? {});
  const url =
    fillPath(op.path, request.params ?? {}) +
    (query.length ? `?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '');
  const options: InjectOptions = { method: op.method, url, headers, remoteAddress: randomIp() };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(request.body);
  }
  const res = await t.app.inject(options);
  let body: Json;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, text: res.body, body };
}

/** The three strangers, each with a fresh token (a sign-out in one attempt does not blunt the next). */
async function strangers(): Promise<{ who: Who; token: string | undefined }[]> {
  return [
    { who: 'buyer B', token: await t.services.authn.issueUserToken(f.b.id) },
    { who: 'anonymous token', token: anonymousToken },
    { who: 'no token', token: undefined },
  ];
}

/** Everything A can see of A's own things, plus A's conversation as the chat stores it. */
async function stateOfA(): Promise<string> {
  const asA = shopClient(t, f.a.token);
  const parts: unknown[] = [];
  for (const url of [
    '/api/user',
    '/api/address',
    '/api/cart/items',
    '/api/favorites',
    '/api/orders',
    '/api/order/items',
    `/api/orders/${f.orderId}`,
    `/api/orders/${f.orderId}/requests`,
    `/api/quotes/${f.quoteId}`,
  ]) {
    const res = await asA('GET', url);
    parts.push(url, res.status, res.body);
  }
  // waitingMs counts up while the buyer waits; everything else of the conversation must stay.
  const steady = (g: object | null) => (g ? { ...g, waitingMs: undefined } : g);
  parts.push('chat', steady(await t.services.chat.service.getGroup(f.gid)), (await t.services.chat.service.listJoined(f.a.id)).map(steady));
  return JSON.stringify(parts);
}

function excerpt(text: string) {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** What is wrong with an answer to a stranger, whatever the status: A's data, internals, a bad error shape. */
function answerProblems(answer: Answer): string[] {
  const out: string[] = [];
  if (answer.status >= 500) out.push('5xx');
  for (const secret of [f.mark, f.a.account, f.a.email])
    if (answer.text.includes(secret)) out.push(`shows A's data (${secret === f.mark ? 'marker' : secret})`);
  const leak = leakIn(answer.text);
  if (leak) out.push(`shows a ${leak}`);
  if (answer.status >= 400) {
    const shape = errorShapeProblem(answer.text);
    if (shape) out.push(shape);
  }
  return out;
}

// Every secured route times every kind of caller: the sweeps take a while on a busy machine.
describe(`access control (${TEST_DB_KIND})`, { timeout: 180_000 }, () => {
  it('covers every operation that declares security in exactly one table, and the tables name real operations', () => {
    const problems: string[] = [];
    const listed = new Map<string, string[]>();
    const note = (key: string, table: string) => listed.set(key, [...(listed.get(key) ?? []), table]);
    for (const e of OWNED) note(e.op, 'OWNED');
    for (const e of STAFF) note(e.op, 'STAFF');
    for (const e of SELF_ONLY) note(e.op, 'SELF_ONLY');
    for (const [key, tables] of listed) {
      if (!operations.has(key)) problems.push(`${key} is listed in ${tables.join(', ')} but is not in the OpenAPI document`);
      const op = operations.get(key);
      // Public operations may appear in OWNED (they can show the caller's own flags); STAFF and SELF_ONLY need a token.
      if (op && !hasSecurity(op) && !tables.every((x) => x === 'OWNED')) problems.push(`${key} is in ${tables.join(', ')} but declares no security`);
      if (new Set(tables).size > 1) problems.push(`${key} is in more than one table: ${tables.join(', ')}`);
    }
    for (const op of operations.values()) {
      if (hasSecurity(op) && !listed.has(op.key)) {
        problems.push(`${op.key} declares security but is in none of OWNED (with how to find the owner's id), STAFF or SELF_ONLY (with a reason)`);
      }
    }
    expect(problems.length, `${problems.length} problems:\n${problems.join('\n')}\n`).toBe(0);
  });

  it("never lets buyer B, an anonymous token or no token read or change buyer A's resources", async () => {
    const problems: string[] = [];
    let before = await stateOfA();
    for (const entry of OWNED) {
      const op = operation(entry.op);
      for (const { who, token } of await strangers()) {
        const request = entry.request(f);
        const answer = await call(op, token, request);
        attempts.total++;
        attempts.owned++;
        const expected = who === 'buyer B' ? (entry.stranger ?? [404]) : (entry.signedOut ?? [401, 403]);
        const wrong = answerProblems(answer);
        if (!expected.includes(answer.status)) wrong.push(`status ${answer.status}, expected ${expected.join(' or ')}`);
        if (entry.shows?.(answer.body, f)) wrong.push("shows A's data");
        if (entry.kind === 'write') {
          const after = await stateOfA();
          if (after !== before) {
            wrong.push("changed A's data");
            before = after;
          }
        }
        if (wrong.length) problems.push(`${entry.op} (${entry.resource}) as ${who}: ${wrong.join('; ')}: ${excerpt(answer.text)}`);
      }
    }
    // Nothing of A's came over to B: B placed no order and no line of A's order is in B's cart.
    const asB = shopClient(t, await t.services.authn.issueUserToken(f.b.id));
    const bOrders = await asB('GET', '/api/orders');
    if (bOrders.body?.data?.length) problems.push(`B has orders after the sweep: ${excerpt(JSON.stringify(bOrders.body))}`);
    const bCart = await asB('GET', '/api/cart/items');
    if ((bCart.body?.data ?? []).some((l: { itemId: number }) => l.itemId === f.orderedItemId))
      problems.push("B's cart holds the product of A's order (a reorder of A's order went through)");
    expect(problems.length, `${problems.length} problems:\n${problems.join('\n')}\n`).toBe(0);
  });

  it('answers 403 to buyers and 401 to anonymous callers on every staff endpoint', async () => {
    const problems: string[] = [];
    let before = await stateOfA();
    for (const entry of STAFF) {
      const op = operation(entry.op);
      if (!declaresSecurity(op)) problems.push(`${entry.op} is a staff endpoint but does not declare bearer security`);
      const callers: { who: string; token: string | undefined; expected: number }[] = [
        { who: 'buyer A', token: f.a.token, expected: 403 },
        ...(await strangers()).map((s) => ({ ...s, expected: s.who === 'buyer B' ? 403 : 401 })),
      ];
      for (const { who, token, expected } of callers) {
        const answer = await call(op, token, entry.request(f));
        attempts.total++;
        attempts.staff++;
        const wrong = answerProblems(answer).filter((p) => !(who === 'buyer A' && p.startsWith("shows A's data")));
        if (answer.status !== expected) wrong.push(`status ${answer.status}, expected ${expected}`);
        const after = await stateOfA();
        if (after !== before) {
          wrong.push("changed A's conversation or data");
          before = after;
        }
        if (wrong.length) problems.push(`${entry.op} as ${who}: ${wrong.join('; ')}: ${excerpt(answer.text)}`);
      }
      // The request itself is valid: an admin gets past validation (so the 403s above are about the role).
      const asAdmin = await call(op, f.admin.token, entry.request(f));
      if (asAdmin.status === 400 || asAdmin.status === 401 || asAdmin.status === 403 || asAdmin.status >= 500) {
        problems.push(`${entry.op} as admin: ${asAdmin.status} (the table's request should be valid for staff): ${excerpt(asAdmin.text)}`);
      }
      before = await stateOfA();
    }
    expect(problems.length, `${problems.length} problems:\n${problems.join('\n')}\n`).toBe(0);
  });

  it("acts on the caller only on self-only routes, whatever ids of A's are smuggled in", async () => {
    const problems: string[] = [];
    let before = await stateOfA();
    for (const entry of SELF_ONLY) {
      const op = operation(entry.op);
      for (const { who, token } of await strangers()) {
        const answer = await call(op, token, entry.request(f));
        attempts.total++;
        attempts.selfOnly++;
        const wrong = answerProblems(answer);
        if (entry.shows?.(answer.body, f)) wrong.push("shows A's data");
        if (who !== 'buyer B' && declaresSecurity(op) && answer.status !== 401 && answer.status !== 403)
          wrong.push(`status ${answer.status}, expected 401 or 403`);
        const after = await stateOfA();
        if (after !== before) {
          wrong.push("changed A's data");
          before = after;
        }
        if (wrong.length) problems.push(`${entry.op} as ${who}: ${wrong.join('; ')}: ${excerpt(answer.text)}`);
      }
    }
    expect(problems.length, `${problems.length} problems:\n${problems.join('\n')}\n`).toBe(0);
  });

  it("lets A do everything in the OWNED table (the table's ids are A's and real)", async () => {
    const problems: string[] = [];
    for (const entry of OWNED) {
      const answer = await call(operation(entry.op), f.a.token, entry.request(f));
      if (answer.status >= 300) problems.push(`${entry.op} as A: ${answer.status}: ${excerpt(answer.text)}`);
      else if (entry.kind === 'read' && !entry.shows && !answer.text.includes(f.mark) && !answer.text.includes(String(entry.request(f).params?.id ?? ''))) {
        problems.push(`${entry.op} as A does not show A's data: ${excerpt(answer.text)}`);
      } else if (entry.shows && !entry.shows(answer.body, f))
        problems.push(`${entry.op} as A: the check for A's data does not see it: ${excerpt(answer.text)}`);
    }
    expect(problems.length, `${problems.length} problems:\n${problems.join('\n')}\n`).toBe(0);
  });
});
