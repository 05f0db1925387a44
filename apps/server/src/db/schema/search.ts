import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Words buyers use for the same thing ("3x3", "三阶", "3阶"): each row is one group of
 * equivalent words, normalised (NFKC, lower case). The catalog's search reads them
 * (docs/catalog.md, Search); staff edit them. Defaults come with the migrations.
 * `kind`: `same` (the words are equivalent) or `short` (a short form cubers write: the first word
 * stands for each of the others, words or phrases: "xmd" -> "x-man"; not the other way round).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  words: text('words').array().notNull(),
  kind: text('kind', { enum: ['same', 'short'] })
    .notNull()
    .default('same'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What buyers searched for, per UTC day and normalised keyword: how often, and how often
 * nothing was found. No user, address or time of day is kept.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] })],
);
