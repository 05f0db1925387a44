import { stringify } from 'csv-stringify/browser/esm/sync';
import { safeSheetRow, type TStaffOrderRow } from '@cubeshop/shared';

/**
 * Rows as CSV (RFC 4180 quoting) with a byte-order mark so spreadsheet programs read UTF-8
 * (Chinese names). Every cell goes through the shop's one formula-injection guard
 * (`safeSheetRow`: text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`; numbers
 * stay numbers), so a receiver named `=HYPERLINK(...)` opens as text (docs/security.md).
 */
export function toCsv(rows: (string | number)[][]): string {
  return `\uFEFF${stringify(rows.map((r) => safeSheetRow(r)))}`;
}

const ORDER_HEADER = [
  'id',
  'created',
  'status',
  'payment',
  'logistics',
  'tracking',
  'carrier',
  'currency',
  'total',
  'totalCny',
  'balance',
  'lines',
  'pieces',
  'chargeableKg',
  'country',
  'receiver',
  'buyerAccount',
  'buyerEmail',
  'buyerMobile',
  'shipping',
  'payMethod',
];

/** The order queue's CSV export: one order a row. */
export function ordersCsv(rows: readonly TStaffOrderRow[]): string {
  const lines = rows.map((r) => [
    r.id,
    r.createdTime,
    r.status,
    r.paymentStatus,
    r.logisticsStatus,
    r.trackingNumber ?? '',
    r.carrier ?? '',
    r.currency,
    r.totalAmount.toFixed(2),
    r.totalCny.toFixed(2),
    r.balance.toFixed(2),
    r.lineCount,
    r.quantity,
    r.chargeableWeight.toFixed(4),
    r.country,
    r.deliveryUser,
    r.buyer.account,
    r.buyer.email ?? '',
    r.buyer.mobile ?? '',
    r.expressMethod.id,
    r.payMethod.id,
  ]);
  return toCsv([ORDER_HEADER, ...lines]);
}
