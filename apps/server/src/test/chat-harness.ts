// Test helpers of the chat module: app instances listening on real ports (sharing one database,
// optionally one Redis), users with tokens, and a WebSocket client that records every frame.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import type { TChatEvent, TChatMessageFrame } from '@cubeshop/shared';
import { buildApp, type App } from '../app.js';
import { loadConfig, type TConfig } from '../config.js';
import type { ChatClock } from '../modules/chat/chat.service.js';
import { openDatabase, type Database } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from './harness.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a Redis answers at TEST_REDIS_URL (the two-instance tests need one). */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 0, 5, 9, 0, 0)): ChatClock & { advance(ms: number): void; set(ms: number): void } {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
    set(ms: number) {
      at = ms;
    },
  };
}

export interface ChatInstance extends App {
  config: TConfig;
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
}

export interface ChatCluster {
  db: TestDatabase;
  instances: ChatInstance[];
  dataDir: string;
  prefix: string;
  close(): Promise<void>;
}

/**
 * `count` app instances on one fresh database, each listening on a free port. With redis, they
 * share a Redis channel prefix unique to this cluster (so parallel test files never cross).
 */
export async function startCluster(
  options: {
    count?: number;
    redis?: boolean;
    env?: Record<string, string>;
    clock?: ChatClock;
    /** PostgreSQL only: each instance opens its own connection pool, as separate processes would. */
    separatePools?: boolean;
  } = {},
): Promise<ChatCluster> {
  const db = await createTestDatabase();
  const pools: Database[] = [];
  if (options.separatePools && !db.url) throw new Error('separatePools needs PostgreSQL (TEST_DB=postgres)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-chat-test-'));
  const prefix = `cubeshop-test-${randomBytes(6).toString('hex')}`;
  const instances: ChatInstance[] = [];
  for (let i = 0; i < (options.count ?? 1); i++) {
    const base = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      ...(options.redis ? { REDIS_URL: TEST_REDIS_URL } : {}),
      ...options.env,
    });
    const config: TConfig = { ...base, REDIS_PREFIX: prefix };
    let database = db.database;
    if (options.separatePools && i > 0) {
      database = await openDatabase({ url: db.url, poolSize: 5 });
      pools.push(database);
    }
    const built = await buildApp({ config, database, logger: false });
    if (options.clock) built.services.chat.setClock(options.clock);
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(address);
    instances.push({ ...built, config, url: `http://127.0.0.1:${url.port}`, wsUrl: `ws://127.0.0.1:${url.port}/ws` });
  }
  return {
    db,
    instances,
    dataDir,
    prefix,
    async close() {
      for (const instance of instances) await instance.app.close();
      for (const pool of pools) await pool.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let serial = 0;
/** A signed-in user (buyer or agent) and a bearer token for them. */
export async function makeUser(instance: App, options: { agent?: boolean; name?: string } = {}) {
  serial++;
  const account = `${options.agent ? 'agent' : 'buyer'}_${serial}_${randomBytes(3).toString('hex')}`;
  const user = await instance.services.account.createUser({
    account,
    password: 'Secret12',
    name: options.name ?? account,
    role: options.agent ? 'owner' : null,
  });
  const token = await instance.services.authn.issueUserToken(user.id);
  return { user, token };
}

export type AnyFrame = TChatEvent | TChatMessageFrame | TChatMessageFrame[];
export type EventOf<K extends TChatEvent['type']> = Extract<TChatEvent, { type: K }>;

export const isEvent =
  <K extends TChatEvent['type']>(type: K, extra: (f: EventOf<K>) => boolean = () => true) =>
  (f: AnyFrame): f is EventOf<K> =>
    !Array.isArray(f) && 'type' in f && f.type === type && extra(f as EventOf<K>);

/** A chat WebSocket client that keeps every frame it receives. */
export class ChatTestClient {
  readonly frames: AnyFrame[] = [];
  closeCode: number | null = null;
  /** The headers of the answer that accepted the upgrade (a proxy may add its own). */
  upgradeHeaders: Record<string, string | string[] | undefined> = {};
  private listeners = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.once('upgrade', (res: { headers: Record<string, string | string[] | undefined> }) => (this.upgradeHeaders = res.headers));
    ws.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString('utf8')) as AnyFrame);
      for (const l of this.listeners) l();
    });
    ws.on('close', (code: number) => {
      this.closeCode = code;
      for (const l of this.listeners) l();
    });
  }

  static url(wsUrl: string, query: { token: string; language?: string; since?: string | number }) {
    const params = new URLSearchParams({ token: query.token, language: query.language ?? 'zh' });
    if (query.since !== undefined) params.set('since', String(query.since));
    return `${wsUrl}?${params.toString()}`;
  }

  /** options: the ws client's own (a CA for wss://, a local address). */
  static connect(
    wsUrl: string,
    query: { token: string; language?: string; since?: string | number },
    options: WebSocket.ClientOptions = {},
  ): Promise<ChatTestClient> {
    const ws = new WebSocket(ChatTestClient.url(wsUrl, query), options);
    const client = new ChatTestClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req: unknown, res: { statusCode: number }) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  /** The HTTP status of a refused upgrade (or 101 when it was accepted). */
  static upgradeStatus(url: string): Promise<number> {
    const ws = new WebSocket(url);
    return new Promise((resolve) => {
      ws.once('open', () => {
        ws.close();
        resolve(101);
      });
      ws.once('unexpected-response', (_req: unknown, res: { statusCode: number }) => {
        resolve(res.statusCode);
        ws.terminate();
      });
      ws.once('error', () => resolve(0));
    });
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Every message frame so far (arrays flattened), in the order received. */
  messages(gid?: string): TChatMessageFrame[] {
    const out: TChatMessageFrame[] = [];
    for (const f of this.frames) {
      if (Array.isArray(f)) out.push(...f);
      else if (!('type' in f)) out.push(f);
    }
    return gid ? out.filter((m) => m.gid === gid) : out;
  }

  events<K extends TChatEvent['type']>(type: K): EventOf<K>[] {
    return this.frames.filter(isEvent(type));
  }

  /** The first frame at index >= after that matches. */
  waitFor<T extends AnyFrame>(match: (f: AnyFrame) => f is T, options?: { after?: number; timeout?: number }): Promise<T>;
  waitFor(match: (f: AnyFrame) => boolean, options?: { after?: number; timeout?: number }): Promise<AnyFrame>;
  waitFor(match: (f: AnyFrame) => boolean, { after = 0, timeout = 5000 }: { after?: number; timeout?: number } = {}): Promise<AnyFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = after; i < this.frames.length; i++) {
          const f = this.frames[i]!;
          if (match(f)) {
            cleanup();
            resolve(f);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching frame within ${timeout} ms; got ${JSON.stringify(this.frames.slice(after)).slice(0, 1500)}`));
      }, timeout);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => void check();
      if (check()) return;
      this.listeners.add(listener);
    });
  }

  /** Waits until `count` messages of gid have arrived. */
  async waitForMessages(gid: string, count: number, timeout = 5000): Promise<TChatMessageFrame[]> {
    const until = Date.now() + timeout;
    while (this.messages(gid).length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} messages of ${gid}, got ${this.messages(gid).length}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.messages(gid);
  }

  waitClosed(timeout = 5000): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.closeCode !== null) return resolve(this.closeCode);
      const timer = setTimeout(() => reject(new Error('socket did not close')), timeout);
      this.ws.once('close', (code: number) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close() {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(1000);
  }

  /** Drops the TCP connection without a close handshake (a network failure). */
  drop() {
    this.ws.terminate();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A buyer (writing in zh) whose conversation an agent (reading in en) has joined, both connected
 * to `instance`; the agent has had the greeting and the join notice.
 */
export async function openConversation(instance: ChatInstance) {
  const buyer = await makeUser(instance);
  const agent = await makeUser(instance, { agent: true });
  const agentSocket = await ChatTestClient.connect(instance.wsUrl, { token: agent.token, language: 'en' });
  const buyerSocket = await ChatTestClient.connect(instance.wsUrl, { token: buyer.token, language: 'zh' });
  const gid = (await buyerSocket.waitFor(isEvent('group'))).group.gid;
  await instance.app.inject({ method: 'POST', url: '/api/groups/join', headers: { authorization: `Bearer ${agent.token}` }, payload: { gid } });
  await agentSocket.waitForMessages(gid, 2);
  return { buyer, agent, gid, agentSocket, buyerSocket };
}
