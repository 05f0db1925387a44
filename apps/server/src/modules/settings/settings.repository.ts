import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exchangeRates, settings } from '../../db/schema/index.js';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

/** The only code that reads or writes the `settings` and `exchange_rates` tables (one JSON value per key; the rate history). */
export function createSettingsRepository(db: Db) {
  return {
    /** Every stored setting, by key. */
    async all(): Promise<Map<string, unknown>> {
      const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    /** Runs `work` in one transaction (settings, the rate history and the audit entry commit together). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Appends a rate to the history. */
    async addRate(cnyPerUsd: number, setBy: number | null, tx: Db = db): Promise<void> {
      await tx.insert(exchangeRates).values({ cnyPerUsd, setBy });
    },

    /** The rate history, newest first. */
    async rates(limit: number): Promise<ExchangeRateRow[]> {
      return db.select().from(exchangeRates).orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id)).limit(limit);
    },

    /** Writes a setting, replacing the stored value. */
    async put(key: string, value: unknown, tx: Db = db): Promise<void> {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** Removes a setting (its default applies again). */
    async remove(key: string, tx: Db = db): Promise<void> {
      await tx.delete(settings).where(eq(settings.key, key));
    },

    /** Writes a setting only when the key has no value yet; true when it was written. */
    async putIfMissing(key: string, value: unknown): Promise<boolean> {
      const rows = await db.insert(settings).values({ key, value }).onConflictDoNothing().returning({ key: settings.key });
      return rows.length > 0;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
