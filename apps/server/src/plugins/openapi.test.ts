import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPI3 } from 'openapi-typescript';
import { API_SCHEMA_FILE, apiSchemaSource, openApiDocument } from '../test/api-schema.js';

// The OpenAPI document is the contract the web app is typed from (apps/web/src/lib/api-schema.d.ts,
// made by `npm run api:types`): it must be whole, and the checked-in types must be what it makes now.
describe('OpenAPI document', () => {
  let document: OpenAPI3;
  beforeAll(async () => {
    document = await openApiDocument();
  }, 120_000);

  it('every $ref points at a schema of the document (a recursive schema is a named component)', () => {
    const refs = new Set<string>();
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    const schemas = document.components?.schemas ?? {};
    const dangling = [...refs].filter((ref) => !(ref.startsWith('#/components/schemas/') && ref.slice('#/components/schemas/'.length) in schemas));
    expect(dangling).toEqual([]);
    // The category tree is the one recursive answer today; it refers to itself by name.
    expect(refs).toContain('#/components/schemas/Category');
  });

  it('apps/web/src/lib/api-schema.d.ts is up to date (run `npm run api:types` after changing a route schema)', async () => {
    const expected = await apiSchemaSource(document);
    const actual = fs.existsSync(API_SCHEMA_FILE) ? fs.readFileSync(API_SCHEMA_FILE, 'utf8') : '';
    // Not toEqual on 11,000 lines: the message says what to do, and where the first difference is.
    if (actual !== expected) {
      const a = actual.split('\n');
      const e = expected.split('\n');
      let line = 0;
      while (line < Math.max(a.length, e.length) && a[line] === e[line]) line++;
      expect.fail(
        `apps/web/src/lib/api-schema.d.ts is stale: run \`npm run api:types\` and commit it.\n` +
          `First difference at line ${line + 1}:\n  checked in: ${a[line] ?? '(end of file)'}\n  generated:  ${e[line] ?? '(end of file)'}`,
      );
    }
  }, 60_000);
});
