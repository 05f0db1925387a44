import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCan, type TChatBuyer } from '@cubeshop/shared';
import { createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../test/shop.js';

// The customer-service role answers the chat and nothing more (docs/orders.md, Back office; the
// CLI's "service: chat only"): it may not list customers or open a buyer's page (e-mails, phones,
// addresses), and in a conversation it serves it sees the buyer's name and orders' status, which
// is what answering "where is my order?" needs. Another agent who does not serve the
// conversation sees nothing of that buyer.
let t: ShopApp;
let service: ShopCall;
let serviceId: number;
let otherService: ShopCall;
let buyerId: number;
let buyerEmail: string;
let orderId: number;
let gid: string;

beforeAll(async () => {
  t = await createShopApp();
  const staff = async (name: string) => {
    const user = await t.services.account.createUser({ account: `${name}_${randomBytes(3).toString('hex')}`, name, role: 'service' });
    return { id: user.id, call: shopClient(t, await t.services.authn.issueUserToken(user.id)) };
  };
  const agent = await staff('agent');
  service = agent.call;
  serviceId = agent.id;
  otherService = (await staff('other')).call;
  buyerEmail = `buyer_${randomBytes(4).toString('hex')}@example.com`;
  const buyer = await t.services.account.createUser({
    account: `b_${randomBytes(4).toString('hex')}`,
    email: buyerEmail,
    mobile: '13912345678',
    name: 'Li Wei',
  });
  buyerId = buyer.id;
  const b = shopClient(t, await t.services.authn.issueUserToken(buyer.id));
  expect((await b('POST', '/api/cart/items', { body: { itemId: t.products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  const placed = await b('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  orderId = placed.body.id as number;
  const { group } = await t.services.chat.service.openForBuyer({ uid: buyer.id, uname: 'Li Wei', agent: false, language: 'en' });
  gid = group.gid;
  await t.services.chat.service.accept({ uid: agent.id, uname: 'agent', agent: true, language: 'en' }, gid);
});
afterAll(() => t.close());

describe('the customer-service role', () => {
  it('has the chat and no customer data', () => {
    expect(staffCan('service', 'chat')).toBe(true);
    expect(staffCan('service', 'customers.read')).toBe(false);
    expect(staffCan('service', 'orders.read')).toBe(false);
  });

  it("may not list customers, open a buyer, search the order queue or read a buyer's group", async () => {
    for (const url of [
      '/api/admin/customers',
      `/api/admin/customers?q=${encodeURIComponent(buyerEmail)}`,
      `/api/admin/customers/${buyerId}`,
      `/api/admin/customers/${buyerId}/group`,
      '/api/admin/orders',
      `/api/admin/orders/${orderId}`,
    ]) {
      const res = await service('GET', url);
      expect(res.status, url).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(buyerEmail);
    }
  });

  it("sees the name and orders' status of the buyer it serves, without contact data", async () => {
    const res = await service<TChatBuyer>('GET', `/api/groups/${gid}/buyer`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ uid: buyerId, name: 'Li Wei', orders: [{ id: orderId, status: 'confirm', paymentStatus: 'unpaid', currency: 'CNY' }] });
    const text = JSON.stringify(res.body);
    for (const contact of [buyerEmail, '13912345678', 'Market Street', '555-0100', '(415)']) expect(text).not.toContain(contact);
    // An agent who does not serve the conversation: 404, as for one that does not exist.
    expect((await otherService('GET', `/api/groups/${gid}/buyer`)).status).toBe(404);
    expect((await service('GET', `/api/groups/${randomUUID()}/buyer`)).status).toBe(404);
    // Once the agent leaves, the buyer's orders are gone from it too.
    await t.services.chat.service.leave({ uid: serviceId, uname: 'agent', agent: true, language: 'en' }, gid);
    expect((await service('GET', `/api/groups/${gid}/buyer`)).status).toBe(404);
  });
});
