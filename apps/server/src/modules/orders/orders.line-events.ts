import type { TLocale } from '@cubeshop/shared';
import type { OrderEventRow, OrderItemRow } from './orders.repository.js';

// Lines staff add or remove before the goods leave (docs/orders.md, Editing an order before it
// leaves) are history events of the order: `to_value` keeps the line as the buyer reads it in each
// language, so the history still names a removed line.

export type LineLabel = Record<TLocale, string>;

/** "Orbit 3x3 Magnetic Cube (Black)" / "轨道 三阶磁力魔方（黑色）". */
export function lineName(line: Pick<OrderItemRow, 'nameZh' | 'nameEn' | 'typeNameZh' | 'typeNameEn' | 'typeCode'>): LineLabel {
  const typeZh = line.typeNameZh || line.typeNameEn || line.typeCode;
  const typeEn = line.typeNameEn || line.typeNameZh || line.typeCode;
  return {
    zh: `${line.nameZh || line.nameEn}${typeZh ? `（${typeZh}）` : ''}`,
    en: `${line.nameEn || line.nameZh}${typeEn ? ` (${typeEn})` : ''}`,
  };
}

/** "Orbit 3x3 Magnetic Cube (Black) × 2" / "轨道 三阶磁力魔方（黑色） × 2". */
export function lineLabel(line: Pick<OrderItemRow, 'nameZh' | 'nameEn' | 'typeNameZh' | 'typeNameEn' | 'typeCode' | 'quantity' | 'actualQuantity'>): LineLabel {
  const pieces = line.actualQuantity ?? line.quantity;
  const name = lineName(line);
  return { zh: `${name.zh} × ${pieces}`, en: `${name.en} × ${pieces}` };
}

export const isLineEvent = (type: OrderEventRow['type']) => type === 'lineAdded' || type === 'lineRemoved';

/** The event's `to` as the reader sees it: a line event's label in the reader's language, else the stored value. */
export function eventTo(event: Pick<OrderEventRow, 'type' | 'toValue'>, locale: TLocale): string | null {
  if (!isLineEvent(event.type) || !event.toValue) return event.toValue;
  try {
    const label = JSON.parse(event.toValue) as Partial<LineLabel>;
    return label[locale] ?? label.en ?? label.zh ?? null;
  } catch {
    return event.toValue;
  }
}
