/**
 * Staff search by any part of a name, company, account, phone, e-mail or order number
 * (docs/orders.md, Staff search). The searched rows keep one stored column, `search_text`: their
 * fields joined by spaces, NFKC-normalised, lower-cased and with every character written twice
 * ("Tom 小明" -> "ttoomm  小小明明"), computed by PostgreSQL itself (a generated column, see
 * db/schema/search-text.ts), so every write keeps it right, seeders and bulk inserts included.
 * A pg_trgm GIN index on it answers LIKE '%...%'. Doubling gives a 2-character fragment (小明,
 * "to") trigrams the index can use; a doubled fragment occurs in a doubled text exactly when the
 * fragment occurs in the text (docs/catalog.md, Search, explains the same trick for products).
 *
 * What staff type is split into words; each word must occur somewhere in the row's text.
 */

/** Words of a search that count; more are ignored (each is one more index condition). */
export const MAX_SEARCH_WORDS = 8;

/** NFKC and lower case, as the column's `lower(normalize(..., NFKC))`. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The LIKE patterns of a search, one per distinct word (empty: nothing to search): each word
 * folded and doubled as the stored text is, its own % _ and \ taken literally.
 */
export function containsPatterns(text: string): string[] {
  const words = [...new Set(fold(text).split(/\s+/u).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  return words.map((word) => `%${word.replace(/./gsu, '$&$&').replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
