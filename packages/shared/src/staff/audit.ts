/**
 * Every action the audit log records (DESIGN.md: every staff change is audited). The server's
 * audit service takes only these; the staff app has a label for each in zh and en (a test checks).
 */
export const AUDIT_ACTIONS = [
  'order.transition',
  'order.cancel',
  'order.shipUnpaid',
  'order.line',
  'order.shippingFee',
  'order.payment',
  'order.refund',
  'order.note',
  'order.message',
  'request.create',
  'request.approve',
  'request.refuse',
  'customer.disable',
  'customer.enable',
  'customer.note',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
