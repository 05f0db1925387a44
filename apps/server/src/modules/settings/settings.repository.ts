import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** The only code that reads or writes the `settings` table (one JSON value per key). */
export function createSettingsRepository(db: Db) {
  return {
    /** Every stored setting, by key. */
    async all(): Promise<Map<string, unknown>> {
      const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    /** Writes a setting, replacing the stored value. */
    async put(key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** Writes a setting only when the key has no value yet; true when it was written. */
    async putIfMissing(key: string, value: unknown): Promise<boolean> {
      const rows = await db.insert(settings).values({ key, value }).onConflictDoNothing().returning({ key: settings.key });
      return rows.length > 0;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
