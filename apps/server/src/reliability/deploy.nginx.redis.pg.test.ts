// The tested deployment (docs/deploy.md): deploy/nginx/cubeshop.conf, rendered with this test's
// ports and certificate, in front of two real server processes on one PostgreSQL database, one
// Redis and one S3 bucket. Everything a client does goes through nginx's HTTPS port:
// sign-in, the chat across both instances, a picture uploaded through one and shown by the
// other, and a rolling restart (each instance SIGTERMed, restarted on its port and waited for in
// turn) under a steady load of reads that must not see one failure.
// Collected only in the PostgreSQL pass with Redis and an nginx binary (apps/server/vitest.config.ts).
// Over 400 lines: one journey told in order, with the reconnecting chat client and the load
// generator only it uses.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { Agent, FormData, fetch, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_CODES, CHAT_RECONNECT_ATTEMPTS, CHAT_RECONNECT_DELAY_MS, formatChatSince, type TChatMessageFrame } from '@cubeshop/shared';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { ChatTestClient, isEvent, redisAvailable, sleep, TEST_REDIS_URL } from '../test/chat-harness.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { startNginx, type Nginx } from '../test/nginx.js';
import { startS3 } from '../test/s3.js';
import { freePort, startServerProcess, tempDataDir, type ServerProcess } from '../test/process.js';
import { stockShop, type ShopProducts } from '../test/shop.js';

if (!(await redisAvailable())) throw new Error(`TEST_REDIS_URL=${process.env.TEST_REDIS_URL} does not answer`);

/**
 * Where the instances keep pictures: one S3 bucket (a real local S3 server), each instance with a
 * data folder of its own, so a picture one stored can only reach the other through the bucket.
 */
async function pictureStorage(): Promise<{ env: Record<string, string>; dataDirs: [string, string]; stop(): Promise<void> }> {
  const s3 = await startS3();
  const dataDirs: [string, string] = [tempDataDir(), tempDataDir()];
  return {
    env: s3.env,
    dataDirs,
    async stop() {
      await s3.stop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const LOAD_RATE = 40; // requests per second, open loop
const cleanups: (() => unknown)[] = [];
let db: TestDatabase;
let nginx: Nginx;
let instances: [ServerProcess, ServerProcess];
let ports: [number, number];
let serverEnv: Record<string, string>;
let dataDirs: [string, string];
let products: ShopProducts;
let buyerToken: string;
let staffToken: string;
const accounts = { buyer: `buyer_${randomBytes(3).toString('hex')}`, staff: `staff_${randomBytes(3).toString('hex')}` };

/** A client address of its own on the loopback network, so the server's per-address counters are this test's alone. */
const loopbackAddress = () => `127.${1 + (randomBytes(1)[0]! % 250)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
/** An HTTPS client of nginx that trusts the test certificate and connects from `localAddress`. */
const client = (localAddress = loopbackAddress()) => {
  const agent = new Agent({ localAddress, connect: { ca: nginx.ca }, keepAliveTimeout: 10_000 });
  cleanups.push(() => agent.close());
  return { agent, localAddress };
};
/** The instance (its port) that finally answered, from the X-Upstream header the test rendering adds. */
const answeredBy = (header: string | string[] | undefined): number =>
  Number(
    String(header ?? '')
      .split(', ')
      .at(-1)
      ?.split(':')
      .at(-1),
  );
const HEADERS = { 'x-lang-type': 'en', 'x-price-type': 'USD' };
/** About a megabyte of noise as a PNG: nginx buffers it in its temp folder; the server re-encodes it for a few hundred ms. */
let picture: Buffer;
let staffAddress: string;
let staffAgent: Agent;

/** Staff upload a picture of product `itemId` through nginx; `marker` in the query finds the request in a server's log. */
async function uploadPicture(itemId: number, agent = staffAgent, marker: string = randomUUID()) {
  const form = new FormData();
  form.append('file', new Blob([picture], { type: 'image/png' }), 'cube.png');
  const t0 = Date.now();
  const res = await fetch(`${nginx.url}/api/admin/items/${itemId}/images?upload=${marker}`, {
    method: 'POST',
    dispatcher: agent,
    headers: { ...HEADERS, authorization: `Bearer ${staffToken}` },
    body: form,
  });
  return { status: res.status, upstream: res.headers.get('x-upstream') ?? '', body: await res.text(), marker, ms: Date.now() - t0 };
}

/** The "incoming request" line a server process logged (LOG_LEVEL=info) for the request whose URL holds `marker`. */
function requestLog(instance: ServerProcess, marker: string): { req?: { remoteAddress?: string } } | undefined {
  const output = instance.output();
  if (!output.includes(marker)) return undefined;
  const line = output.split('\n').find((l) => l.includes(marker) && l.includes('incoming request'));
  return line ? (JSON.parse(line) as { req?: { remoteAddress?: string } }) : undefined;
}

beforeAll(async () => {
  db = await createTestDatabase();
  cleanups.push(() => db.drop());
  // The shop's products and two accounts, written straight into the database.
  const setup = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cubeshop-test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: '/nonexistent' }),
    database: db.database,
    logger: false,
  });
  products = await stockShop(setup);
  await setup.services.account.createUser({ account: accounts.buyer, password: 'Secret12', name: 'Lin', role: null });
  await setup.services.account.createUser({ account: accounts.staff, password: 'Secret12', name: 'Bea', role: 'owner' });
  await setup.app.close();
  picture = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png()
    .toBuffer();

  const storage = await pictureStorage();
  cleanups.push(() => storage.stop());
  dataDirs = storage.dataDirs;
  serverEnv = {
    DATABASE_URL: db.url!,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `cubeshop-deploy-${randomBytes(4).toString('hex')}`,
    TRUST_PROXY: 'loopback',
    // The production default: each request is logged with its client address (request.ip).
    LOG_LEVEL: 'info',
    ...storage.env,
  };
  ports = [await freePort(), await freePort()];
  instances = (await Promise.all(ports.map((port, i) => startServerProcess({ port, env: serverEnv, dataDir: dataDirs[i]! })))) as [
    ServerProcess,
    ServerProcess,
  ];
  cleanups.push(() => Promise.all(instances.map((p) => p.kill())));
  // The test rendering names the instance that answered (production sends no such header).
  nginx = await startNginx({
    instances: ports,
    httpPort: await freePort(),
    httpsPort: await freePort(),
    extra: ['add_header X-Upstream $upstream_addr always;', 'add_header X-Upstream-Status $upstream_status always;'],
  });
  cleanups.push(() => nginx.stop());
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function signIn(account: string, agent: Agent): Promise<string> {
  const res = await fetch(`${nginx.url}/api/authn/signin`, {
    method: 'POST',
    dispatcher: agent,
    headers: { ...HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'Secret12' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * One side of the chat the way the web client keeps it (apps/web/src/lib/chat/socket.ts): a close
 * other than 1000 is followed by up to CHAT_RECONNECT_ATTEMPTS reconnects, CHAT_RECONNECT_DELAY_MS
 * apart, through nginx, with the cursor of every conversation so what was missed arrives.
 */
class ChatSide {
  socket!: ChatTestClient;
  readonly sockets: ChatTestClient[] = [];
  readonly closes: number[] = [];
  reconnects = 0;
  failedAttempts = 0;
  private stopped = false;
  private readonly discarded = new Set<ChatTestClient>();
  private closedListeners: (() => void)[] = [];

  constructor(
    private readonly token: string,
    private readonly language: 'zh' | 'en',
    private readonly agent: { localAddress: string },
  ) {}

  async connect(): Promise<ChatTestClient> {
    const cursors: Record<string, number> = {};
    for (const m of this.messages()) cursors[m.gid] = Math.max(cursors[m.gid] ?? 0, m.seq);
    const since = formatChatSince(cursors);
    const socket = await ChatTestClient.connect(
      nginx.url.replace('https:', 'wss:') + '/ws',
      { token: this.token, language: this.language, ...(since ? { since } : {}) },
      { ca: nginx.ca, localAddress: this.agent.localAddress },
    );
    this.socket = socket;
    this.sockets.push(socket);
    socket.ws.once('close', (code: number) => void this.onClose(socket, code));
    return socket;
  }

  /** The instance this side's socket went to. */
  instance(): number {
    return answeredBy(this.socket.upgradeHeaders['x-upstream']);
  }

  private async onClose(socket: ChatTestClient, code: number) {
    if (socket !== this.socket || this.stopped || this.discarded.has(socket)) return;
    this.closes.push(code);
    for (const l of this.closedListeners.splice(0)) l();
    if (code === CHAT_CLOSE_CODES.normal) return;
    for (let attempt = 0; attempt < CHAT_RECONNECT_ATTEMPTS; attempt++) {
      await sleep(CHAT_RECONNECT_DELAY_MS);
      try {
        await this.connect();
        this.reconnects++;
        return;
      } catch {
        this.failedAttempts++;
      }
    }
  }

  /** Closes the current socket without a reconnect (it went to the wrong instance). */
  async discard() {
    this.discarded.add(this.socket);
    this.socket.close();
    await this.socket.waitClosed();
  }

  /** The first of this side's sockets that received message `id`. */
  receivedOn(id: string): ChatTestClient | undefined {
    return this.sockets.find((s) => s.messages().some((m) => m.id === id));
  }

  /** Resolves at the next close of this side's socket. */
  nextClose(): Promise<void> {
    return new Promise((resolve) => this.closedListeners.push(resolve));
  }

  connected(): boolean {
    return this.socket.closeCode === null && this.socket.ws.readyState === this.socket.ws.OPEN;
  }

  /** Every message frame any of this side's sockets received, once each. */
  messages(gid?: string): TChatMessageFrame[] {
    const bySeq = new Map<string, TChatMessageFrame>();
    for (const s of this.sockets) for (const m of s.messages(gid)) bySeq.set(`${m.gid}:${m.seq}`, m);
    return [...bySeq.values()];
  }

  async waitForMessage(id: string, timeout = 15_000): Promise<TChatMessageFrame> {
    const until = Date.now() + timeout;
    for (;;) {
      const found = this.messages().find((m) => m.id === id);
      if (found) return found;
      if (Date.now() > until) throw new Error(`message ${id} did not arrive within ${timeout} ms`);
      await sleep(20);
    }
  }

  /** Sends a message on the open socket and waits for the server's ack (it is stored). */
  async say(gid: string, content: string): Promise<string> {
    const id = randomUUID();
    const socket = this.socket;
    const before = socket.events('ack').length;
    socket.send({ id, gid, content });
    await socket.waitFor(() => socket.events('ack').length > before, { timeout: 10_000 });
    return id;
  }

  close() {
    this.stopped = true;
    this.socket.close();
  }
}

/**
 * Reads through nginx at a steady rate (open loop: a request starts every 1/rate s whatever the
 * previous ones do): health, a product list, a product detail and the signed-in buyer's cart.
 */
function startLoad(rate: number, token: string) {
  const { agent } = client();
  const targets: { name: string; path: string; auth?: boolean }[] = [
    { name: 'health', path: '/api/health' },
    { name: 'list', path: '/api/items?recPerPage=20' },
    { name: 'detail', path: `/api/items/${products.cube}` },
    { name: 'cart', path: '/api/cart/items', auth: true },
  ];
  const stats = {
    sent: 0,
    ok: 0,
    retried: 0,
    retriedAfter: new Map<string, number>(),
    latencies: [] as number[],
    failures: [] as string[],
    served: [] as { at: number; port: number }[],
  };
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let n = 0;
  const timer = setInterval(() => {
    const target = targets[n++ % targets.length]!;
    const t0 = performance.now();
    stats.sent++;
    const done = request(`${nginx.url}${target.path}`, {
      dispatcher: agent,
      headers: { ...HEADERS, ...(target.auth ? { authorization: `Bearer ${token}` } : {}) },
      headersTimeout: 20_000,
      bodyTimeout: 20_000,
    })
      .then(async (res) => {
        await res.body.dump();
        stats.latencies.push(performance.now() - t0);
        const upstream = String(res.headers['x-upstream'] ?? '');
        if (upstream.includes(',')) {
          // What the first instance did: 502 = refused or dropped the connection, 503 = refused the request.
          stats.retried++;
          const first = String(res.headers['x-upstream-status'] ?? '').split(', ')[0]!;
          stats.retriedAfter.set(first, (stats.retriedAfter.get(first) ?? 0) + 1);
        }
        if (res.statusCode >= 200 && res.statusCode < 400) {
          stats.ok++;
          stats.served.push({ at: Date.now(), port: answeredBy(upstream) });
        } else stats.failures.push(`${target.name}: ${res.statusCode} (upstream ${upstream})`);
      })
      .catch((err: unknown) => {
        stats.failures.push(`${target.name}: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  }, 1000 / rate);
  return {
    stats,
    /** Waits until nginx has handed a request to `port` and it answered, after `since`. */
    async servedBy(port: number, since: number, timeout = 15_000) {
      const until = Date.now() + timeout;
      while (!stats.served.some((s) => s.port === port && s.at > since)) {
        if (Date.now() > until) throw new Error(`nginx sent no request to :${port} within ${timeout} ms`);
        await sleep(50);
      }
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { ...stats, seconds: (Date.now() - started) / 1000 };
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

describe('nginx in front of two instances (PostgreSQL, Redis)', { timeout: 150_000 }, () => {
  let buyer: ChatSide;
  let staff: ChatSide;
  let gid: string;

  it('both instances answer through nginx; each client address and the https scheme reach the server; /metrics stays private', async () => {
    const buyerClient = client();
    buyerToken = await signIn(accounts.buyer, buyerClient.agent);
    const staffClient = client();
    staffAgent = staffClient.agent;
    staffAddress = staffClient.localAddress;
    staffToken = await signIn(accounts.staff, staffAgent);

    const seen = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${nginx.url}/api/health`, { dispatcher: buyerClient.agent });
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
      seen.add(answeredBy(res.headers.get('x-upstream') ?? ''));
    }
    expect([...seen].sort()).toEqual([...ports].sort());

    // TRUST_PROXY=loopback: the server counts sign-in attempts per client address (X-Forwarded-For
    // set by nginx), in Redis across both instances, not per proxy.
    const remaining = async (agent: Agent) => {
      const res = await fetch(`${nginx.url}/api/authn/signin`, {
        method: 'POST',
        dispatcher: agent,
        headers: { ...HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ account: `nobody_${randomBytes(3).toString('hex')}`, password: 'Wrong123' }),
      });
      expect(res.status).toBe(400);
      return Number(res.headers.get('x-ratelimit-remaining'));
    };
    const one = client().agent;
    const first = await remaining(one);
    expect(await remaining(one)).toBe(first - 1);
    expect(await remaining(one)).toBe(first - 2);
    expect(await remaining(client().agent)).toBe(first);

    // X-Forwarded-Proto: with no PUBLIC_ORIGIN the server writes links with the scheme the client used.
    const robots = await fetch(`${nginx.url}/robots.txt`, { dispatcher: one });
    expect(await robots.text()).toContain('Sitemap: https://127.0.0.1/sitemap.xml');
    // Plain HTTP only redirects.
    const plain = await request(`${nginx.httpUrl}/product/1?lang=en`);
    await plain.body.dump();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/product/1?lang=en');

    for (const denied of ['/metrics', '/metrics/', '/%6Detrics', '/internal/cli']) {
      const res = await fetch(`${nginx.url}${denied}`, { dispatcher: one });
      await res.arrayBuffer();
      expect(res.status, denied).toBe(403);
      expect(res.headers.get('x-upstream'), denied).toBeNull();
    }
  });

  it('a buyer on one instance and staff on the other chat through nginx, both ways', async () => {
    buyer = new ChatSide(buyerToken, 'zh', client());
    await buyer.connect();
    gid = (await buyer.socket.waitFor(isEvent('group'))).group.gid;
    staff = new ChatSide(staffToken, 'en', client());
    // Round robin: connect until the staff console lands on the other instance.
    for (let i = 0; ; i++) {
      await staff.connect();
      if (staff.instance() !== buyer.instance()) break;
      expect(i, 'the staff socket never reached the other instance').toBeLessThan(6);
      await staff.discard();
    }
    expect(ports).toContain(buyer.instance());
    expect(ports).toContain(staff.instance());
    await staff.socket.waitFor(isEvent('session'));

    const join = await fetch(`${nginx.url}/api/groups/join`, {
      method: 'POST',
      dispatcher: client().agent,
      headers: { ...HEADERS, 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
      body: JSON.stringify({ gid }),
    });
    expect(join.status, await join.clone().text()).toBe(200);
    await staff.socket.waitForMessages(gid, 2);

    const question = await buyer.say(gid, '你好，有 GAN 12 吗？');
    expect(await staff.waitForMessage(question)).toMatchObject({ gid, content: '你好，有 GAN 12 吗？', language: 'zh' });
    const answer = await staff.say(gid, 'Yes, in stock!');
    expect(await buyer.waitForMessage(answer)).toMatchObject({ gid, content: 'Yes, in stock!' });
  });

  it('a picture staff upload through one instance is shown by the other', async () => {
    const agent = staffAgent;
    const upload = await uploadPicture(products.timer);
    expect(upload.status, upload.body).toBe(201);
    const uploadedBy = answeredBy(upload.upstream);
    const { images } = JSON.parse(upload.body) as { images: { image: string; thumbnail: string }[] };
    expect(images).toHaveLength(1);
    for (const url of [images[0]!.image, images[0]!.thumbnail]) {
      let shown: Awaited<ReturnType<typeof fetch>> | undefined;
      for (let i = 0; i < 6 && !shown; i++) {
        const res = await fetch(new URL(url, nginx.url), { dispatcher: agent, headers: { accept: 'image/webp,image/*' } });
        if (answeredBy(res.headers.get('x-upstream') ?? '') !== uploadedBy) shown = res;
        else await res.arrayBuffer();
      }
      expect(shown, 'no request for the picture reached the other instance').toBeDefined();
      expect(shown!.status).toBe(200);
      expect(shown!.headers.get('content-type')).toMatch(/^image\//);
      const meta = await sharp(Buffer.from(await shown!.arrayBuffer())).metadata();
      expect(meta.width).toBeGreaterThan(0);
    }
    // The instance logged the upload with the staff member's address (X-Forwarded-For, TRUST_PROXY).
    const logged = instances.map((p) => requestLog(p, upload.marker)).find(Boolean);
    expect(logged?.req?.remoteAddress).toBe(staffAddress);
  });

  it('a rolling restart under traffic: no request fails, an upload in flight completes, chat sockets reconnect and catch up', async () => {
    // Something in the buyer's cart, read by the load.
    const add = await fetch(`${nginx.url}/api/cart/items`, {
      method: 'POST',
      dispatcher: client().agent,
      headers: { ...HEADERS, 'content-type': 'application/json', authorization: `Bearer ${buyerToken}` },
      body: JSON.stringify({ itemId: products.cube, type: 'black', quantity: 2 }),
    });
    expect(add.status, await add.clone().text()).toBe(200);

    const load = startLoad(LOAD_RATE, buyerToken);
    const restarts: { instance: string; stopMs: number; exitCode: number | null; startMs: number; backInNginxMs: number; upload: string }[] = [];
    const started = Date.now();
    await sleep(2_000);
    // The buyer's instance goes first: while the buyer's socket is down, staff (on the other) write.
    const order = buyer.instance() === ports[0] ? ([0, 1] as const) : ([1, 0] as const);
    let caughtUp: { id: string; closedSocket: ChatTestClient } | undefined;
    for (const index of order) {
      const name = index === order[0] ? 'A' : 'B';
      const port = ports[index];
      // SIGTERM while the instance is busy with a staff upload (a POST: nginx would never retry
      // it elsewhere), found by its mark in the instance's request log; uploads that went to the
      // other instance just finish.
      const { agent } = client();
      let inFlight: Promise<Awaited<ReturnType<typeof uploadPicture>>> | undefined;
      for (let attempt = 0; attempt < 8 && !inFlight; attempt++) {
        const marker = randomUUID();
        const upload = uploadPicture(index === order[0] ? products.big : products.sticker, agent, marker);
        let settled = false;
        void upload.finally(() => (settled = true));
        for (;;) {
          if (requestLog(instances[index], marker)) {
            inFlight = upload;
            break;
          }
          if (requestLog(instances[1 - index]!, marker) || settled) {
            const done = await upload;
            expect(done.status, done.body).toBe(201);
            break;
          }
          await sleep(5);
        }
      }
      expect(inFlight, `no upload reached :${port}`).toBeDefined();
      const buyerClosed = buyer.instance() === port ? buyer.nextClose() : undefined;
      const closedSocket = buyer.socket;
      const t0 = Date.now();
      const stopping = instances[index].stop();
      if (buyerClosed && !caughtUp) {
        await buyerClosed;
        expect(staff.instance()).not.toBe(port);
        caughtUp = { id: await staff.say(gid, 'Are you still there?'), closedSocket };
      }
      const exitCode = await stopping;
      const stopMs = Date.now() - t0;
      const uploaded = await inFlight!;
      expect(uploaded.status, uploaded.body).toBe(201);
      expect(uploaded.upstream).toBe(`127.0.0.1:${port}`);
      const t1 = Date.now();
      instances[index] = await startServerProcess({ port, env: serverEnv, dataDir: dataDirs[index] });
      const startMs = Date.now() - t1;
      const t2 = Date.now();
      // Back in nginx's rotation (it skips a failed instance for fail_timeout) before the next one goes.
      await load.servedBy(port, t2);
      restarts.push({ instance: name, stopMs, exitCode, startMs, backInNginxMs: Date.now() - t2, upload: `${uploaded.status} in ${uploaded.ms} ms` });
    }
    await sleep(2_000);
    const result = await load.stop();
    const durationS = (Date.now() - started) / 1000;
    // The chat sockets the last restart closed reconnect 3 s later, as the web client does.
    await Promise.all(
      [buyer, staff].map(async (side) => {
        const until = Date.now() + 3 * CHAT_RECONNECT_DELAY_MS + 10_000;
        while (!(side.connected() && side.reconnects === side.closes.length) && Date.now() < until) await sleep(50);
      }),
    );

    const rows = [
      ['requests sent', result.sent],
      ['answered 2xx/3xx', result.ok],
      ['failed (status or connection)', result.failures.length],
      [
        'retried by nginx on the other instance (first upstream status: count)',
        `${result.retried} (${[...result.retriedAfter].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'})`,
      ],
      [
        'latency p50 / p99 / max (ms)',
        `${percentile(result.latencies, 50).toFixed(1)} / ${percentile(result.latencies, 99).toFixed(1)} / ${Math.max(...result.latencies).toFixed(1)}`,
      ],
      ['load duration (s)', result.seconds.toFixed(1)],
      ...restarts.map((r) => [
        `instance ${r.instance}: SIGTERM to exit / start to healthy / back in nginx (ms)`,
        `${r.stopMs} / ${r.startMs} / ${r.backInNginxMs} (exit ${r.exitCode})`,
      ]),
      ...restarts.map((r) => [`instance ${r.instance}: the upload in flight at SIGTERM`, r.upload]),
      ...(
        [
          ['buyer', buyer],
          ['staff', staff],
        ] as const
      ).map(([who, side]) => [
        `chat socket of ${who}: closed (codes) / reconnected / failed attempts`,
        `${side.closes.length} (${side.closes.join(', ')}) / ${side.reconnects} / ${side.failedAttempts}`,
      ]),
    ];
    process.stdout.write(
      `\nRolling restart through nginx (${LOAD_RATE} req/s, ${durationS.toFixed(1)} s):\n${rows.map(([k, v]) => `  ${String(k).padEnd(72)} ${v}`).join('\n')}\n`,
    );

    expect(result.failures, nginx.errors().slice(-3000)).toEqual([]);
    expect(result.ok).toBe(result.sent);
    expect(result.sent).toBeGreaterThan(LOAD_RATE * 10);
    // Each instance drained and exited on its own (0), not by the 10 s shutdown timer (1).
    expect(restarts.map((r) => r.exitCode)).toEqual([0, 0]);

    // Every chat socket the restarts closed was told to reconnect (1012) and did, through nginx.
    for (const side of [buyer, staff]) {
      expect(side.closes.length).toBeGreaterThanOrEqual(1);
      expect(
        side.closes.every((code) => code === CHAT_CLOSE_CODES.restart),
        String(side.closes),
      ).toBe(true);
      expect(side.reconnects).toBe(side.closes.length);
      expect(side.connected()).toBe(true);
    }
    // What staff wrote while the buyer was away arrived with the reconnect; both ways still work.
    expect(caughtUp).toBeDefined();
    expect(await buyer.waitForMessage(caughtUp!.id)).toMatchObject({ content: 'Are you still there?' });
    expect(buyer.receivedOn(caughtUp!.id)).not.toBe(caughtUp!.closedSocket);
    const reply = await buyer.say(gid, '在的');
    expect(await staff.waitForMessage(reply)).toMatchObject({ content: '在的' });
    const last = await staff.say(gid, 'Shipping today.');
    expect(await buyer.waitForMessage(last)).toMatchObject({ content: 'Shipping today.' });
    buyer.close();
    staff.close();
  });
});
