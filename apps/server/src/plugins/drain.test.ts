import http from 'node:http';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';

/** Sends the request's head and half its body now; the rest when `finish` is called. */
function slowRequest(port: number, agent: http.Agent) {
  const body = JSON.stringify({ account: 'nobody_drain', password: 'Wrong123' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/authn/signin',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = once(req, 'response').then(([res]) => {
    (res as http.IncomingMessage).resume();
    return res as http.IncomingMessage;
  });
  req.write(body.slice(0, 10));
  return { response, finish: () => req.end(body.slice(10)) };
}

describe('shutting down behind a proxy (plugins/drain.ts)', () => {
  it('answers still in flight when close() starts say Connection: close, so a proxy does not reuse the connection', async () => {
    const t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const agent = new http.Agent({ keepAlive: true });
    let closing: Promise<void> | undefined;
    try {
      // Before shutdown: a kept-alive connection, as nginx's upstream keepalive uses them.
      const before = slowRequest(port, agent);
      before.finish();
      const normal = await before.response;
      expect(normal.statusCode).toBe(400);
      expect(normal.headers.connection).toBe('keep-alive');

      const inFlight = slowRequest(port, agent);
      await new Promise((r) => setTimeout(r, 50)); // the head has arrived: the request is in flight
      closing = t.close();
      await new Promise((r) => setTimeout(r, 50));
      inFlight.finish();
      const last = await inFlight.response;
      // Still answered in full (the server finishes what it has), and the connection ends with it.
      expect(last.statusCode).toBe(400);
      expect(last.headers.connection).toBe('close');
      await closing;
    } finally {
      agent.destroy();
      await (closing ?? t.close());
    }
  });
});
