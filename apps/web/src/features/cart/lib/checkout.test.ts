import { describe, expect, it } from 'vitest';
import type { TAddress } from '@cubeshop/shared';
import {
  IdempotencyKeys,
  canCreateOrder,
  feeInputsChanged,
  feeRequest,
  normalizeQuantity,
  orderRuleMessages,
  orderRuleViolations,
  stepQuantity,
  totalsKey,
} from './checkout';

const address = (id: number, asDefault = false, regionId = 'US', postal = '10001'): TAddress => ({
  id,
  deliveryRegionId: regionId,
  deliveryState: null,
  deliveryCity: 'New York',
  deliveryPostalCode: postal,
  deliveryUser: 'Jane',
  deliveryPhone: '+1 212',
  deliveryCompany: null,
  deliveryTaxId: null,
  deliveryShippingMark: null,
  deliveryAddress: '350 Fifth Avenue',
  deliveryAddress2: null,
  asDefault,
  createdTime: '',
  updatedTime: '',
});

const totals = { lineCount: 3, pieceCount: 8, goodsAmount: 120.5, totalGw: 1.234, totalVolumeWeight: 0.8 };

describe('quantity normalisation', () => {
  it('turns non-numeric or below-1 input into 1 and floors fractions', () => {
    expect(normalizeQuantity('abc')).toBe(1);
    expect(normalizeQuantity('')).toBe(1);
    expect(normalizeQuantity('  ')).toBe(1);
    expect(normalizeQuantity(0)).toBe(1);
    expect(normalizeQuantity(-5)).toBe(1);
    expect(normalizeQuantity('0.5')).toBe(1);
    expect(normalizeQuantity(Number.NaN)).toBe(1);
    expect(normalizeQuantity(undefined)).toBe(1);
    expect(normalizeQuantity('2.9')).toBe(2);
    expect(normalizeQuantity(7.5)).toBe(7);
    expect(normalizeQuantity(' 12 ')).toBe(12);
    expect(normalizeQuantity(10_000_000)).toBe(100_000);
  });

  it('steps by one, or between multiples of the order multiple, never below 1', () => {
    expect(stepQuantity(1, -1)).toBe(1);
    expect(stepQuantity(1, 1)).toBe(2);
    expect(stepQuantity(6, 1, 3)).toBe(9);
    expect(stepQuantity(7, 1, 3)).toBe(9);
    expect(stepQuantity(7, -1, 3)).toBe(6);
    // Never below the smallest allowed quantity: one order multiple (or the MOQ).
    expect(stepQuantity(3, -1, 3)).toBe(3);
  });
});

describe('MOQ and order multiple check', () => {
  const line = (name: string, quantity: number, moq: number, orderMultiple: number | null = null, problem: 'moq' | 'multiple' | 'type' | null = null) => ({
    name,
    quantity,
    moq,
    minOrderQuantity: moq,
    orderMultiple,
    problem,
  });
  const t = (key: string, params: Record<string, unknown>) =>
    key === 'rules.moq'
      ? `Product ${String(params.names)} quantity is less than the minimum order quantity`
      : `Product ${String(params.names)} quantity must be a multiple of its order multiple`;

  it('passes lines at or above their moq and on their multiple', () => {
    expect(orderRuleMessages([line('A', 1, 1), line('B', 6, 6, 3), line('C', 9, 6, 3)], t)).toEqual([]);
  });

  it('names every line below its moq in one message', () => {
    expect(orderRuleMessages([line('GAN 12', 2, 6), line('MoYu', 1, 1), line('QiYi', 11, 12, 6)], t)).toEqual([
      'Product GAN 12, QiYi quantity is less than the minimum order quantity',
    ]);
  });

  it('reports lines off their multiple separately, and takes the server problem flags', () => {
    expect(orderRuleViolations([line('A', 7, 6, 3), line('B', 6, 6, null, 'moq'), line('C', 6, 1, null, 'multiple')])).toEqual({
      moq: ['B'],
      multiple: ['A', 'C'],
    });
    expect(orderRuleMessages([line('A', 7, 6, 3)], t, '、')).toEqual(['Product A quantity must be a multiple of its order multiple']);
  });

  it('counts moq 0 as the default minimum of 1', () => {
    expect(orderRuleViolations([line('A', 1, 0)])).toEqual({ moq: [], multiple: [] });
  });
});

describe('shipping fee recalculation trigger', () => {
  it('asks nothing without an address, a method or items', () => {
    expect(feeRequest(null, 'dhl', 'paypal', totals)).toBeNull();
    expect(feeRequest(address(1), '', 'paypal', totals)).toBeNull();
    expect(feeRequest(address(1), 'dhl', 'paypal', { ...totals, lineCount: 0 })).toBeNull();
    expect(feeRequest(address(1), 'dhl', 'paypal', undefined)).toBeNull();
  });

  it('asks with the public params (payment optional)', () => {
    expect(feeRequest(address(1), 'dhl', '', totals)).toEqual({
      deliveryRegionId: 'US',
      deliveryPostalCode: '10001',
      expressMethod: 'dhl',
      payMethod: '',
      totalGw: 1.234,
      totalVolumeWeight: 0.8,
    });
  });

  it('changes when the address, method, payment or totals change, and not otherwise', () => {
    const base = { request: feeRequest(address(1), 'dhl', 'paypal', totals), totals: totalsKey(totals) };
    const same = { request: feeRequest(address(1), 'dhl', 'paypal', { ...totals }), totals: totalsKey({ ...totals }) };
    expect(feeInputsChanged(base, same)).toBe(false);
    const variants = [
      { request: feeRequest(address(2, false, 'DE', '10115'), 'dhl', 'paypal', totals), totals: totalsKey(totals) },
      { request: feeRequest(address(1, false, 'US', '10002'), 'dhl', 'paypal', totals), totals: totalsKey(totals) },
      { request: feeRequest(address(1), 'ems', 'paypal', totals), totals: totalsKey(totals) },
      { request: feeRequest(address(1), 'dhl', 'alipay', totals), totals: totalsKey(totals) },
      { request: feeRequest(address(1), 'dhl', 'paypal', { ...totals, totalGw: 2 }), totals: totalsKey({ ...totals, totalGw: 2 }) },
      { request: base.request, totals: totalsKey({ ...totals, pieceCount: 9, goodsAmount: 130 }) },
      { request: null, totals: base.totals },
    ];
    for (const next of variants) expect(feeInputsChanged(base, next)).toBe(true);
  });
});

describe('create-order enabling rule', () => {
  const ready = { address: address(1), expressMethod: 'dhl', payMethod: 'paypal', lineCount: 2, feeCalculated: true, submitting: false };
  it('is enabled when address, method, payment, items and a calculated fee all exist', () => {
    expect(canCreateOrder(ready)).toBe(true);
  });
  it.each([
    ['no address', { address: null }],
    ['no shipping method', { expressMethod: '' }],
    ['no payment method', { payMethod: '' }],
    ['no items', { lineCount: 0 }],
    ['fee not calculated', { feeCalculated: false }],
    ['while submitting', { submitting: true }],
  ])('is disabled with %s', (_label, change) => {
    expect(canCreateOrder({ ...ready, ...change })).toBe(false);
  });
});

describe('idempotency keys', () => {
  it('reuses the key for the same attempt and starts a new one after a change or success', () => {
    let n = 0;
    const keys = new IdempotencyKeys(() => `k${++n}`);
    expect(keys.keyFor({ a: 1 })).toBe('k1');
    expect(keys.keyFor({ a: 1 })).toBe('k1');
    expect(keys.keyFor({ a: 2 })).toBe('k2');
    keys.done();
    expect(keys.keyFor({ a: 2 })).toBe('k3');
  });
});
