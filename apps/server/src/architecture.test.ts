import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Layering rules lint cannot express (README, Architecture). The import rules themselves (db/ and
// plugins/ below the modules, only repositories touch Drizzle) are in eslint.config.js; import
// cycles are found by scripts/cycles.mjs.

const src = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(src, '../../..');

function files(dir: string, test: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'migrations', '.tmp'].includes(entry.name) ? [] : files(full, test);
    return test(entry.name) ? [full] : [];
  });
}

describe('architecture', () => {
  it('every table is read and written by the repositories of one module only', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of files(path.join(src, 'modules'), (name) => name.endsWith('.repository.ts'))) {
      // The module is the folder under modules/, also for a repository in one of its job folders (modules/catalog/search/).
      const module = path.relative(path.join(src, 'modules'), file).split(path.sep)[0]!;
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*\/db\/schema[^']*'/g)) {
        for (const name of match[1]!
          .split(',')
          .map((n) => n.replace(/^\s*type\s+/, '').trim())
          .filter(Boolean)) {
          if (!owners.has(name)) owners.set(name, new Set());
          owners.get(name)!.add(module);
        }
      }
    }
    expect(owners.size).toBeGreaterThan(10);
    const shared = [...owners].filter(([, modules]) => modules.size > 1).map(([table, modules]) => `${table}: ${[...modules].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('module files sit in their module folder or one job folder below it (the import rules of eslint.config.js count on it)', () => {
    const modules = path.join(src, 'modules');
    const deep = files(modules, (name) => /\.(ts|tsx|mjs)$/.test(name))
      .map((file) => path.relative(modules, file))
      .filter((file) => file.split(path.sep).length > 3);
    expect(deep).toEqual([]);
  });

  it('no source file is over 400 lines without the reason written at its top', () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'e2e', 'bench', 'scripts'].map((p) => path.join(repoRoot, p));
    const long = roots
      .flatMap((root) => files(root, (name) => /\.(ts|tsx|mjs)$/.test(name)))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
        return lines > 400 && !/400 lines/i.test(text.split('\n').slice(0, 12).join('\n'));
      })
      .map((file) => path.relative(repoRoot, file));
    expect(long).toEqual([]);
  });
});
