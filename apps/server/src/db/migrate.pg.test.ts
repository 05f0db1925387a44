import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { createTestDatabase } from '../test/harness.js';

describe('migrations on PostgreSQL', () => {
  it('are safe when several instances start at once', async () => {
    const fresh = await createTestDatabase();
    // createTestDatabase migrated once; drop everything to start from an empty database again.
    await fresh.database.db.execute('drop schema public cascade; create schema public; drop schema if exists drizzle cascade;');
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh.url, poolSize: 2 })));
    await Promise.all(instances.map((i) => i.migrate()));
    const { rows } = (await instances[0]!.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations')) as { rows: { n: number }[] };
    const { readdirSync } = await import('node:fs');
    const { MIGRATIONS_DIR } = await import('./client.js');
    expect(rows[0]!.n).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
    await Promise.all(instances.map((i) => i.close()));
    await fresh.drop();
  });
});
