import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { items, searchSynonyms, searchTerms } from '../../../db/schema/index.js';
import type { TSynonymKind } from '@cubeshop/shared';
import type { IndexRow } from './catalog.search.index.js';

/** One day's count of one normalised keyword (the search log, no personal data). */
export interface SearchTermCount {
  day: string;
  term: string;
  searches: number;
  zeroResults: number;
}

export interface SearchTermRow {
  term: string;
  searches: number;
  zeroResults: number;
  lastDay: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The search's tables (docs/catalog.md, Search): the index's reads, synonyms and the search log. */
/** Products read per query when the search index is built. */
const INDEX_ROWS_PER_READ = 5_000;

export function createCatalogSearchRepository(db: Db) {
  return {
    /**
     * Every product on sale with what the search index keeps of it, by id, INDEX_ROWS_PER_READ at
     * a time with a turn for other requests between reads: mapping 100,000 rows at once held the
     * event loop for most of a second. `only`: just these products (those of them on sale).
     */
    async indexRows(perRead = INDEX_ROWS_PER_READ, only?: readonly number[]): Promise<IndexRow[]> {
      if (only?.length === 0) return [];
      const out: IndexRow[] = [];
      const typeNames = new Map<string, string[]>();
      for (let after = 0; ;) {
        const rows = await db
          .select({
            id: items.id,
            nameZh: items.nameZh,
            nameEn: items.nameEn,
            types: sql<string>`${items.types}::text`,
            supplierId: items.supplierId,
            categoryId: items.categoryId,
            barcode: items.barcode,
            basePriceFen: items.basePriceFen,
            hot: items.hot,
            discountPercent: items.discountPercent,
            createdAt: items.createdAt,
            updatedAt: items.updatedAt,
          })
          .from(items)
          .where(and(isNull(items.archivedAt), gt(items.id, after), only ? inArray(items.id, [...only]) : undefined))
          .orderBy(asc(items.id))
          .limit(perRead);
        for (const { types, ...r } of rows) {
          let names = typeNames.get(types);
          if (!names) {
            names = (JSON.parse(types) as { zh?: string; en?: string }[]).flatMap((t) => [t.zh ?? '', t.en ?? '']).filter(Boolean);
            typeNames.set(types, names);
          }
          out.push({ ...r, typeNames: names });
        }
        if (rows.length < perRead) return out;
        after = rows[rows.length - 1]!.id;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },

    /** Groups of equivalent words (`same`) and short forms (`short`: the first word stands for the others). */
    async synonyms(): Promise<{ same: string[][]; short: string[][] }> {
      const rows = await db.select({ words: searchSynonyms.words, kind: searchSynonyms.kind }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
      return { same: rows.filter((r) => r.kind !== 'short').map((r) => r.words), short: rows.filter((r) => r.kind === 'short').map((r) => r.words) };
    },

    /** The groups as staff edit them (id order: the oldest first). */
    async synonymGroups(tx: Db = db, id?: number): Promise<{ id: number; words: string[]; kind: TSynonymKind; updatedAt: Date }[]> {
      return tx
        .select({ id: searchSynonyms.id, words: searchSynonyms.words, kind: searchSynonyms.kind, updatedAt: searchSynonyms.updatedAt })
        .from(searchSynonyms)
        .where(id === undefined ? undefined : eq(searchSynonyms.id, id))
        .orderBy(asc(searchSynonyms.id));
    },

    async countSynonymGroups(tx: Db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(searchSynonyms);
      return Number(row?.n ?? 0);
    },

    async insertSynonyms(tx: Db, words: string[], kind: TSynonymKind = 'same'): Promise<number> {
      const [row] = await tx.insert(searchSynonyms).values({ words, kind }).returning({ id: searchSynonyms.id });
      return row!.id;
    },

    /** False when there is no such group. `kind` undefined: as it was. */
    async updateSynonyms(tx: Db, id: number, words: string[], kind?: TSynonymKind): Promise<boolean> {
      const rows = await tx
        .update(searchSynonyms)
        .set({ words, ...(kind ? { kind } : {}), updatedAt: new Date() })
        .where(eq(searchSynonyms.id, id))
        .returning({ id: searchSynonyms.id });
      return rows.length > 0;
    },

    async deleteSynonyms(tx: Db, id: number): Promise<boolean> {
      const rows = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
      return rows.length > 0;
    },

    /** Adds counts to the log (one statement; a day and term already there add up). */
    async addTermCounts(counts: readonly SearchTermCount[]): Promise<void> {
      if (counts.length === 0) return;
      await db.execute(sql`
        insert into ${searchTerms} (day, term, searches, zero_results)
        select * from unnest(${sql.param(counts.map((c) => c.day))}::date[], ${sql.param(counts.map((c) => c.term))}::text[],
          ${sql.param(counts.map((c) => c.searches))}::int[], ${sql.param(counts.map((c) => c.zeroResults))}::int[])
        on conflict (day, term) do update set
          searches = ${searchTerms.searches} + excluded.searches,
          zero_results = ${searchTerms.zeroResults} + excluded.zero_results`);
    },

    /**
     * Terms searched since `sinceDay` (inclusive), summed over the days: the most searched
     * first ('top'), or only those that found nothing at least once, most such searches first ('zero').
     */
    async termPage(kind: 'top' | 'zero', sinceDay: string, limit: number, offset: number): Promise<{ rows: SearchTermRow[]; total: number }> {
      const having = kind === 'zero' ? sql`having sum(zero_results) > 0` : sql``;
      const order = kind === 'zero' ? sql`zero_results desc, searches desc, term` : sql`searches desc, zero_results desc, term`;
      const result = await db.execute(sql`
        select term, sum(searches)::int as searches, sum(zero_results)::int as zero_results, max(day)::text as last_day, count(*) over ()::int as total
        from ${searchTerms} where day >= ${sinceDay}::date
        group by term ${having}
        order by ${order}
        limit ${limit} offset ${offset}`);
      const rows = rowsOf<{ term: string; searches: number; zero_results: number; last_day: string; total: number }>(result);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && offset > 0) {
        const counted = await db.execute(
          sql`select count(*)::int as n from (select term from ${searchTerms} where day >= ${sinceDay}::date group by term ${having}) t`,
        );
        total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
      }
      return {
        rows: rows.map((r) => ({ term: r.term, searches: Number(r.searches), zeroResults: Number(r.zero_results), lastDay: r.last_day })),
        total: Number(total),
      };
    },
  };
}
export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>;
