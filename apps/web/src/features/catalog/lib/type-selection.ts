import type { TProductType } from '@cubeshop/shared';

/** With exactly one type it is used without asking (docs/requirements.md, Validation); otherwise the buyer picks. */
export function initialType(types: readonly TProductType[] | null | undefined): string | undefined {
  return types?.length === 1 ? types[0]!.code : undefined;
}

export type TTypeResolution = { ok: true; type: string } | { ok: false; error: 'select-type' };

/**
 * The type sent to the cart: '' for a product without types, the only one when there is one,
 * the buyer's choice otherwise; with several types and none chosen: the select-type error.
 */
export function resolveType(types: readonly TProductType[] | null | undefined, selected: string | null | undefined): TTypeResolution {
  const list = types ?? [];
  if (list.length === 0) return { ok: true, type: '' };
  if (list.length === 1) return { ok: true, type: list[0]!.code };
  if (selected && list.some((t) => t.code === selected)) return { ok: true, type: selected };
  return { ok: false, error: 'select-type' };
}
