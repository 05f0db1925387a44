import { sql, type SQL } from 'drizzle-orm';

/**
 * The stored staff search text of a row (docs/orders.md, Staff search): the given columns joined
 * by spaces (NULL as empty), NFKC-normalised, lower-cased, every character written twice. A
 * generated column: PostgreSQL computes it on every insert and update, whoever writes the row.
 * lib/contains.ts folds and doubles what staff type the same way. Every function used is
 * immutable, as a generated column requires. `columns` are SQL expressions over the row's own
 * columns (quoted names).
 */
export function doubledSearchText(columns: string[]): SQL {
  const joined = columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
  return sql.raw(`regexp_replace(lower(normalize(${joined}, NFKC)), '(.)', '\\1\\1', 'g')`);
}
