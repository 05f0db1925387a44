// The operations of the app's own OpenAPI document (GET /api/docs/json, generated from the routes'
// zod schemas), for the reliability suite (src/reliability): the fuzzer and the access-control
// sweep both derive what they send from it, so a new route is covered without editing a test.
// Kept here with the other test helpers (src/test is not part of the server build).
import type { App } from '../app.js';

/** The part of JSON Schema the route schemas produce (zod 4 -> draft 2020-12 via fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiOperation {
  method: HttpMethod;
  /** The document's path template, e.g. /api/address/{id}. */
  path: string;
  /** 'PUT /api/address/{id}': how tables and reports name an operation. */
  key: string;
  spec: OpenApiOperation;
}

/** Every operation under /api in the document, in document order (HEAD routes are Fastify's automatic ones). */
export async function apiOperations(t: Pick<App, 'app'>): Promise<ApiOperation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const doc = res.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [lower, spec] of Object.entries(item)) {
      const method = lower.toUpperCase();
      if (!METHODS.has(method)) continue;
      out.push({ method: method as HttpMethod, path, key: `${method} ${path}`, spec });
    }
  }
  return out;
}

/**
 * True when the operation declares that it needs a bearer token: `security` is set and offers no
 * empty requirement (`{}` would mean "a token is optional").
 */
export function declaresSecurity(op: ApiOperation): boolean {
  const security = op.spec.security;
  return Array.isArray(security) && security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/** True when `security` is present at all (required or optional token). */
export function hasSecurity(op: ApiOperation): boolean {
  return Array.isArray(op.spec.security) && op.spec.security.length > 0;
}

/** The path and query parameters of an operation. */
export function parametersOf(op: ApiOperation, where: 'path' | 'query'): OpenApiParameter[] {
  return (op.spec.parameters ?? []).filter((p) => p.in === where);
}

/** The JSON body schema of an operation, if it takes one. */
export function bodySchemaOf(op: ApiOperation): JsonSchema | undefined {
  return op.spec.requestBody?.content?.['application/json']?.schema;
}

/**
 * A URL from a path template. Values are URL-encoded unless `raw` is set, in which case they are
 * pasted as given (for sending malformed percent-encodings on purpose).
 */
export function fillPath(template: string, values: Record<string, string | number>, raw = false): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return raw ? String(value) : encodeURIComponent(String(value));
  });
}

/** The status-code-free error shape of docs/requirements.md, Errors, or a reason why a body is not it. */
export function errorShapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'error body is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'error body is not an object';
  const { code, desc } = parsed as { code?: unknown; desc?: unknown };
  if (typeof code !== 'string' || code === '') return 'error body has no string code';
  if (typeof desc !== 'string' || desc.trim() === '') return 'error body has no non-empty desc';
  return null;
}

/** Signs of internals in a response text: stack frames, source paths, SQL, driver errors. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /(?:^|\n|\\n)\s*at (?:async )?[^\n]*?:\d+:\d+\)?/],
  ['source path', /\/src\/|\.ts:\d|\.js:\d+:\d+|node_modules/],
  ['SQL', /\bselect\s[\s\S]{0,300}?\bfrom\s+"?[a-z_]+|\binsert\s+into\b|\bupdate\s+"?[a-z_]+"?\s+set\b|\bdelete\s+from\b/i],
  [
    'query error',
    /Failed query|\bparams:|syntax error at or near|violates (?:not-null|unique|foreign key|check) constraint|relation "[^"]+" does not exist|invalid input syntax for/i,
  ],
];

/** The first kind of internal detail a response text shows, or null. */
export function leakIn(text: string): string | null {
  for (const [name, pattern] of LEAKS) if (pattern.test(text)) return name;
  return null;
}
