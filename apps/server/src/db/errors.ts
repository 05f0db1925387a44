/**
 * Whether a failure means "the database cannot be reached right now" (a stopped or restarting
 * server, a dropped connection, a full pool that timed out) rather than a fault in our query.
 * The error handler answers those with 503 and Retry-After (plugins/errors.ts); the next request
 * tries again, and the pool reconnects by itself when the server is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EADDRNOTAVAIL']);
/** SQLSTATE classes and codes: 08 connection exception, 57P01-57P03 shutdown / cannot connect now, 53300 too many connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end/i,
  /PGlite is clos(ed|ing)/,
  /database .* does not accept connections/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && MESSAGES.some((re) => re.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = cause;
  }
  return false;
}

/** SQLSTATE of a failure, looked for on the error and its causes (drizzle wraps the driver's error). */
function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/**
 * Whether a write lost a race on a unique key (23505): two requests checked that a code or slug
 * was free and both inserted it. The loser is answered 409, never 500 (plugins/errors.ts).
 */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}
