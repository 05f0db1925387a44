import { MIN_QUANTITY, type TAddress, type TCartInfo, type TCartItem } from '@cubeshop/shared';

// Quantity input rules are shared with product cards (packages/shared).
export { MAX_LINE_QUANTITY as MAX_STEPPER_QUANTITY, normalizeQuantity, stepQuantity } from '@cubeshop/shared';

type RuleLine = Pick<TCartItem, 'name' | 'quantity' | 'moq' | 'minOrderQuantity' | 'orderMultiple'> & { problem?: TCartItem['problem'] };

/** Lines below their minimum order quantity (moq, default 1) and lines off their order multiple. */
export function orderRuleViolations(lines: readonly RuleLine[]): { moq: string[]; multiple: string[] } {
  const moq: string[] = [];
  const multiple: string[] = [];
  for (const line of lines) {
    const min = Math.max(line.moq || 0, line.minOrderQuantity || 0, MIN_QUANTITY);
    if (line.quantity < min || line.problem === 'moq') moq.push(line.name);
    else if ((line.orderMultiple && line.orderMultiple > 1 && line.quantity % line.orderMultiple !== 0) || line.problem === 'multiple')
      multiple.push(line.name);
  }
  return { moq: unique(moq), multiple: unique(multiple) };
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/**
 * The messages shown before submitting (docs/requirements.md, Validation): 'Product {names} quantity is less than
 * the minimum order quantity', and the same for order multiples. `t` is the cart namespace.
 */
export function orderRuleMessages(lines: readonly RuleLine[], t: (key: string, params: Record<string, unknown>) => string, separator = ', '): string[] {
  const { moq, multiple } = orderRuleViolations(lines);
  const messages: string[] = [];
  if (moq.length) messages.push(t('rules.moq', { names: moq.join(separator) }));
  if (multiple.length) messages.push(t('rules.multiple', { names: multiple.join(separator) }));
  return messages;
}

/** The query of GET /api/cart/info/express-fee. */
export interface TFeeRequest {
  deliveryRegionId: string;
  deliveryPostalCode: string;
  expressMethod: string;
  payMethod: string;
  totalGw: number;
  totalVolumeWeight: number;
}

export type TCartTotals = Pick<TCartInfo, 'lineCount' | 'pieceCount' | 'goodsAmount' | 'totalGw' | 'totalVolumeWeight'>;

/**
 * What the shipping quote depends on (docs/requirements.md, States): null when it cannot be asked for (no
 * address, no method or no items); otherwise the request. Any change of address, method,
 * payment method or cart totals gives a different request or totals key, so the quote is asked
 * for again and the calculated flag starts false.
 */
export function feeRequest(
  address: Pick<TAddress, 'deliveryRegionId' | 'deliveryPostalCode'> | null,
  expressMethod: string,
  payMethod: string,
  totals: TCartTotals | null | undefined,
): TFeeRequest | null {
  if (!address || !expressMethod || !totals || totals.lineCount <= 0) return null;
  return {
    deliveryRegionId: address.deliveryRegionId,
    deliveryPostalCode: address.deliveryPostalCode,
    expressMethod,
    payMethod,
    totalGw: totals.totalGw,
    totalVolumeWeight: totals.totalVolumeWeight,
  };
}

/** A key for everything in the totals that changes the quote (quantities change pieces and goods too). */
export function totalsKey(totals: TCartTotals | null | undefined): string {
  if (!totals) return '';
  return [totals.lineCount, totals.pieceCount, totals.goodsAmount, totals.totalGw, totals.totalVolumeWeight].join('|');
}

/** Whether the fee inputs changed between two renders (the recalculation trigger). */
export function feeInputsChanged(a: { request: TFeeRequest | null; totals: string }, b: { request: TFeeRequest | null; totals: string }): boolean {
  return JSON.stringify(a.request) !== JSON.stringify(b.request) || a.totals !== b.totals;
}

/**
 * Create order is enabled only when address, shipping method, payment method, items and a
 * calculated fee all exist, and not while submitting (docs/requirements.md, States).
 */
export function canCreateOrder(state: {
  address: unknown;
  expressMethod: string;
  payMethod: string;
  lineCount: number;
  feeCalculated: boolean;
  submitting: boolean;
}): boolean {
  return Boolean(state.address) && state.expressMethod !== '' && state.payMethod !== '' && state.lineCount > 0 && state.feeCalculated && !state.submitting;
}

/** A fresh Idempotency-Key (a v4 UUID; browsers offer randomUUID on HTTPS and on localhost). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * One key per checkout attempt: the same payload reuses the key (double click, retry), a
 * changed payload starts a new attempt, a placed order ends it.
 */
export class IdempotencyKeys {
  private current: { key: string; payload: string } | null = null;
  constructor(private readonly make: () => string = newIdempotencyKey) {}
  keyFor(payload: unknown): string {
    const text = JSON.stringify(payload);
    if (!this.current || this.current.payload !== text) this.current = { key: this.make(), payload: text };
    return this.current.key;
  }
  done(): void {
    this.current = null;
  }
}

/** Money of the API (major units of `currency`) as minor units for formatMoney. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

/** A line an order was refused for (POST /api/orders 400, stock.reserve on the server): what it asked and what is left. */
export interface TStockShortLine {
  itemId: number;
  typeCode: string;
  name: string;
  requested: number;
  available: number;
}

/**
 * The short lines of an order refused for stock (details `{reason: 'stockShort', lines}`), or
 * null for any other refusal.
 */
export function stockShortLines(details: Record<string, unknown> | null | undefined): TStockShortLine[] | null {
  if (!details || details.reason !== 'stockShort' || !Array.isArray(details.lines)) return null;
  const lines = (details.lines as unknown[]).filter(
    (l): l is TStockShortLine =>
      typeof l === 'object' &&
      l !== null &&
      typeof (l as TStockShortLine).itemId === 'number' &&
      typeof (l as TStockShortLine).typeCode === 'string' &&
      typeof (l as TStockShortLine).available === 'number' &&
      typeof (l as TStockShortLine).requested === 'number',
  );
  return lines.length > 0 ? lines : null;
}
