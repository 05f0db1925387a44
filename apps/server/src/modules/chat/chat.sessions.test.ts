// A session that ends, ends on every channel: the chat sockets opened with its token close with
// 4401 within 2 s of sign-out, a password change or reset, or the token's expiry.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES, SESSION_IDLE_DAYS } from '@cubeshop/shared';
import { hashToken } from '../../lib/tokens.js';
import { ChatTestClient, isEvent, makeUser, sleep, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';
import { TEST_DB_KIND } from '../../test/harness.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';

let cluster: ChatCluster;
let app: ChatInstance;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  cluster = await startCluster({ count: 1, env: { SMTP_URL: mailbox.url } });
  app = cluster.instances[0]!;
});
afterAll(async () => {
  await cluster?.close();
  await mailbox?.close();
});

/** Within this long of the session ending, its sockets are closed. */
const WITHIN_MS = 2_000;

async function open(token: string) {
  const socket = await ChatTestClient.connect(app.wsUrl, { token, language: 'en' });
  await socket.waitFor(isEvent('session'));
  return socket;
}

async function closedWith(socket: ChatTestClient, timeout = WITHIN_MS): Promise<number> {
  const deadline = Date.now() + timeout;
  while (socket.closeCode === null && Date.now() < deadline) await sleep(20);
  return socket.closeCode ?? -1;
}

const call = (method: 'POST' | 'PUT' | 'GET', url: string, token?: string, payload?: Record<string, unknown>) =>
  app.app.inject({ method, url, headers: { 'x-lang-type': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });

describe(`chat sockets end with their session (${TEST_DB_KIND})`, () => {
  it('sign-out closes the sockets of that token with 4401; the same user on another token and other users stay', async () => {
    const buyer = await makeUser(app);
    const otherDevice = await app.services.authn.issueUserToken(buyer.user.id);
    const someoneElse = await makeUser(app);
    const a = await open(buyer.token);
    const a2 = await open(buyer.token);
    const b = await open(otherDevice);
    const c = await open(someoneElse.token);

    expect((await call('POST', '/api/authn/signout', buyer.token)).statusCode).toBe(200);
    expect(await closedWith(a)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    expect(await closedWith(a2)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    await sleep(200);
    expect(b.closeCode).toBeNull();
    expect(c.closeCode).toBeNull();
    // The ended token cannot open a new socket.
    expect(await ChatTestClient.upgradeStatus(ChatTestClient.url(app.wsUrl, { token: buyer.token }))).toBe(401);
    for (const s of [b, c]) s.ws.close();
  });

  it("a password change closes the user's other sessions' sockets, not the one that changed it", async () => {
    const buyer = await makeUser(app);
    const laptop = await app.services.authn.issueUserToken(buyer.user.id);
    const here = await open(buyer.token);
    const there = await open(laptop);
    const res = await call('PUT', '/api/user/reset-pwd', buyer.token, { oldPassword: 'Secret12', newPassword: 'Changed34' });
    expect(res.statusCode).toBe(200);
    expect(await closedWith(there)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    await sleep(200);
    expect(here.closeCode).toBeNull();
    here.ws.close();
  });

  it('a password reset by code closes every socket of the user', async () => {
    const email = `reset.${Date.now()}@example.com`;
    const user = await app.services.account.createUser({ account: `reset_${Date.now() % 1e6}`, password: 'Secret12', name: 'R', email });
    const phone = await open(await app.services.authn.issueUserToken(user.id));
    const desk = await open(await app.services.authn.issueUserToken(user.id));
    expect((await call('GET', `/api/authn/password/code?email=${encodeURIComponent(email)}`)).statusCode).toBe(200);
    const otp = await mailbox.nextCode(email);
    expect((await call('POST', '/api/authn/password', undefined, { email, otp, password: 'NewPass56' })).statusCode).toBe(200);
    expect(await closedWith(phone)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    expect(await closedWith(desk)).toBe(CHAT_CLOSE_CODES.sessionEnded);
  });

  it('a token that expires while its socket is open closes it; one used meanwhile keeps it', async () => {
    const idleMs = SESSION_IDLE_DAYS * 24 * 3600_000;
    const { db } = app.services.database;
    const expiring = await makeUser(app);
    const renewed = await makeUser(app);
    // Opening a socket uses the token; afterwards both are made last-used 30 days ago less 1 s
    // (they expire 1 s from now), and the sockets learn it at a check.
    const dying = await open(expiring.token);
    const living = await open(renewed.token);
    for (const token of [expiring.token, renewed.token]) {
      await db.execute(
        sql`update auth_tokens set last_used_at = now() - make_interval(secs => ${(idleMs - 1_000) / 1000}) where token_hash = ${hashToken(token)}`,
      );
    }
    await app.services.chat.sessionWatch.checkNow();
    expect(dying.closeCode).toBeNull();
    // The second one is used again (any request with it) before it expires.
    await db.execute(sql`update auth_tokens set last_used_at = now() where token_hash = ${hashToken(renewed.token)}`);
    expect(await closedWith(dying, 1_000 + WITHIN_MS)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    await sleep(1_500);
    expect(living.closeCode).toBeNull();
    living.ws.close();
  });

  it('a revocation that was never announced (another tool wrote it) still ends the socket at the next check', async () => {
    const buyer = await makeUser(app);
    const socket = await open(buyer.token);
    await app.services.database.db.execute(sql`update auth_tokens set revoked_at = now() where token_hash = ${hashToken(buyer.token)}`);
    await sleep(100);
    expect(socket.closeCode).toBeNull();
    await app.services.chat.sessionWatch.checkNow();
    expect(await closedWith(socket)).toBe(CHAT_CLOSE_CODES.sessionEnded);
  });

  it('a closed socket acts on nothing it sent after the close', async () => {
    const buyer = await makeUser(app);
    const socket = await open(buyer.token);
    const gid = (await socket.waitFor(isEvent('group'))).group.gid;
    await socket.waitFor(isEvent('synced'));
    await call('POST', '/api/authn/signout', buyer.token);
    socket.send({ gid, content: 'sent after sign-out' });
    expect(await closedWith(socket)).toBe(CHAT_CLOSE_CODES.sessionEnded);
    await sleep(200);
    const history = await app.services.chat.service.history(gid, 0, 100);
    expect(history.map((m) => m.content)).not.toContain('sent after sign-out');
  });
});
