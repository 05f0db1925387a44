import { defaultUnauthorized } from '../api-client';
import type { ChatClientOptions } from './client';

/**
 * What a chat client does when the server closes its socket because the session behind its
 * token ended (4401: signed out elsewhere, password changed or reset, expired): as for any 401
 * (docs/requirements.md, States), the session is cleared and the visitor goes to /login?redirect=<here>.
 */
export const chatSessionHandlers: Pick<ChatClientOptions, 'onSessionEnded'> = {
  onSessionEnded: () => defaultUnauthorized(),
};
