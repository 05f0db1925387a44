/**
 * `?chat=1` on a page opens the chat window there once the visitor is signed in: the footer's
 * customer-service entry sends visitors to log in with it in the redirect target.
 */
export const CHAT_OPEN_PARAM = 'chat';
