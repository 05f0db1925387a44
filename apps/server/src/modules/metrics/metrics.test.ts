// GET /metrics (docs/deploy.md, Metrics and alerts) on an app listening on a real port: who may
// read it (the token, or a request straight from loopback; not through a proxy, not with a wrong
// token: those get the 404 of an unknown path), the metric families an operator alerts on, and
// that they move with the shop's work: HTTP requests by route pattern, cache hits, the outbox
// backlog, chat sockets, translation failures against a real (failing) provider stand-in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../../test/harness.js';
import { isEvent, openConversation, startCluster, type ChatCluster, type ChatInstance } from '../../test/chat-harness.js';
import { stockShop } from '../../test/shop.js';

const TOKEN = 'metrics-token-0123456789';
let provider: http.Server;
let cluster: ChatCluster;
let app: ChatInstance;

beforeAll(async () => {
  // A translation provider that is down: every call fails.
  provider = http.createServer((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}'));
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  cluster = await startCluster({ env: { METRICS_TOKEN: TOKEN, TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: providerUrl } });
  app = cluster.instances[0]!;
  await stockShop(app);
});
afterAll(async () => {
  await cluster?.close();
  provider?.closeAllConnections();
  await new Promise((r) => provider?.close(r));
});

async function scrape(headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The value of one sample: `name{labels}` with these labels among its own (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const own = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) return Number(m[3]);
  }
  return 0;
}

const FAMILIES = [
  'cubeshop_http_request_duration_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'cubeshop_db_pool_size',
  'cubeshop_outbox_messages',
  'cubeshop_outbox_oldest_due_age_seconds',
  'cubeshop_outbox_deliveries_total',
  'cubeshop_chat_sockets_open',
  'cubeshop_chat_send_queue_bytes',
  'cubeshop_chat_conversations_queued',
  'cubeshop_translation_calls_total',
  'cubeshop_translation_failures_total',
  'cubeshop_translation_shed_total',
  'cubeshop_cache_requests_total',
];

describe(`GET /metrics (${TEST_DB_KIND})`, () => {
  it('answers the token and a direct loopback request with every family; a wrong token or a proxied request gets 404', async () => {
    const allowed: Record<string, string>[] = [
      { authorization: `Bearer ${TOKEN}` },
      {},
      { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
    ];
    for (const headers of allowed) {
      const got = await scrape(headers);
      expect(got.status).toBe(200);
      expect(got.type).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const family of FAMILIES) expect(got.text, family).toContain(`# TYPE ${family} `);
    }
    const refused: Record<string, string>[] = [
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of refused) {
      const got = await scrape({ ...headers, 'x-lang-type': 'en' });
      expect({ headers, status: got.status }).toEqual({ headers, status: 404 });
      expect(JSON.parse(got.text)).toMatchObject({ code: 'NOT_FOUND', desc: 'No such API: GET /metrics' });
    }
  });

  it('moves with requests, cache reads, the outbox backlog, chat sockets and failed translations', async () => {
    const before = (await scrape()).text;
    const listed = { method: 'GET', route: '/api/items', status_code: '200' };
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/api/items?recPerPage=20`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/no-such-thing/42`)).status).toBe(404);

    // Two order mails waiting while the outbox worker is stopped.
    await app.services.outbox.stop();
    await app.services.database.db.transaction((tx) =>
      app.services.outbox.enqueue(
        tx as never,
        [0, 1].map((n) => ({ kind: 'mail', dedupeKey: `metrics:${n}`, payload: { to: `m${n}@example.com`, subject: 's', text: 't', html: 'h' } })),
      ),
    );

    // A buyer writes in Chinese to an agent reading English: the provider is down.
    const { gid, agentSocket, buyerSocket } = await openConversation(app);
    buyerSocket.send({ gid, content: '有货吗？' });
    await agentSocket.waitFor(isEvent('translated', (f) => f.translateError === true));

    const after = (await scrape({ authorization: `Bearer ${TOKEN}` })).text;
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('cubeshop_http_request_duration_seconds_count', listed)).toBe(3);
    expect(sample(after, 'cubeshop_http_request_duration_seconds_bucket', { ...listed, le: '+Inf' })).toBe(
      sample(after, 'cubeshop_http_request_duration_seconds_count', listed),
    );
    expect(moved('cubeshop_http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBe(1);
    expect(after).not.toContain('/api/no-such-thing/42'); // patterns, never raw URLs
    expect(moved('cubeshop_cache_requests_total', { cache: 'catalog.pages', result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'cubeshop_outbox_messages', { state: 'due' })).toBe(2);
    expect(sample(after, 'cubeshop_outbox_messages', { state: 'waiting' })).toBe(2);
    expect(sample(after, 'cubeshop_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'cubeshop_chat_sockets_open')).toBe(2);
    expect(moved('cubeshop_translation_calls_total', { result: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(moved('cubeshop_translation_failures_total')).toBeGreaterThanOrEqual(1);
    if (TEST_DB_KIND === 'postgres') {
      expect(sample(after, 'cubeshop_db_pool_size', { kind: 'postgres' })).toBe(5);
      expect(sample(after, 'cubeshop_db_pool_connections', { kind: 'postgres', state: 'total' })).toBeGreaterThan(0);
      expect(after).toContain('# TYPE cubeshop_db_pool_waits_total counter');
    } else {
      expect(sample(after, 'cubeshop_db_pool_size', { kind: 'pglite' })).toBe(1);
    }
    buyerSocket.close();
    agentSocket.close();
  });
});
