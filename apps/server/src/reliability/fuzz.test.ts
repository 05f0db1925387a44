// Over 400 lines on purpose: the malformed-value generators and the one sweep that uses them are
// read together; each generator is short.
// Fuzzing every operation of the OpenAPI document. The real app (createTestApp, real
// database, no mocks) is asked for its own document (GET /api/docs/json), and every operation in
// it gets malformed path parameters, query parameters, body properties, whole bodies and headers,
// each sent with no token, a signed-in buyer's token and an admin's token. Nothing here names a
// route: a new route is fuzzed as soon as it is in the document.
//
// Every answer must be below 500, show no internals (stack frames, source paths, SQL) and, when it
// is a JSON error, have the error shape {code, desc} of docs/requirements.md, Errors. All failures are collected
// and reported together at the end.
import { randomBytes, randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomIp } from '../test/accounts.js';
import { TEST_DB_KIND } from '../test/harness.js';
import {
  apiOperations,
  bodySchemaOf,
  declaresSecurity,
  errorShapeProblem,
  fillPath,
  hasSecurity,
  leakIn,
  parametersOf,
  type ApiOperation,
  type JsonSchema,
  type OpenApiParameter,
} from '../test/openapi.js';
import { ADDRESS, createShopApp, orderPayload, shopClient, type ShopApp } from '../test/shop.js';

const PASSWORD = 'Secret12';

let t: ShopApp;
let operations: ApiOperation[];
const started = Date.now();
const totals = { operations: 0, requests: 0, fiveXX: 0, failures: 0 };

interface Account {
  id: number;
  account: string;
}
let buyer: Account;
let admin: Account;
/** Existing things the plausible values point at, so that the code behind validation runs too. */
const known = { productId: 0, gid: '', orderId: 0 };

async function createAccount(admin: boolean): Promise<Account> {
  const account = `${admin ? 'fuzzstaff' : 'fuzzbuyer'}_${randomBytes(3).toString('hex')}`;
  const user = await t.services.account.createUser({ account, password: PASSWORD, name: account, role: admin ? 'owner' : null });
  return { id: user.id, account };
}
const tokenOf = (who: Account) => t.services.authn.issueUserToken(who.id);

beforeAll(async () => {
  t = await createShopApp();
  operations = await apiOperations(t);
  // The buyer is the database's first user, so the first cart line, address, order and order
  // line all belong to them: small ids in path parameters reach real rows.
  buyer = await createAccount(false);
  admin = await createAccount(true);
  const call = shopClient(t, await tokenOf(buyer));
  const p = t.products;
  for (const body of [
    { itemId: p.cube, type: 'black', quantity: 2 },
    { itemId: p.timer, quantity: 2 },
  ])
    expect((await call('POST', '/api/cart/items', { body })).status).toBe(200);
  expect((await call('POST', '/api/address', { body: { ...ADDRESS, asDefault: true } })).status).toBe(200);
  const order = await call('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
  expect(order.status).toBe(201);
  known.orderId = order.body.id as number;
  for (const body of [
    { itemId: p.cube, type: 'stickerless', quantity: 1 },
    { itemId: p.sticker, quantity: 5 },
  ])
    expect((await call('POST', '/api/cart/items', { body })).status).toBe(200);
  expect((await call('POST', '/api/favorites', { body: { itemId: p.cube } })).status).toBe(200);
  known.productId = p.cube;
  // A waiting chat conversation with a message, for the chat routes' gid.
  const actor = { uid: buyer.id, uname: buyer.account, agent: false, language: 'en' as const };
  const { group } = await t.services.chat.service.openForBuyer(actor);
  await t.services.chat.service.send(actor, { gid: group.gid, content: 'hello from the fuzzer' });
  known.gid = group.gid;
}, 120_000);

afterAll(async () => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzz (${TEST_DB_KIND}): ${totals.operations} operations fuzzed, ${totals.requests} requests sent, ` +
      `${totals.fiveXX} 5xx, ${totals.failures} failures, ${seconds} s`,
  );
  if (process.env.FUZZ_DEBUG) (await import('node:fs')).writeFileSync(process.env.FUZZ_DEBUG, debug.join('\n'));
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Plausible values: what a well-behaved client would send, derived from the schema. A case
// mutates one thing and keeps the rest plausible, so a request gets as deep as it can.

/** Field names the shop uses, with values its services accept (tried only when the schema allows them). */
const hints = (): [RegExp, unknown[]][] => [
  [/^gid$/i, [known.gid]],
  [/^uid$/i, [admin.id]],
  [/itemid/i, [known.productId]],
  [/^type$/i, ['black']],
  [/^account$/i, [buyer.account]],
  [/^id$/i, [known.orderId]],
  [/email/i, ['fuzz.reader@example.com']],
  [/mobile/i, ['13912345678']],
  [/country_?code/i, ['86']],
  [/phone/i, ['+1 (415) 555-0100']],
  [/password/i, [PASSWORD]],
  [/otp/i, ['123456']],
  [/regionid/i, ['US']],
  [/postal/i, ['94105']],
  [/express/i, ['dhl']],
  [/pay/i, ['tt']],
  [/keyword/i, ['cube']],
  [/name|user/i, ['Ada Lovelace']],
];
const STRING_POOL = ['abc', 'US', 'Ada Lovelace', '94105', '123456', 'fuzz.reader@example.com', 'a'];

function regexOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (typeof value === 'string') {
    if (!typeOk(schema, 'string')) return false;
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern && !regexOf(schema.pattern).test(value)) return false;
    return true;
  }
  if (typeof value === 'number') {
    if (!typeOk(schema, 'number') && !typeOk(schema, 'integer')) return false;
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    return true;
  }
  return false;
}

function typeOk(schema: JsonSchema, type: string): boolean {
  if (schema.type === undefined) return true;
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

function firstVariant(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf ?? schema.oneOf;
  if (!variants?.length) return schema;
  return variants.find((v) => v.type !== 'null') ?? variants[0]!;
}

function plausible(name: string, raw: JsonSchema): unknown {
  const schema = firstVariant(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const [pattern, values] of hints()) if (pattern.test(name)) for (const v of values) if (fits(schema, v)) return v;
  if (typeOk(schema, 'object') && schema.properties) return plausibleObject(schema);
  if (schema.type === 'array') {
    const item = plausible(name, schema.items ?? {});
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
  }
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer' || schema.type === 'number') {
    let min = schema.minimum ?? 1;
    if (schema.exclusiveMinimum === true) min += 1;
    if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
    return Math.max(min, Math.min(1, schema.maximum ?? 1));
  }
  if (schema.type === 'string') {
    if (schema.format === 'uuid') return known.gid || randomUUID();
    for (const v of STRING_POOL) if (fits(schema, v)) return v;
    return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  return '1';
}

/** The required properties of an object schema (optional ones are added by the cases that mutate them). */
function plausibleObject(raw: JsonSchema): Record<string, unknown> {
  const schema = firstVariant(raw);
  const out: Record<string, unknown> = {};
  for (const name of schema.required ?? []) out[name] = plausible(name, schema.properties?.[name] ?? {});
  return out;
}

function propertiesOf(raw: JsonSchema): [string, JsonSchema][] {
  const schema = firstVariant(raw);
  const all: Record<string, JsonSchema> = { ...schema.properties };
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) Object.assign(all, part.properties);
  return Object.entries(all);
}

// ---------------------------------------------------------------------------------------------
// Malformed values.

const KB100 = 100 * 1024 + 1;
const enc = encodeURIComponent;

/** Values for path and query parameters, already URL-encoded (some on purpose badly). */
const URL_VALUES: [string, string][] = [
  ['a word', 'abc'],
  ['empty', ''],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['1e308', '1e308'],
  ['-1e308', '-1e308'],
  ['1e3 (exponent)', '1e3'],
  ['1e-7', '1e-7'],
  ['2**53+1', '9007199254740993'],
  ['2**64', '18446744073709551616'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['hex 0x1F', '0x1F'],
  ['padded " 7 "', enc(' 7 ')],
  ['null', 'null'],
  ['true', 'true'],
  ['JSON array text', enc('[1,2]')],
  ['JSON object text', enc('{"a":1}')],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['BEL', '%07'],
  ['ESC sequence', '%1B%5B31m'],
  ['DEL', '%7F'],
  ['C1 control U+0085', '%C2%85'],
  ['lone surrogate (WTF-8 bytes)', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['bare %', '%'],
  ['bad escape %zz', '%zz'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['prototype', 'prototype'],
  ['toString', 'toString'],
  ['SQL quote', enc("1' OR '1'='1")],
  ['LIKE wildcards', enc('%_\\')],
  ['emoji', enc('🧊🧊')],
  ['100 KB string', 'a'.repeat(KB100)],
  ['100 KB of digits', '9'.repeat(KB100)],
];

/** Values for JSON body properties. */
const JSON_VALUES: [string, unknown][] = [
  ['string', 'abc'],
  ['empty string', ''],
  ['whitespace', '   '],
  ['array []', []],
  ['array [1,"2",null]', [1, '2', null]],
  ['object {}', {}],
  ['object {"a":1}', { a: 1 }],
  ['null', null],
  ['true', true],
  ['false', false],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['2**53+1', 2 ** 53 + 1],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"1e308"', '1e308'],
  ['"1e3"', '1e3'],
  ['"-1"', '-1'],
  ['"0x1F"', '0x1F'],
  ['" 7 "', ' 7 '],
  ['100 KB string', 'a'.repeat(KB100)],
  ['100 KB of digits', '9'.repeat(KB100)],
  ['array of 10,000 numbers', Array.from({ length: 10_000 }, (_v, i) => i + 1)],
  ['NUL', 'a\u0000b'],
  ['BEL', '\u0007'],
  ['ESC sequence', '\u001b[31m'],
  ['DEL', '\u007f'],
  ['C1 control U+0085', '\u0085'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', 'x\udc00'],
  ['"__proto__"', '__proto__'],
  ['"constructor"', 'constructor'],
  ['"prototype"', 'prototype'],
  ['"toString"', 'toString'],
  ['object with __proto__ key', JSON.parse('{"__proto__":{"admin":true}}') as unknown],
  ['SQL quote', "1' OR '1'='1"],
  ['LIKE wildcards', '%_\\'],
  ['HTML', '<script>alert(1)</script>'],
  ['emoji', '🧊🧊'],
];

/** Whole bodies, sent raw with a content type. */
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObjects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const wide = (() => {
  const parts: string[] = [];
  for (let i = 0; i < 100_000; i++) parts.push(`"k${i}":${i}`);
  return `{${parts.join(',')}}`;
})();
const wideArray = `[${Array.from({ length: 100_000 }, (_v, i) => i).join(',')}]`;
const JSON_TYPE = 'application/json';
const RAW_BODIES: [string, string | Buffer, string | undefined][] = [
  ['10,000 nested arrays', deep(10_000), JSON_TYPE],
  ['10,000 nested objects', deepObjects(10_000), JSON_TYPE],
  ['33 nested arrays (just past the limit)', deep(33), JSON_TYPE],
  ['100,000 keys', wide, JSON_TYPE],
  ['array of 100,000 numbers', wideArray, JSON_TYPE],
  ['over the body limit (3 MB)', JSON.stringify({ a: 'a'.repeat(3 * 1024 * 1024) }), JSON_TYPE],
  ['not JSON', 'hello', JSON_TYPE],
  ['truncated JSON', '{"a":', JSON_TYPE],
  ['JSON with a trailing comma', '{"a":1,}', JSON_TYPE],
  ['NaN literal', '{"a":NaN}', JSON_TYPE],
  ['byte-order mark before JSON', '\ufeff{}', JSON_TYPE],
  ['raw NUL byte', '{"a":"\u0000"}', JSON_TYPE],
  ['invalid UTF-8 bytes', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), JSON_TYPE],
  ['JSON null', 'null', JSON_TYPE],
  ['JSON array', '[]', JSON_TYPE],
  ['JSON string', '"abc"', JSON_TYPE],
  ['JSON number', '1e308', JSON_TYPE],
  ['__proto__ key', '{"__proto__":{"admin":true}}', JSON_TYPE],
  ['constructor.prototype keys', '{"constructor":{"prototype":{"admin":true}}}', JSON_TYPE],
  ['prototype and toString keys', '{"prototype":1,"toString":"x","hasOwnProperty":1,"valueOf":null}', JSON_TYPE],
  ['control character in a key', '{"a\\u0000b":1}', JSON_TYPE],
  ['empty body, JSON content type', '', JSON_TYPE],
  ['empty body, no content type', '', undefined],
  ['JSON as text/plain', '{"a":1}', 'text/plain'],
  ['JSON as form data', '{"a":1}', 'application/x-www-form-urlencoded'],
  ['form-encoded body', 'a=1&__proto__[admin]=1', 'application/x-www-form-urlencoded'],
  ['JSON as multipart', '{"a":1}', 'multipart/form-data; boundary=----x'],
  ['JSON as XML', '{"a":1}', 'application/xml'],
  ['JSON as octet-stream', '{"a":1}', 'application/octet-stream'],
  ['JSON without a content type', '{"a":1}', undefined],
];

/** Query strings with odd keys (added to the plausible query). */
const QUERY_EXTRAS: [string, string][] = [
  ['__proto__ key', '__proto__=1'],
  ['__proto__[admin] key', '__proto__%5Badmin%5D=1'],
  ['constructor, prototype, toString keys', 'constructor=x&prototype=y&toString=z&hasOwnProperty=1'],
  ['prototype keys with prototype values', '__proto__=constructor&constructor=__proto__'],
  ['NUL in a key', '%00=1'],
  ['NUL in an unknown value', 'zz=%00'],
  ['lone surrogate in a key', '%ED%A0%80=1'],
  ['1,000 unknown keys', Array.from({ length: 1000 }, (_v, i) => `k${i}=${i}`).join('&')],
  ['bare %', '%=%'],
];

const TOKEN = 'TOKEN';
/** Extra headers; TOKEN is replaced by the identity's token (or a made-up one). */
const HEADER_CASES: [string, Record<string, string>][] = [
  ['x-lang-type unknown', { 'x-lang-type': 'xx' }],
  ['x-lang-type NUL', { 'x-lang-type': 'zh\u0000' }],
  ['x-lang-type ESC', { 'x-lang-type': 'en\u001b[0m' }],
  ['x-lang-type __proto__', { 'x-lang-type': '__proto__' }],
  ['x-lang-type 10 KB', { 'x-lang-type': 'en'.repeat(5000) }],
  ['x-price-type unknown', { 'x-price-type': 'XYZ' }],
  ['x-price-type lower case', { 'x-price-type': 'usd' }],
  ['x-price-type BEL', { 'x-price-type': 'USD\u0007' }],
  ['x-price-type constructor', { 'x-price-type': 'constructor' }],
  ['x-price-type 1e308', { 'x-price-type': '1e308' }],
  ['accept-language odd q', { 'accept-language': 'zh;q=abc, en;q=1e308, *;q=-1' }],
  ['accept-language separators only', { 'accept-language': ',,,;;;===' }],
  ['accept-language 10 KB', { 'accept-language': 'en-US,'.repeat(1500) }],
  ['accept-language toString', { 'accept-language': 'toString' }],
  ['authorization Basic', { authorization: 'Basic YWxhZGRpbjpvcGVuc2VzYW1l' }],
  ['authorization Bearer without token', { authorization: 'Bearer' }],
  ['authorization Bearer and a space', { authorization: 'Bearer ' }],
  ['authorization two words', { authorization: 'Bearer a b' }],
  ['authorization lower-case scheme', { authorization: `bearer ${TOKEN}` }],
  ['authorization twice in one header', { authorization: `Bearer ${TOKEN}, Bearer ${TOKEN}` }],
  ['authorization Digest', { authorization: 'Digest username="a", realm="b", nonce="c"' }],
  ['authorization NUL', { authorization: 'Bearer a\u0000b' }],
  ['authorization __proto__', { authorization: 'Bearer __proto__' }],
  ['authorization 10 KB token', { authorization: `Bearer ${'A'.repeat(10 * 1024)}` }],
  ['authorization 10 KB garbage', { authorization: '\u0001x'.repeat(5 * 1024) }],
  ['authorization scheme only', { authorization: 'Negotiate' }],
  ['content-type charset utf-16', { 'content-type': 'application/json; charset=utf-16' }],
  ['content-type charset latin1', { 'content-type': 'application/json; charset=latin1' }],
  ['content-type empty charset', { 'content-type': 'application/json; charset=' }],
  ['content-type semicolons', { 'content-type': 'application/json;;;;' }],
  ['content-type quoted charset', { 'content-type': 'application/json; charset="utf-8"' }],
  ['content-type boundary', { 'content-type': 'application/json; boundary=----x' }],
  ['content-type upper case', { 'content-type': 'APPLICATION/JSON' }],
  ['content-type +json', { 'content-type': 'application/vnd.api+json' }],
  ['content-type 10 KB parameter', { 'content-type': `application/json; x=${'y'.repeat(10 * 1024)}` }],
  ['Idempotency-Key NUL', { 'idempotency-key': 'key\u0000' }],
  ['Idempotency-Key BEL', { 'idempotency-key': '\u0007\u0007' }],
  ['Idempotency-Key ESC', { 'idempotency-key': '\u001b[31m' }],
  ['Idempotency-Key DEL', { 'idempotency-key': 'k\u007f' }],
  ['Idempotency-Key 10 KB', { 'idempotency-key': 'k'.repeat(10 * 1024) }],
  ['Idempotency-Key empty', { 'idempotency-key': '' }],
  ['Idempotency-Key __proto__', { 'idempotency-key': '__proto__' }],
  ['accept-encoding odd q', { 'accept-encoding': 'br;q=abc, gzip;q=1e308, *;q=-1' }],
  ['accept-encoding unknown', { 'accept-encoding': 'zstd, snappy' }],
  ['if-none-match odd', { 'if-none-match': '*, W/"\u0001", ""' }],
  ['accept odd', { accept: 'image/webp;q=x, */*;;' }],
];

// ---------------------------------------------------------------------------------------------
// Cases and checks.

interface Case {
  what: string;
  /**
   * A body of 100 KB or more that the parser or the input hook refuses. Fastify parses and checks
   * a body before any preHandler looks at the token, so the identity cannot change its fate: these
   * go with one identity per operation (rotating), which keeps the run short.
   */
  heavy?: boolean;
  /** A value was sent for one field (so an error must not call it "undefined"). */
  sent?: boolean;
  method: ApiOperation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface Identity {
  name: 'no token' | 'buyer' | 'admin';
  token: string | undefined;
}

const failures: string[] = [];
/** FUZZ_DEBUG=<file>: writes every plausible request's answer and every 2xx there, to see how deep the cases get. */
const debug: string[] = [];

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 240 ? `${flat.slice(0, 240)}…` : flat;
}

function bodyText(res: LightMyRequestResponse): string {
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('image/')) return '';
  const encoding = String(res.headers['content-encoding'] ?? '');
  try {
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
    if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8');
  } catch {
    return res.body;
  }
  return res.body;
}

function check(op: ApiOperation, who: Identity, c: Case, res: LightMyRequestResponse) {
  const text = bodyText(res);
  const problems: string[] = [];
  if (res.statusCode >= 500) {
    totals.fiveXX++;
    problems.push('5xx');
  }
  const leak = leakIn(text);
  if (leak) problems.push(`shows a ${leak}`);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400 && type.includes('json')) {
    const shape = errorShapeProblem(text);
    if (shape) problems.push(shape);
    // A desc must describe what was sent: "expected number, received undefined" for a string is wrong.
    else if (c.sent && /received undefined/.test(text)) problems.push('desc says "received undefined" for a value that was sent');
  }
  // The document must say which operations need a token: one that declares none must not
  // refuse for lack of one, and one that declares it must not serve a caller without one.
  if (!hasSecurity(op) && (res.statusCode === 401 || res.statusCode === 403)) problems.push('refuses the caller but declares no security');
  if (declaresSecurity(op) && who.name === 'no token' && !('authorization' in c.headers) && res.statusCode < 300)
    problems.push('declares bearer security but served a request without a token');
  if (problems.length) {
    totals.failures++;
    failures.push(`${op.key} [${who.name}] ${c.what} -> ${res.statusCode} (${problems.join(', ')}): ${excerpt(text)}`);
  }
}

function queryString(pairs: [string, string][], extra?: string): string {
  const parts = pairs.map(([k, v]) => `${enc(k)}=${v}`);
  if (extra) parts.push(extra);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Path values that reach an existing row for the buyer: probed with GET on the same (or the parent) path. */
async function pathValuesFor(op: ApiOperation, token: string): Promise<Record<string, string>> {
  const params = parametersOf(op, 'path');
  const values: Record<string, string> = {};
  for (const p of params) values[p.name] = String(plausible(p.name, p.schema ?? {}));
  if (!params.length) return values;
  const getters = operations
    .filter((o) => o.method === 'GET' && (op.path === o.path || op.path.startsWith(`${o.path}/`)) && parametersOf(o, 'path').length === params.length)
    .sort((a, b) => b.path.length - a.path.length);
  const getter = getters[0];
  if (!getter) return values;
  // Ids the seed made, then small ids; a parameter whose range excludes a candidate keeps its minimum.
  for (const n of [known.productId, known.orderId, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    const candidate: Record<string, string> = {};
    for (const p of params) {
      const s = p.schema ?? {};
      const numeric = s.type === 'integer' || s.type === 'number';
      const inRange = n >= (s.minimum ?? -Infinity) && n <= (s.maximum ?? Infinity);
      candidate[p.name] = numeric ? String(inRange ? n : (s.minimum ?? 1)) : values[p.name]!;
    }
    const res = await t.app.inject({
      method: 'GET',
      url: fillPath(getter.path, candidate),
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: randomIp(),
    });
    if (res.statusCode < 300) return candidate;
  }
  return values;
}

interface Base {
  query: [string, string][];
  body: Record<string, unknown> | undefined;
}

/**
 * The plausible query and body of an operation: the required fields, and when that is refused,
 * the required fields plus optional ones with a known value (e.g. an e-mail where the schema
 * wants "an e-mail or a mobile"), tried in turn with the buyer's token.
 */
async function baseFor(op: ApiOperation, path: string, token: string): Promise<Base> {
  const queryParams = parametersOf(op, 'query');
  const bodySchema = bodySchemaOf(op);
  const hinted = (name: string) => hints().some(([pattern]) => pattern.test(name));
  const required = (): Base => ({
    query: queryParams.filter((p) => p.required).map((p) => [p.name, enc(String(plausible(p.name, p.schema ?? {})))]),
    body: bodySchema ? plausibleObject(bodySchema) : undefined,
  });
  const first = required();
  const optionalQuery = queryParams.filter((p) => !p.required && hinted(p.name));
  const optionalBody = bodySchema ? propertiesOf(bodySchema).filter(([name]) => !(name in (first.body ?? {})) && hinted(name)) : [];
  if (!optionalQuery.length && !optionalBody.length) return first;
  const candidates: Base[] = [first];
  const withQuery = (b: Base, list: OpenApiParameter[]): Base => ({
    ...b,
    query: [...b.query, ...list.map((p): [string, string] => [p.name, enc(String(plausible(p.name, p.schema ?? {})))])],
  });
  const withBody = (b: Base, list: [string, JsonSchema][]): Base => ({
    ...b,
    body: { ...b.body, ...Object.fromEntries(list.map(([n, sch]) => [n, plausible(n, sch)])) },
  });
  for (const p of optionalQuery) candidates.push(withQuery(required(), [p]));
  for (const prop of optionalBody) candidates.push(withBody(required(), [prop]));
  candidates.push(withBody(withQuery(required(), optionalQuery), optionalBody));
  // The first accepted candidate wins; failing that, the first one refused by a service rather
  // than by the schema (no details.field), since it got past validation.
  let best = first;
  let bestScore = -1;
  for (const candidate of candidates) {
    const options: InjectOptions = {
      method: op.method,
      url: path + queryString(candidate.query),
      headers: { authorization: `Bearer ${token}`, 'x-lang-type': 'en', 'idempotency-key': randomUUID() },
      remoteAddress: randomIp(),
    };
    if (op.method !== 'GET' && candidate.body) options.payload = candidate.body;
    const res = await t.app.inject(options);
    if (res.statusCode < 400) return candidate;
    const score = res.body.includes('"field"') ? 0 : 1;
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

/** Puts back what earlier batches removed: lines in the buyer's cart and an address. */
async function topUp(token: string) {
  const call = shopClient(t, token);
  for (const body of [
    { itemId: t.products.cube, type: 'black', quantity: 1 },
    { itemId: t.products.sticker, quantity: 1 },
  ])
    await call('POST', '/api/cart/items', { body });
  if (!(await call('GET', '/api/address')).body.length) await call('POST', '/api/address', { body: ADDRESS });
}

/**
 * Values at the edges the schema allows (and just past them): valid by the document, so they
 * reach the services and the database, where a column narrower than the schema (an int4 id
 * against a MAX_SAFE_INTEGER schema, a varchar shorter than maxLength) would fail.
 */
function boundaries(name: string, raw: JsonSchema): [string, unknown][] {
  const schema = firstVariant(raw);
  const out: [string, unknown][] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.minimum !== undefined) out.push([`minimum ${schema.minimum}`, schema.minimum], [`minimum - 1`, schema.minimum - 1]);
    if (schema.maximum !== undefined) out.push([`maximum ${schema.maximum}`, schema.maximum], [`maximum + 1`, schema.maximum + 1]);
    if (schema.maximum === undefined || schema.maximum > 2_147_483_647) out.push(['2**31 (past int4)', 2_147_483_648], ['2**31 - 1', 2_147_483_647]);
  }
  if (schema.type === 'string' && schema.maxLength !== undefined && !schema.pattern && !schema.enum && !schema.format) {
    out.push([`${schema.maxLength} ASCII characters (maxLength)`, 'a'.repeat(schema.maxLength)]);
    out.push([`${schema.maxLength} CJK characters (maxLength)`, '魔'.repeat(schema.maxLength)]);
    out.push([`${schema.maxLength + 1} characters (maxLength + 1)`, 'a'.repeat(schema.maxLength + 1)]);
  }
  if (schema.type === 'array' && schema.maxItems !== undefined) {
    const item = plausible(name, schema.items ?? {});
    out.push([`${schema.maxItems} items (maxItems)`, Array.from({ length: schema.maxItems }, () => item)]);
  }
  return out;
}

function casesFor(op: ApiOperation, pathValues: Record<string, string>, plausibleBase: Base): Case[] {
  const cases: Case[] = [];
  const queryParams = parametersOf(op, 'query');
  const pathParams = parametersOf(op, 'path');
  const bodySchema = bodySchemaOf(op);
  const hasBody = op.method !== 'GET';
  const baseQuery = plausibleBase.query;
  const baseBody = plausibleBase.body;
  const basePath = fillPath(op.path, pathValues);
  const base = (what: string, extra: Partial<Case> = {}): Case => {
    const headers: Record<string, string> = { 'idempotency-key': randomUUID() };
    const c: Case = { what, method: op.method, url: basePath + queryString(baseQuery), headers, ...extra };
    if (hasBody && baseBody !== undefined && !('payload' in extra)) {
      c.payload = JSON.stringify(baseBody);
      headers['content-type'] = JSON_TYPE;
    }
    Object.assign(headers, extra.headers);
    return c;
  };

  cases.push(base('plausible request'));

  for (const p of pathParams) {
    for (const [label, value] of URL_VALUES) {
      cases.push(base(`path ${p.name} = ${label}`, { url: fillPath(op.path, { ...pathValues, [p.name]: value }, true) + queryString(baseQuery), sent: true }));
    }
    for (const [label, value] of boundaries(p.name, p.schema ?? {})) {
      cases.push(
        base(`path ${p.name} = ${label}`, { url: fillPath(op.path, { ...pathValues, [p.name]: String(value) }) + queryString(baseQuery), sent: true }),
      );
    }
  }

  const queryCase = (p: OpenApiParameter, label: string, raw: string) =>
    base(`query ${p.name} = ${label}`, { url: basePath + queryString([...baseQuery.filter(([k]) => k !== p.name)], raw), sent: true });
  for (const p of queryParams) {
    for (const [label, value] of URL_VALUES) cases.push(queryCase(p, label, `${enc(p.name)}=${value}`));
    for (const [label, value] of boundaries(p.name, p.schema ?? {})) cases.push(queryCase(p, label, `${enc(p.name)}=${enc(String(value))}`));
    const good = enc(String(plausible(p.name, p.schema ?? {})));
    cases.push(queryCase(p, 'repeated (an array)', `${enc(p.name)}=${good}&${enc(p.name)}=${good}`));
    cases.push(queryCase(p, 'key without a value', enc(p.name)));
    cases.push(queryCase(p, 'bracketed key', `${enc(p.name)}%5B%5D=${good}`));
  }
  for (const [label, extra] of QUERY_EXTRAS) cases.push(base(`query ${label}`, { url: basePath + queryString(baseQuery, extra) }));

  if (bodySchema) {
    for (const [name, schema] of propertiesOf(bodySchema)) {
      for (const [label, value] of [...JSON_VALUES, ...boundaries(name, schema)]) {
        cases.push(
          base(`body ${name} = ${label}`, { payload: JSON.stringify({ ...baseBody, [name]: value }), headers: { 'content-type': JSON_TYPE }, sent: true }),
        );
      }
      const without = { ...baseBody };
      delete without[name];
      cases.push(base(`body without ${name}`, { payload: JSON.stringify(without), headers: { 'content-type': JSON_TYPE } }));
    }
    cases.push(
      base('body with prototype keys beside valid fields', {
        payload: `{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},${JSON.stringify(baseBody).slice(1)}`,
        headers: { 'content-type': JSON_TYPE },
      }),
    );
    cases.push(
      base('body with unknown fields (userId, admin, price)', {
        payload: JSON.stringify({ ...baseBody, userId: 1, admin: true, price: 0, totalPrice: 0 }),
        headers: { 'content-type': JSON_TYPE },
      }),
    );
  }
  if (hasBody) {
    for (const [label, payload, type] of RAW_BODIES) {
      const c = base(`body ${label}`, { payload, heavy: payload.length >= 100_000 });
      if (type) c.headers['content-type'] = type;
      else delete c.headers['content-type'];
      cases.push(c);
    }
  }

  for (const [label, headers] of HEADER_CASES) {
    // A content type means nothing without a body.
    if (!hasBody && 'content-type' in headers) continue;
    cases.push(base(`header ${label}`, { headers }));
  }
  return cases;
}

async function send(op: ApiOperation, who: Identity, c: Case) {
  const headers: Record<string, string> = { 'x-lang-type': 'en', 'x-price-type': 'CNY' };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  for (const [name, value] of Object.entries(c.headers)) headers[name] = value.replaceAll(TOKEN, who.token ?? 'made-up-token');
  const options: InjectOptions = { method: c.method, url: c.url, headers, remoteAddress: randomIp() };
  if (c.payload !== undefined) options.payload = c.payload;
  let res: LightMyRequestResponse;
  try {
    res = await t.app.inject(options);
  } catch (err) {
    // inject rejects only when no answer came at all (a hung or torn-down request).
    totals.failures++;
    failures.push(`${op.key} [${who.name}] ${c.what} -> no answer: ${String(err)}`);
    return;
  }
  totals.requests++;
  if (process.env.FUZZ_DEBUG && (c.what === 'plausible request' || res.statusCode < 300))
    debug.push(`${op.key} [${who.name}] ${c.what} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
  check(op, who, c, res);
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

it('answers every malformed request to every operation below 500, without internals, in the error shape', async () => {
  expect(operations.length).toBeGreaterThan(20);
  for (const op of operations) {
    // Fresh tokens per operation: a sign-out or password change in one batch does not blunt the next.
    const identities: Identity[] = [
      { name: 'no token', token: undefined },
      { name: 'buyer', token: await tokenOf(buyer) },
      { name: 'admin', token: await tokenOf(admin) },
    ];
    await topUp(identities[1]!.token!);
    const pathValues = await pathValuesFor(op, identities[1]!.token!);
    const cases = casesFor(op, pathValues, await baseFor(op, fillPath(op.path, pathValues), identities[1]!.token!));
    totals.operations++;
    const heavyFor = identities[totals.operations % identities.length]!;
    for (const who of identities)
      await pool(
        cases.filter((c) => !c.heavy || who === heavyFor),
        4,
        (c) => send(op, who, c),
      );
  }
  const shown = failures.slice(0, 200);
  expect(failures.length, `${failures.length} failures (first ${shown.length}):\n${shown.join('\n')}\n`).toBe(0);
}, 600_000);
