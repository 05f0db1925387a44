// npm run api:types: regenerates apps/web/src/lib/api-schema.d.ts, the web app's types of the API,
// from the server's OpenAPI document, without a running server (src/test/api-schema.ts builds the
// app on an in-memory database). `--json <file>` also writes the document itself.
// Runs under tsx (the server's sources are TypeScript).
import fs from 'node:fs';
import path from 'node:path';
import { API_SCHEMA_FILE, apiSchemaSource, openApiDocument } from '../src/test/api-schema.ts';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
// npm runs a workspace's script in its folder; paths are the caller's.
const cwd = process.env.INIT_CWD ?? process.cwd();
const jsonArg = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const jsonFile = jsonArg ? path.resolve(cwd, jsonArg) : undefined;
if (jsonAt >= 0 && !jsonFile) {
  console.error('usage: api-types.mjs [--json <file>]');
  process.exit(2);
}

const document = await openApiDocument();
if (jsonFile) {
  fs.writeFileSync(jsonFile, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${path.relative(cwd, jsonFile)}`);
}
const text = await apiSchemaSource(document);
const before = fs.existsSync(API_SCHEMA_FILE) ? fs.readFileSync(API_SCHEMA_FILE, 'utf8') : '';
const shown = path.relative(cwd, API_SCHEMA_FILE);
if (before === text) console.log(`${shown} is up to date`);
else {
  fs.writeFileSync(API_SCHEMA_FILE, text);
  console.log(`wrote ${shown}`);
}
