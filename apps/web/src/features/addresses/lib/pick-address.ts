import type { TAddress } from '@cubeshop/shared';

/** The selected address: the chosen one while it exists, else the default, else the first (docs/requirements.md, States). */
export function pickAddress(addresses: readonly TAddress[] | undefined, selectedId: number | null): TAddress | null {
  if (!addresses?.length) return null;
  return addresses.find((a) => a.id === selectedId) ?? addresses.find((a) => a.asDefault) ?? addresses[0] ?? null;
}
