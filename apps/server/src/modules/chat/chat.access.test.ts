import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, staffCan, type TChatGroup, type TStaffRole } from '@cubeshop/shared';
import { apiOperations } from '../../test/openapi.js';
import { createShopApp, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// The customer-service console's routes are staff routes like the others (docs/orders.md, Back
// office): each checks the `chat` capability on the server before it reads the request, so a
// caller whose role does not answer the chat (a buyer, a staff member whose role was taken away)
// is refused with 403 and every role that has it may call them.

const CS_ROUTES = [
  'GET /api/groups/waiting',
  'GET /api/groups/serving',
  'GET /api/groups/admin',
  'POST /api/groups/join',
  'POST /api/groups/leave',
  'POST /api/groups/invite',
];

let t: ShopApp;
const callers = new Map<TStaffRole | 'buyer', { id: number; call: ShopCall }>();

beforeAll(async () => {
  t = await createShopApp();
  const make = async (name: string, role: TStaffRole | null) => {
    const user = await t.services.account.createUser({ account: `${name}_${randomBytes(3).toString('hex')}`, name, role });
    return { id: user.id, call: shopClient(t, await t.services.authn.issueUserToken(user.id)) };
  };
  callers.set('buyer', await make('buyer', null));
  for (const role of STAFF_ROLES) callers.set(role, await make(role, role));
});
afterAll(() => t.close());

describe('customer-service routes', () => {
  it('declare the chat capability, as the other staff routes declare theirs', async () => {
    const access = new Map((await apiOperations(t)).map((op) => [op.key, (op.spec as Record<string, unknown>)['x-access']]));
    for (const key of CS_ROUTES) expect(access.get(key), key).toBe('staff:chat');
  });

  it('refuse a caller without the capability, before reading the request, and let every role with it in', async () => {
    for (const [who, { call }] of callers) {
      const may = who !== 'buyer' && staffCan(who, 'chat');
      for (const url of ['/api/groups/waiting', '/api/groups/serving', '/api/groups/admin']) {
        const res = await call('GET', url);
        expect(res.status, `${who} ${url}`).toBe(may ? 200 : 403);
        if (!may) expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
      }
      // A broken body: 403 for a caller without the right (it learns nothing of the route's rules), 400 for one with it.
      const broken = await call('POST', '/api/groups/join', { body: { gid: 12 } });
      expect(broken.status, `${who} join`).toBe(may ? 400 : 403);
    }
  });

  it('serve a waiting buyer for a role with the capability; the same staff member is refused once the role is taken away', async () => {
    const buyer = callers.get('buyer')!;
    const { group } = await t.services.chat.service.openForBuyer({ uid: buyer.id, uname: 'buyer', agent: false, language: 'en' });
    const agent = callers.get('service')!;
    const waiting = await agent.call<TChatGroup[]>('GET', '/api/groups/waiting');
    expect(waiting.body.map((g) => g.gid)).toContain(group.gid);
    const joined = await agent.call<TChatGroup>('POST', '/api/groups/join', { body: { gid: group.gid } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.agents.map((a) => a.uid)).toEqual([agent.id]);
    // The buyer cannot act as an agent on its own conversation.
    expect((await buyer.call('POST', '/api/groups/leave', { body: { gid: group.gid } })).status).toBe(403);

    await t.services.account.setRole(agent.id, null);
    expect((await agent.call('GET', '/api/groups/serving')).status).toBe(403);
    expect((await agent.call('POST', '/api/groups/leave', { body: { gid: group.gid } })).status).toBe(403);
  });
});
