import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

/** Rows a statement: 9 parameters each. */
const INSERT_BATCH = 2_000;

export function createAuditRepository(db: Db) {
  return {
    /**
     * Inside the transaction of the change (pass its handle). Many rows (a spreadsheet import's
     * one per product) go in multi-row statements of INSERT_BATCH rows, within PostgreSQL's
     * 65,535 parameters a statement.
     */
    async insert(exec: Db, rows: readonly NewAuditRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_BATCH) await exec.insert(auditLog).values(rows.slice(i, i + INSERT_BATCH));
    },
    async forEntity(entity: string, entityId: string, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
    async page(
      filter: { entity?: string | undefined; entityId?: string | undefined; actorId?: number | undefined },
      limit: number,
      offset: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const where = and(
        filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
        filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
