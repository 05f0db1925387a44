import { stdSerializers } from 'pino';

/** Fields of database errors that may hold the values of a query (personal data, tokens, passwords). */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery'];

/** Cuts the "params: ..." part Drizzle puts in the message (and so the stack) of a failed query. */
function scrubText(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');
}

function scrub(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of VALUE_FIELDS) if (field in out) out[field] = '[not logged]';
  if (typeof out.message === 'string') out.message = scrubText(out.message);
  if (typeof out.stack === 'string') out.stack = scrubText(out.stack);
  if (out.cause) out.cause = scrub(out.cause, depth + 1);
  return out;
}

/**
 * pino's error serializer without the values of failed queries: the SQL text stays (it names the
 * statement that failed), its parameters and the server's `detail` ("Key (email)=(...)") never
 * reach the log.
 */
export function serializeError(err: Error): SerializedError {
  return scrub(stdSerializers.err(err)) as SerializedError;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}
