// npm start: install what is missing, build, then serve web + API + WebSocket from one process.
// The server migrates the database and seeds the demo data when it is empty. It runs under a
// supervisor that starts it again when it crashes (see supervise.mjs).
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from './lib.mjs';
import { supervise } from './supervise.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  log(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
  process.exit(1);
}

ensureInstalled();
ensureBuilt();
log('starting the server ...');
const server = supervise({ command: process.execPath, args: [path.join(root, 'apps/server/dist/server.js')] });
process.exit(await server.done);
