#!/usr/bin/env node
// `npx cubeshop <command>`: the shop's command line (see apps/server/src/cli/commands.ts).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolve(serverDir, 'dist/cli.js');
if (!existsSync(entry)) {
  execSync('npx tsc -b', { cwd: serverDir, stdio: 'inherit' });
}
const { cli } = await import(pathToFileURL(entry).href);
process.exitCode = await cli(process.argv.slice(2));
