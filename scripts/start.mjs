// npm start: install what is missing, build, then serve web + API + WebSocket from one process.
// The server migrates the database and seeds the demo data when it is empty.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, forwardSignals, log, root, startChild } from './lib.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  log(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
  process.exit(1);
}

ensureInstalled();
ensureBuilt();
log('starting the server ...');
const child = startChild(process.execPath, [path.join(root, 'apps/server/dist/server.js')]);
forwardSignals([child]);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
