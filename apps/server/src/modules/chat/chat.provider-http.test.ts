import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createJsonClient } from './chat.provider-http.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('provider HTTP client (undici, keep-alive)', () => {
  /** A server that records the client port of every request and answers as told. */
  async function portServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
    const ports: number[] = [];
    const closed: number[] = [];
    const server = http.createServer((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      req.resume();
      req.on('end', () => answer(req, res));
    });
    server.on('connection', (socket) => {
      const port = socket.remotePort ?? 0;
      socket.on('close', () => closed.push(port));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ports, closed };
  }

  it('keeps connections for the next calls, also after a non-2xx answer', async () => {
    let status = 200;
    const s = await portServer((_req, res) => json(res, status, status === 200 ? { ok: true } : { error: 'x'.repeat(10_000) }));
    const client = createJsonClient();
    for (let i = 0; i < 10; i++) {
      status = i % 3 === 1 ? 503 : 200;
      if (status === 200) expect(await client.post(`${s.url}/a`, { i }, { 'x-extra': '1' }, 1_000)).toEqual({ ok: true });
      else await expect(client.post(`${s.url}/a`, { i }, {}, 1_000)).rejects.toThrow(/answered 503/);
    }
    // Ten calls one after another over one or two kept connections, not one each.
    expect(s.ports).toHaveLength(10);
    expect(new Set(s.ports).size).toBeLessThanOrEqual(2);
    expect(s.closed).toEqual([]);
    await client.close();
  });

  it('fails an answer that is not JSON', async () => {
    const s = await portServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>busy</html>');
    });
    const client = createJsonClient();
    await expect(client.post(s.url, {}, {}, 1_000)).rejects.toThrow(/not JSON/);
    await client.close();
  });

  it('gives up on a body that never ends within the time limit', async () => {
    const s = await portServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"translatedText": "hal');
    });
    const client = createJsonClient();
    const started = Date.now();
    await expect(client.post(s.url, {}, {}, 200)).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
    await client.close();
  });

  it('close() closes the idle connections', async () => {
    const s = await portServer((_req, res) => json(res, 200, {}));
    const client = createJsonClient();
    await client.post(s.url, {}, {}, 1_000);
    await client.close();
    for (let i = 0; i < 50 && !s.closed.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(s.closed).toEqual(s.ports);
    await expect(client.post(s.url, {}, {}, 1_000)).rejects.toThrow();
  });

  it('sends JSON with the given headers to the path and query of the URL', async () => {
    const seen: { url?: string | undefined; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        Object.assign(seen, { url: req.url, headers: req.headers, body: raw });
        json(res, 200, { ok: true });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const client = createJsonClient();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions?x=1`;
    expect(await client.post(url, { q: '你好 👍' }, { authorization: 'Bearer k' }, 1_000)).toEqual({ ok: true });
    expect(seen.url).toBe('/v1/chat/completions?x=1');
    expect(seen.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer k' });
    expect(JSON.parse(seen.body!)).toEqual({ q: '你好 👍' });
    await client.close();
  });

  it('gives up on a provider that never answers, and on one that cannot be reached', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const client = createJsonClient();
    const started = Date.now();
    await expect(client.post(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, {}, 150)).rejects.toThrow(/no answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Port 1 on loopback: refused at once, not a timeout.
    await expect(client.post('http://127.0.0.1:1/', {}, {}, 1_000)).rejects.toThrow(/ECONNREFUSED|connect/i);
    await client.close();
  });
});
