import { minorToMajor, type TLocale, type TUnpaidOrdersSetting } from '@cubeshop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR, type AuditService } from '../audit/audit.service.js';
import { balanceMinor } from './orders.money.js';
import type { OrderNotifier } from './orders.notify.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

// The unpaid-order follow-up (docs/orders.md, Unpaid orders): a reminder to the buyer some days
// after the order was placed, and a cancel (stock released, the buyer mailed) of an order with
// nothing paid some days after it was placed, each once per order however many instances sweep.

const DAY_MS = 86_400_000;

export type LapseRow = Pick<
  OrderRow,
  'status' | 'paymentStatus' | 'paidMinor' | 'refundedMinor' | 'creditedMinor' | 'totalMinor' | 'actualTotalMinor' | 'createdAt' | 'unpaidRemindedAt'
>;

/** Waiting for money: confirmed, not left the warehouse, something left to pay (unpaid or partly paid). */
export const awaitingPayment = (row: LapseRow) => row.status === 'confirm' && balanceMinor(row) > 0;

/**
 * What the follow-up may cancel: waiting for money and no payment ever recorded (an order paid in
 * part, or paid and refunded, is the staff's to decide: the buyer has shown they mean it).
 */
export const nothingPaid = (row: LapseRow) => awaitingPayment(row) && row.paidMinor === 0 && row.paymentStatus === 'unpaid';

/** The reminder is due: reminders on, waiting for money, old enough, never reminded. */
export function reminderDue(row: LapseRow, policy: TUnpaidOrdersSetting, now: Date): boolean {
  return (
    !!policy.remindAfterDays &&
    row.unpaidRemindedAt === null &&
    awaitingPayment(row) &&
    row.createdAt.getTime() + policy.remindAfterDays * DAY_MS <= now.getTime()
  );
}

/**
 * When the follow-up cancels the order unless a payment is recorded first; null when it never
 * will (cancelling off, or not an order it cancels). `cancelAfterDays` after it was placed, and,
 * with reminders on, never sooner than the days between reminder and cancel after the reminder went
 * out (a reminder not sent yet goes out at its age, or at once when that is past: turning the
 * follow-up on gives old orders their reminder and the full grace before any cancel).
 */
export function lapsesAt(row: LapseRow, policy: TUnpaidOrdersSetting, now: Date): Date | null {
  if (!policy.cancelAfterDays || !nothingPaid(row)) return null;
  const byAge = row.createdAt.getTime() + policy.cancelAfterDays * DAY_MS;
  if (!policy.remindAfterDays) return new Date(byAge);
  const grace = (policy.cancelAfterDays - policy.remindAfterDays) * DAY_MS;
  const reminded = row.unpaidRemindedAt?.getTime() ?? Math.max(row.createdAt.getTime() + policy.remindAfterDays * DAY_MS, now.getTime());
  return new Date(Math.max(byAge, reminded + grace));
}

/** The cancel is due now. */
export function cancelDue(row: LapseRow, policy: TUnpaidOrdersSetting, now: Date): boolean {
  const at = lapsesAt(row, policy, now);
  return at !== null && at.getTime() <= now.getTime() && (!policy.remindAfterDays || row.unpaidRemindedAt !== null);
}

/** Why the order was cancelled, in the buyer's language (their order page and cancel mail). */
export function lapseReason(days: number, locale: TLocale): string {
  return locale === 'zh' ? `下单后 ${days} 天内未付款，订单已自动取消` : `Not paid within ${days} days of ordering: cancelled automatically`;
}

export interface UnpaidFollowUpDeps {
  orders: Pick<OrdersRepository, 'unpaidWork' | 'claimReminder'>;
  /** The staff cancel path (orders.staff.ts), run by the system. */
  staff: { cancelUnpaid(id: number, due: (row: OrderRow) => boolean, reason: (locale: TLocale) => string): Promise<boolean> };
  notifier: Pick<OrderNotifier, 'contactOf' | 'queue' | 'sent'>;
  audit: Pick<AuditService, 'record'>;
  /** The settings (days; null: off). */
  policy: () => Promise<TUnpaidOrdersSetting>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Orders of each kind one pass handles at most (the next pass takes the rest). */
  batch?: number;
}

export interface SweepResult {
  reminded: number[];
  cancelled: number[];
}

/**
 * The sweep: every instance runs it on a timer (`start`); tests and the CLI call `sweep` with the
 * time to sweep as of. Each order is claimed on its own (the reminder by a conditional UPDATE, the
 * cancel under the order's row lock with the rule checked again), so racing sweeps, on one database
 * or several instances, remind once and cancel once. One order's failure is logged and skipped.
 */
export function createUnpaidFollowUp(deps: UnpaidFollowUpDeps) {
  const batch = deps.batch ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function sweep(options: { now?: Date; only?: readonly number[] } = {}): Promise<SweepResult> {
    const now = options.now ?? new Date();
    const policy = await deps.policy();
    const done: SweepResult = { reminded: [], cancelled: [] };
    if (!policy.remindAfterDays && !policy.cancelAfterDays) return done;
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const remindBefore = policy.remindAfterDays ? ago(policy.remindAfterDays) : null;
    const work = await deps.orders.unpaidWork(
      {
        remindBefore,
        cancelBefore: policy.cancelAfterDays ? ago(policy.cancelAfterDays) : null,
        remindedBefore: policy.cancelAfterDays && policy.remindAfterDays ? ago(policy.cancelAfterDays - policy.remindAfterDays) : null,
      },
      batch,
      options.only,
    );

    for (const { id, userId } of work.remind) {
      try {
        // The contact first: the embedded database runs one transaction at a time on its one connection.
        const contact = await deps.notifier.contactOf(userId);
        const claimed = await deps.orders.claimReminder(id, now, remindBefore!, async (tx, row) => {
          const cancelAt = lapsesAt(row, policy, now);
          await deps.notifier.queue(tx, contact, 'reminder', row, { cancelAt });
          await deps.audit.record(tx, SYSTEM_ACTOR, [
            {
              action: 'order.remind',
              entity: 'order',
              entityId: id,
              after: {
                paymentStatus: row.paymentStatus,
                balance: minorToMajor(balanceMinor(row)),
                currency: row.currency,
                mailed: !!contact?.email,
                lapsesAt: cancelAt?.toISOString() ?? null,
              },
              note: 'unpaid',
            },
          ]);
        });
        if (claimed) done.reminded.push(id);
      } catch (err) {
        deps.log.warn({ err, orderId: id }, 'unpaid orders: reminder failed');
      }
    }
    if (done.reminded.length) deps.notifier.sent();

    const days = policy.cancelAfterDays!;
    for (const id of work.cancel) {
      try {
        if (
          await deps.staff.cancelUnpaid(
            id,
            (row) => cancelDue(row, policy, now),
            (locale) => lapseReason(days, locale),
          )
        )
          done.cancelled.push(id);
      } catch (err) {
        deps.log.warn({ err, orderId: id }, 'unpaid orders: cancel failed');
      }
    }
    return done;
  }

  return {
    sweep,
    /** Sweeps every `intervalMs` (one pass at a time) until `stop`. */
    start(intervalMs: number): void {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = sweep()
          .catch((err: unknown) => deps.log.error({ err }, 'unpaid orders: sweep failed'))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a pass in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type UnpaidFollowUp = ReturnType<typeof createUnpaidFollowUp>;
