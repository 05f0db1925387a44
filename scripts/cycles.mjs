// Import cycles in every workspace (docs/architecture.md, Layout), with dependency-cruiser and the
// rule in .dependency-cruiser.cjs: one walk of each workspace's graph, resolved with its own
// tsconfig (paths such as @/), type-only imports included. Part of `npm run lint`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const config = path.join(root, '.dependency-cruiser.cjs');
const bin = path.join(root, 'node_modules/.bin/depcruise');
/** [workspace, what to walk, its tsconfig (undefined: plain ES modules)] */
const workspaces = [
  ['packages/shared', ['src'], 'tsconfig.json'],
  ['apps/server', ['src', 'bin'], 'tsconfig.test.json'],
  ['apps/web', ['src'], 'tsconfig.json'],
  ['e2e', ['.'], 'tsconfig.json'],
  ['bench', ['.'], 'tsconfig.json'],
  ['scripts', ['.'], undefined],
];
let failed = 0;
for (const [dir, targets, tsconfig] of workspaces) {
  const args = ['--config', config, ...(tsconfig ? ['--ts-config', tsconfig] : []), '--output-type', 'err', ...targets];
  const run = spawnSync(bin, args, { cwd: path.join(root, dir), encoding: 'utf8' });
  if (run.status !== 0) {
    failed += 1;
    process.stdout.write(`import cycles in ${dir}:\n${run.stdout}${run.stderr}`);
  }
}
process.exit(failed ? 1 : 0);
