import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A LibreTranslate look-alike for chat tests whose answers wait until the test lets them go:
 * a provider as slow as the test wants, without timing. Answers `<target> q` (for each text when
 * `q` is an array, as LibreTranslate does), or 503 while `failing` is set.
 */
export async function gatedTranslator() {
  const requests: { q: string | string[]; source: string; target: string }[] = [];
  const held: (() => void)[] = [];
  let open = false;
  const state = { failing: false };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { q: string | string[]; source: string; target: string };
      requests.push(body);
      const answer = () => {
        res.setHeader('content-type', 'application/json');
        if (state.failing) {
          res.statusCode = 503;
          res.end(JSON.stringify({ error: 'down' }));
        } else {
          const one = (q: string) => `<${body.target}> ${q}`;
          res.end(JSON.stringify({ translatedText: Array.isArray(body.q) ? body.q.map(one) : one(body.q) }));
        }
      };
      if (open) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    state,
    /** Requests waiting for their answer. */
    get held() {
      return held.length;
    },
    /** Answers every held request, and from now on answers at once (until hold()). */
    release() {
      open = true;
      for (const answer of held.splice(0)) answer();
    },
    hold() {
      open = false;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
