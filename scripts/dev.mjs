// npm run dev: hot reload. The shared package rebuilds on change, the API server restarts on
// change (tsx watch, port 8080), and Vite serves the web app with HMR on http://127.0.0.1:5173,
// proxying /api and /ws to the API server.
import path from 'node:path';
import { ensureInstalled, forwardSignals, log, root, run, startChild } from './lib.mjs';

ensureInstalled();
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
run(process.execPath, [tsc, '-b', 'packages/shared']);
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  startChild(process.execPath, [tsc, '-b', '-w', '--preserveWatchOutput', 'packages/shared']),
  startChild('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], { env }),
  startChild('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { env }),
];
forwardSignals(children);
log('web with hot reload: http://127.0.0.1:5173   (API: http://127.0.0.1:8080)');
for (const child of children) child.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));
