/**
 * What a full page load (after sign-up, sign-in or a password reset) should do on arrival: start
 * at the top of the new page and show a message there. The message rides in sessionStorage across
 * the load; a toast shown before the load would vanish with the old page, and the router's scroll
 * restoration would reuse the position saved for the old document's first entry.
 */
const KEY = 'cubeshop.arrival';

export interface Arrival {
  /** A success toast to show on the new page, already in the buyer's language. */
  message?: string;
}

export function setArrival(arrival: Arrival): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(arrival));
  } catch {
    /* storage off: the page still loads, without the message */
  }
}

/** The pending arrival, removed as it is read (so a reload does not show it again). */
export function takeArrival(): Arrival | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return {};
    const message = (value as { message?: unknown }).message;
    return typeof message === 'string' && message ? { message } : {};
  } catch {
    return null;
  }
}
