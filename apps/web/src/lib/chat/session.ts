import { api, defaultUnauthorized } from '../api-client';
import type { ChatClientOptions } from './client';

/**
 * What a chat client does when the session behind its token ends (spec section 4: a 401 clears
 * the session and goes to /login?redirect=<here>): the server closed the socket with 4401, or an
 * attempt failed before the socket opened, which a browser cannot tell from a network failure,
 * so the session is checked over HTTP, whose 401 handling does the rest.
 */
export const chatSessionHandlers: Pick<ChatClientOptions, 'onSessionEnded' | 'onConnectFailed'> = {
  onSessionEnded: () => defaultUnauthorized(),
  onConnectFailed: () => {
    api.get('/api/user', { silent: true }).catch(() => undefined);
  },
};
