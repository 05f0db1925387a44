import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/**
 * One MSW server for every web test (started in src/test/setup.ts): the app's own fetch, api
 * client and query code run as in the browser, and the network answers from ./handlers.ts. A
 * test replaces an answer for itself with `server.use(http.get(path, resolver))`; the handlers,
 * the fake shop and the request log go back to their start after each test.
 */
export const server = setupServer(...handlers);

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  /** The whole URL. */
  url: string;
  path: string;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The JSON body (undefined without one; the text when it is not JSON). */
  body: unknown;
  /** The body as sent. */
  text: string | undefined;
}

const seen: SeenRequest[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: SeenRequest = {
    method: request.method,
    url: url.href,
    path: url.pathname,
    query: url.searchParams,
    headers: Object.fromEntries(request.headers),
    body: undefined,
    text: undefined,
  };
  seen.push(entry);
  // The body is read from a copy; it is there before the app sees the answer.
  void request
    .clone()
    .text()
    .then((text) => {
      if (!text) return;
      entry.text = text;
      try {
        entry.body = JSON.parse(text) as unknown;
      } catch {
        entry.body = text;
      }
    })
    .catch(() => undefined);
});

/** Requests so far in this test, optionally only `METHOD path`. */
export function calls(method?: string, path?: string): SeenRequest[] {
  return seen.filter((r) => (!method || r.method === method) && (!path || r.path === path));
}

export function clearCalls(): void {
  seen.length = 0;
}
