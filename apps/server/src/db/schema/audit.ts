import type { TStaffRole } from '@cubeshop/shared';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff change (docs/architecture.md): who, when, what, before and after. Written in the same
 * transaction as the change; never updated or deleted. The actor's name and role are copied so
 * the log reads the same after staff change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').$type<TStaffRole>(),
    /** What was done: order.status, order.payment, order.line, user.role ... */
    action: text('action').notNull(),
    /** What it was done to (order, user ...) and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);
