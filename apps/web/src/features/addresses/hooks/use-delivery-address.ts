import { useState } from 'react';
import type { TAddress } from '@cubeshop/shared';
import { useAddresses } from '../api/get-addresses';
import type { AddressCardProps } from '../components/AddressCard';
import { pickAddress } from '../lib/pick-address';

/**
 * The address an order goes to (docs/requirements.md, States): the buyer's choice while it exists, else the
 * default, else the first. Returns it with the props of the delivery address card, which
 * shows it and lets the buyer choose, add, edit and delete. The cart route puts the two
 * together: the checkout reads `address`, the card sits in its right column.
 */
export function useDeliveryAddress(enabled: boolean): { address: TAddress | null; card: AddressCardProps } {
  const addresses = useAddresses(enabled);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const address = pickAddress(addresses.data, selectedId);
  return {
    address,
    card: {
      addresses: addresses.data ?? [],
      selected: address,
      onSelect: setSelectedId,
      loading: addresses.isPending && enabled,
      failed: addresses.isError,
      onRetry: () => void addresses.refetch(),
    },
  };
}
