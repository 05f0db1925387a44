import { z } from 'zod';
import { KEYWORD_MAX_LENGTH, ZProduct, ZProductListQuery } from './product.js';

/**
 * Search helpers of the shop window and the back office (docs/catalog.md, Search): suggestions
 * while typing, and what buyers searched for (no personal data) for staff.
 */

/** GET /api/items/suggest?keyword= : what the search box offers while the buyer types. */
export const ZSuggestQuery = z.object({
  keyword: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(KEYWORD_MAX_LENGTH)),
});
export type TSuggestQuery = z.infer<typeof ZSuggestQuery>;

/** At most this many products, brands and categories in one answer. */
export const SUGGEST_LIMITS = { products: 6, brands: 3, categories: 3 } as const;

export const ZSuggestions = z.object({
  /** The keyword as the server read it (normalised); empty: nothing to suggest. */
  keyword: z.string(),
  /** Best matches first; names and images in the request language. */
  products: z.array(z.object({ id: z.number().int(), name: z.string(), brand: z.string().nullable(), thumbnail: z.string() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TSuggestions = z.infer<typeof ZSuggestions>;

/** Fewer products than this found for a keyword: the results page offers other searches (GET /api/items/alternatives). */
export const FEW_RESULTS = 5;
/** Products shown as the closest when a keyword finds nothing. */
export const CLOSEST_PRODUCTS = 8;

/** GET /api/items/alternatives: the keyword and filters of a search (as GET /api/items). */
export const ZSearchAlternativesQuery = ZProductListQuery.pick({ supplierId: true, categoryId: true, minPrice: true, maxPrice: true }).extend({
  keyword: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim().max(KEYWORD_MAX_LENGTH)),
});
export type TSearchAlternativesQuery = z.infer<typeof ZSearchAlternativesQuery>;

/**
 * What a search that finds few products (< FEW_RESULTS) may try instead (docs/catalog.md, Search,
 * Never a dead end): every keyword here finds products (`count`, with the filters when `filters`).
 */
export const ZSearchAlternatives = z.object({
  /** The keyword as the server read it (normalised). */
  keyword: z.string(),
  /** Products the search itself finds with the filters (as GET /api/items's recTotal). */
  total: z.number().int(),
  /** "Did you mean": the keyword with each word no product matches well replaced by the nearest brand, model or word (with the same filters). */
  didYouMean: z.array(z.object({ keyword: z.string(), count: z.number().int() })),
  /** Broader searches: the keyword without one of its words (`dropped`), or without the filters (`filters: false`). */
  broaden: z.array(z.object({ keyword: z.string(), dropped: z.string().nullable(), filters: z.boolean(), count: z.number().int() })),
  /** When nothing is found: the best products of the first alternative (its keyword, and whether the filters were kept). */
  closest: z.object({ keyword: z.string(), filters: z.boolean(), products: z.array(ZProduct) }).nullable(),
});
export type TSearchAlternatives = z.infer<typeof ZSearchAlternatives>;

/** GET /api/admin/search/terms: most searched terms, or those that found nothing. */
export const SEARCH_TERM_KINDS = ['top', 'zero'] as const;
export const ZSearchTermsQuery = z.object({
  kind: z.enum(SEARCH_TERM_KINDS).default('top'),
  /** The last N days, today included. */
  days: z.coerce.number().int().min(1).max(365).default(30),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  recPerPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type TSearchTermsQuery = z.infer<typeof ZSearchTermsQuery>;

export const ZSearchTerm = z.object({
  /** The keyword normalised (NFKC, lower case, single spaces): no user, no address, no time of day. */
  term: z.string(),
  searches: z.number().int(),
  /** Of those, searches that found no product. */
  zeroResults: z.number().int(),
  /** Day of the last search, YYYY-MM-DD (UTC). */
  lastDay: z.string(),
});
export type TSearchTerm = z.infer<typeof ZSearchTerm>;

export const ZSearchTermList = z.object({
  data: z.array(ZSearchTerm),
  pager: z.object({ page: z.number().int(), recPerPage: z.number().int(), recTotal: z.number().int() }),
});
export type TSearchTermList = z.infer<typeof ZSearchTermList>;

/**
 * Synonym groups (docs/catalog.md, Synonyms): words buyers use for the same thing (3x3 = 三阶,
 * 磁力 = magnetic). Staff with catalog.manage edit them; the search reads them at its next build.
 * A group of kind `short` is a short form cubers write: its first word (one word) stands for each
 * of the others, words or phrases ("xmd" -> "x-man", "cb" -> "cyclone boys"), not the other way round.
 */
export const SYNONYM_KINDS = ['same', 'short'] as const;
export const ZSynonymKind = z.enum(SYNONYM_KINDS);
export type TSynonymKind = z.infer<typeof ZSynonymKind>;
export const SYNONYM_WORDS_MAX = 20;
export const SYNONYM_WORD_MAX_LENGTH = 40;
export const SYNONYM_GROUPS_MAX = 1_000;

export const ZSynonymGroup = z.object({
  id: z.number().int(),
  /** Normalised as a search reads them (NFKC, lower case, single spaces), in the order given. */
  words: z.array(z.string()),
  /** `same` (equivalent words) or `short` (the first word stands for the others); always sent. */
  kind: ZSynonymKind.optional(),
  updatedTime: z.string(),
});
export type TSynonymGroup = z.infer<typeof ZSynonymGroup>;

export const ZSynonymList = z.object({ data: z.array(ZSynonymGroup) });
export type TSynonymList = z.infer<typeof ZSynonymList>;

/** POST and PUT /api/admin/search/synonyms[/:id]: at least two different words once normalised. */
export const ZSynonymInput = z.object({
  words: z.array(z.string().max(SYNONYM_WORD_MAX_LENGTH)).min(2).max(SYNONYM_WORDS_MAX),
  /** Default `same` on creation; on a change, absent keeps the group's kind. */
  kind: ZSynonymKind.optional(),
});
export type TSynonymInput = z.infer<typeof ZSynonymInput>;

export const ZSynonymIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
