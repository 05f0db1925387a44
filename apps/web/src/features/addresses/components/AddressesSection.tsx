import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { useAddresses } from '../api/get-addresses';
import { useAddressActions } from '../hooks/use-address-actions';
import { AddressModal } from './AddressModal';
import { AddressButtons, AddressText } from './AddressView';

/** My addresses (profile screen): list, add, edit, delete and set default, with the address modal the checkout uses too. */
export function AddressesSection() {
  const { t } = useTranslation('addresses');
  const addresses = useAddresses();
  const actions = useAddressActions();
  const [editing, setEditing] = useState<{ address: TAddress | null } | null>(null);
  const list = addresses.data ?? [];

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ address: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('address.add')}
        </Button>
      </div>
      {addresses.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : addresses.isError ? (
        <div className="py-6 text-center text-sm text-gray-700">
          <p role="alert">{t('errors.loadFailed')}</p>
          <Button className="mt-3" variant="secondary" onClick={() => void addresses.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="py-10 text-center">
          <MapPin aria-hidden="true" className="mx-auto size-10 text-gray-300" />
          <p className="mt-2 text-sm text-gray-600">{t('address.emptyList')}</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.map((address) => (
            <li key={address.id} className="flex items-start justify-between gap-2 rounded-md border border-gray-200 p-3" data-testid="address-item">
              <AddressText address={address} />
              <AddressButtons
                address={address}
                busy={actions.busy}
                onEdit={() => setEditing({ address })}
                onDelete={() => void actions.remove(address)}
                onDefault={() => void actions.makeDefault(address)}
              />
            </li>
          ))}
        </ul>
      )}
      <AddressModal
        open={editing !== null}
        address={editing?.address ?? null}
        defaultChecked={list.length === 0}
        onClose={() => setEditing(null)}
        onSaved={() => undefined}
      />
    </div>
  );
}
