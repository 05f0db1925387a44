import type { TAuditAction, TAuditEntry, TAuditList } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import type { StaffActor } from '../../lib/session.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

/** Who made a staff change (lib/session.ts; the auth plugin's staffActorOf makes one from a request). */
export type { StaffActor };

/** The system itself (a PayPal capture, a worker). */
export const SYSTEM_ACTOR: StaffActor = { id: null, name: 'system', role: null };

export interface AuditChange {
  action: TAuditAction;
  entity: string;
  entityId: string | number;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
  note?: string | null | undefined;
}

/** JSON with object keys in order (jsonb gives keys back in its own order: {code, zh, en} is {en, zh, code}). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

/**
 * The fields whose values differ, before and after (an audit entry of a change keeps only those):
 * the product editor's and the spreadsheet import's entries are made by it alike.
 */
export function auditDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (canonical(before[key]) !== canonical(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a };
}

function toEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    time: row.createdAt.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    note: row.note,
  };
}

/**
 * The audit log (docs/architecture.md: every staff change is audited). Services that change something for
 * staff call `record` with their transaction, so the change and its entry commit together.
 */
export function createAuditService(repo: AuditRepository) {
  return {
    async record(tx: Db, actor: StaffActor, changes: readonly AuditChange[]): Promise<void> {
      await repo.insert(
        tx,
        changes.map((c) => ({
          actorId: actor.id,
          actorName: actor.name,
          actorRole: actor.role,
          action: c.action,
          entity: c.entity,
          entityId: String(c.entityId),
          before: c.before ?? null,
          after: c.after ?? null,
          note: c.note ?? null,
        })),
      );
    },
    /** One thing's history, newest first. */
    async of(entity: string, entityId: string | number, limit = 500): Promise<TAuditEntry[]> {
      return (await repo.forEntity(entity, String(entityId), limit)).map(toEntry);
    },
    /** The staff activity page (optionally one thing's: entity and entityId, e.g. item 42). */
    async list(q: {
      page: number;
      recPerPage: number;
      entity?: string | undefined;
      entityId?: string | undefined;
      actorId?: number | undefined;
    }): Promise<TAuditList> {
      const { rows, total } = await repo.page({ entity: q.entity, entityId: q.entityId, actorId: q.actorId }, q.recPerPage, (q.page - 1) * q.recPerPage);
      return { data: rows.map(toEntry), pager: { page: q.page, recPerPage: q.recPerPage, recTotal: total } };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
