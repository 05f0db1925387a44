import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, apiClient, randomIp, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';

// The newsletter code (GET /api/user/subscribe/code?email=E) is the one code a signed-in buyer
// sends to an address of their choosing (docs/accounts.md, Codes to an address a buyer types).
// Besides the limits of every code, one account may ask for 5 an hour and for 3 different
// addresses a day, from whatever network; the answer never tells whose address it is; and the
// mail carries nothing the asker wrote.
let mailbox: Mailbox;
let t: TestApp;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function buyer(name: string): Promise<string> {
  const user = await t.services.account.createUser({ account: `buyer_${randomBytes(4).toString('hex')}`, name, email: uniqueEmail('buyer') });
  return t.services.authn.issueUserToken(user.id);
}

/** Every request from another network, so only the account's own limit can stop it. */
const ask = (token: string, email: string) => apiClient(t)('GET', '/api/user/subscribe/code', { token, query: { email }, ip: randomIp() });

describe('newsletter codes to an address a buyer types', () => {
  it('sends at most 3 different addresses a day and 5 codes an hour per account, whatever the network', async () => {
    const mallory = await buyer('<b>Mallory</b> http://ev.il');
    const targets = [uniqueEmail('victim'), uniqueEmail('victim'), uniqueEmail('victim'), uniqueEmail('victim')];
    for (const email of targets.slice(0, 3)) {
      const res = await ask(mallory, email);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const mail = await mailbox.next(email);
      expect(mail.subject).toContain('newsletter');
      expect(mail.text + mail.html).not.toMatch(/Mallory|ev\.il/);
    }
    // A fourth address the same day: refused, nothing sent.
    const fourth = await ask(mallory, targets[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(String(fourth.body.desc)).toContain('Your account asked for too many codes');
    expect((fourth.body.details as { retryAfter: number }).retryAfter).toBeGreaterThan(3600);
    // The same three addresses again (after the 60 s between codes): two more codes make 5 this hour, the 6th is refused.
    advanceClock(t, 61_000);
    expect((await ask(mallory, targets[0]!)).status).toBe(200);
    expect((await ask(mallory, targets[1]!)).status).toBe(200);
    const sixth = await ask(mallory, targets[2]!);
    expect(sixth.status).toBe(429);
    expect((sixth.body.details as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(3600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.messages.filter((m) => m.rcptTo.includes(targets[3]!))).toEqual([]);
    expect(mailbox.messages.filter((m) => m.rcptTo.includes(targets[2]!))).toHaveLength(1);

    // Another buyer is not held back by Mallory's limits, and subscribes with the code.
    const ada = await buyer('Ada');
    const own = uniqueEmail('ada');
    expect((await ask(ada, own)).status).toBe(200);
    const otp = await mailbox.nextCode(own);
    const subscribed = await apiClient(t)('POST', '/api/user/subscribe', { token: ada, body: { email: own, otp } });
    expect(subscribed.body).toMatchObject({ ok: true, subscribeEmail: own });
  });

  it('answers the same whether the address belongs to an account or not', async () => {
    const asker = await buyer('Asker');
    const taken = uniqueEmail('taken');
    await t.services.account.createUser({ account: taken, email: taken, name: 'Owner' });
    const free = uniqueEmail('free');
    const a = await ask(asker, taken);
    const b = await ask(asker, free);
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
  });
});
