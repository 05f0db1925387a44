import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, captureSms, randomIp, uniqueEmail, uniqueMobile } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// Races between connections need a PostgreSQL server (PGlite runs one statement at a time).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('one-time codes under concurrent requests (postgres)', () => {
  it('sends one code when ten requests for one address arrive at once', async () => {
    const sms = captureSms(t);
    const mobile = uniqueMobile();
    const api = apiClient(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => api('GET', '/api/authn/signup/code', { query: { mobile }, ip: randomIp() })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => typeof (r.body.details as { retryAfter?: number }).retryAfter === 'number')).toBe(true);
    expect(sms.sent.filter((m) => m.to === `+86${mobile}`)).toHaveLength(1);
  });

  it('takes a right code once when it is sent ten times at once', async () => {
    const sms = captureSms(t);
    const mobile = uniqueMobile();
    const api = apiClient(t);
    await api('GET', '/api/authn/signup/code', { query: { mobile } });
    const otp = sms.lastCode(mobile);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api('POST', '/api/authn/signup', { body: { mobile, name: `Racer ${i}`, otp, regionId: 'CN' }, ip: randomIp() })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
  });

  it('creates one user when two sign-ups race for one account name (the unique index decides)', async () => {
    const results = await Promise.all(
      [uniqueEmail('race'), uniqueEmail('race')].map((email) =>
        t.services.account
          .createUser({ email, account: 'race_account', name: 'R' })
          .then(() => 'ok')
          .catch((err: Error & { details?: { field?: string; rule?: string } }) => `${err.details?.field}:${err.details?.rule}`),
      ),
    );
    expect(results.sort()).toEqual(['account:exists', 'ok']);
  });
});
