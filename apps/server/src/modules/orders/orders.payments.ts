import { convertBetween, formatMoney, minorToMajor, toMinor, type TPaymentCreate } from '@cubeshop/shared';
import { badRequest, conflict } from '../../lib/app-error.js';
import type { AuditService, StaffActor } from '../audit/audit.service.js';
import { must, type OrderChange } from './orders.change.js';
import type { OrdersStaffRepository } from './orders.staff.repository.js';
import { balanceMinor, owedMinor, paymentStatus } from './orders.money.js';
import type { OrderNotifier } from './orders.notify.js';

export interface OrderPaymentsDeps {
  repo: Pick<OrdersStaffRepository, 'insertPayment' | 'updateOrder'>;
  audit: AuditService;
  notifier: OrderNotifier;
  change: OrderChange;
}

/** Payments received and refunds given (docs/orders.md, Money after the order). */
export function createOrderPayments({ repo, audit, notifier, change }: OrderPaymentsDeps) {
  return {
    /**
     * POST /api/admin/orders/{id}/payments: a payment received or a refund given, converted to the
     * order's currency at the order's rate (an amount that converts to nothing is refused). A
     * refund pays out at most what the shop owes back (the negative balance: an overpayment, a
     * credit note, a cancelled order that was paid); a payment beyond what is owed needs the staff
     * member's confirmation (a system payment, a PayPal capture, is money already taken and is
     * always recorded); a cancelled order takes refunds only. `externalId` (a PayPal capture id)
     * is recorded once per method: the same one again changes nothing and answers 0.
     */
    async recordPayment(actor: StaffActor | null, id: number, body: TPaymentCreate, externalId?: string): Promise<number> {
      if (actor) must(actor, 'payments.record');
      let paymentId = 0;
      await change(id, async (tx, row, buyer) => {
        // Staff record no payment on a cancelled order; money PayPal already took (actor null) is recorded and becomes a refund due.
        if (row.status === 'cancel' && body.kind === 'payment' && actor) throw conflict('orderCancelledNoPayment');
        const amountMinor = toMinor(body.amount);
        const orderAmountMinor = convertBetween(amountMinor, body.currency, row.currency, row.exchangeRate);
        if (orderAmountMinor <= 0)
          throw badRequest('paymentRoundsToNothing', { amount: formatMoney(amountMinor, body.currency), currency: row.currency }, { field: 'amount' });
        const money = (m: number) => formatMoney(m, row.currency);
        const balance = balanceMinor(row);
        if (body.kind === 'refund') {
          if (balance >= 0) throw conflict('refundNothingDue', {}, { refundDue: 0 });
          if (orderAmountMinor > -balance) throw conflict('refundTooLarge', { max: money(-balance) }, { refundDue: minorToMajor(-balance) });
        } else if (actor && orderAmountMinor > Math.max(balance, 0) && !body.confirmOverpayment) {
          throw conflict(
            'paymentExceedsDue',
            { toPay: money(Math.max(balance, 0)) },
            { toPay: minorToMajor(Math.max(balance, 0)), amount: minorToMajor(orderAmountMinor) },
          );
        }
        const paid = row.paidMinor + (body.kind === 'payment' ? orderAmountMinor : 0);
        const refunded = row.refundedMinor + (body.kind === 'refund' ? orderAmountMinor : 0);
        const created = await repo.insertPayment(tx, {
          orderId: id,
          kind: body.kind,
          amountMinor,
          currency: body.currency,
          orderAmountMinor,
          method: body.method,
          reference: body.reference ?? null,
          paidAt: body.paidAt ? new Date(body.paidAt) : new Date(),
          recordedBy: actor?.id ?? null,
          externalId: externalId ?? null,
        });
        if (!created) return;
        paymentId = created.id;
        const next = { ...row, paidMinor: paid, refundedMinor: refunded };
        const nextStatus = paymentStatus(next);
        await repo.updateOrder(tx, id, { paidMinor: paid, refundedMinor: refunded, paymentStatus: nextStatus });
        await notifier.queue(tx, buyer, body.kind === 'payment' ? 'paid' : 'refunded', next, { amountMinor: orderAmountMinor, key: created.id });
        await audit.record(tx, actor ?? { id: null, name: 'system', role: null }, [
          {
            action: body.kind === 'payment' ? 'order.payment' : 'order.refund',
            entity: 'order',
            entityId: id,
            before: { paymentStatus: row.paymentStatus, balance: minorToMajor(balance), owed: minorToMajor(owedMinor(row)), currency: row.currency },
            after: {
              paymentStatus: nextStatus,
              balance: minorToMajor(balanceMinor(next)),
              owed: minorToMajor(owedMinor(next)),
              currency: row.currency,
              amount: body.amount,
              paidCurrency: body.currency,
              method: body.method,
              reference: body.reference ?? null,
            },
          },
        ]);
      });
      return paymentId;
    },
  };
}
