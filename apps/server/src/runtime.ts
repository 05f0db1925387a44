import path from 'node:path';
import type { TConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';

/** Opens the configured database: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: TConfig): Promise<Database> {
  return openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') });
}
