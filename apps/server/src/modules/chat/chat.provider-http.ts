import { Agent, type Dispatcher } from 'undici';

/**
 * HTTP for the translation providers (chat.translate.ts): POST JSON, read JSON, over undici with
 * one keep-alive pool per provider, explicit connect, headers and body timeouts, and a limit on
 * the whole call.
 */

/** A call's default limit, the providers' own (DEFAULT_TRANSLATE_TIMEOUT_MS in chat.translate.ts). */
const DEFAULT_CALL_TIMEOUT_MS = 5_000;

export interface JsonClientOptions {
  /** Connections per provider origin (keep-alive); more calls wait for a free one. */
  connections?: number;
  /** Milliseconds to open a connection (TCP, and TLS for https); never more than a call's own limit. */
  connectTimeoutMs?: number;
  /** Milliseconds an idle connection is kept for the next call (a shorter keep-alive hint from the provider wins). */
  keepAliveTimeoutMs?: number;
}

/** POST JSON, read JSON, over one keep-alive connection pool per provider origin. */
export interface JsonClient {
  /**
   * Rejects on a non-2xx status, an unreadable body, or no complete answer within timeoutMs
   * (connecting, waiting for the headers and reading the body each count against it).
   */
  post(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<unknown>;
  /** Closes the idle connections; calls in flight finish first. */
  close(): Promise<void>;
}

export function createJsonClient({
  connections = 64,
  connectTimeoutMs = DEFAULT_CALL_TIMEOUT_MS,
  keepAliveTimeoutMs = 4_000,
}: JsonClientOptions = {}): JsonClient {
  const dispatcher = new Agent({
    connections,
    pipelining: 1,
    keepAliveTimeout: keepAliveTimeoutMs,
    connect: { timeout: connectTimeoutMs },
    // Defaults of each call's own limits (post passes them explicitly).
    headersTimeout: DEFAULT_CALL_TIMEOUT_MS,
    bodyTimeout: DEFAULT_CALL_TIMEOUT_MS,
  });
  /** Providers call one endpoint each: parse it once. */
  const targets = new Map<string, { origin: string; path: string }>();
  const target = (url: string) => {
    let t = targets.get(url);
    if (!t) {
      const u = new URL(url);
      targets.set(url, (t = { origin: u.origin, path: `${u.pathname}${u.search}` }));
    }
    return t;
  };

  return {
    /*
     * undici's dispatch API with a plain timer for the whole call: measured on this machine at
     * about half the CPU per call of node:http, and of undici's request() with an AbortSignal
     * (whose EventTarget and timeout signal cost more than the HTTP itself).
     */
    post(url, body, headers, timeoutMs) {
      const { origin, path } = target(url);
      return new Promise((resolve, reject) => {
        let settled = false;
        let controller: Dispatcher.DispatchController | null = null;
        let status = 0;
        const chunks: Buffer[] = [];
        const finish = (err: Error | null, value?: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (err) reject(err);
          else resolve(value);
        };
        // The whole call (waiting for a connection, connecting, headers, body) within timeoutMs;
        // the phase timeouts end a stalled phase with undici's own error before that.
        const timer = setTimeout(() => {
          const err = new Error(`translation provider gave no answer within ${timeoutMs} ms`);
          controller?.abort(err);
          finish(err);
        }, timeoutMs);
        try {
          dispatcher.dispatch(
            {
              origin,
              path,
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
              body: JSON.stringify(body),
              headersTimeout: timeoutMs,
              bodyTimeout: timeoutMs,
            },
            {
              onRequestStart(c) {
                // Timed out while waiting for a connection: never sent.
                if (settled) c.abort(new Error('translation call abandoned'));
                else controller = c;
              },
              onResponseStart(_c, statusCode) {
                status = statusCode;
              },
              onResponseData(_c, chunk) {
                chunks.push(chunk);
              },
              // The body is read to its end in every case, so the connection goes back to the pool.
              onResponseEnd() {
                if (status < 200 || status > 299) return finish(new Error(`translation provider answered ${status}`));
                let json: unknown;
                try {
                  json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
                } catch {
                  return finish(new Error('translation provider answer is not JSON'));
                }
                finish(null, json);
              },
              onResponseError(_c, err) {
                finish(err);
              },
            },
          );
        } catch (err) {
          finish(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
    close: () => dispatcher.close(),
  };
}
