import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from '@/components/ui/SkeletonField';
import { cn } from '@/components/ui/cn';
import { useAddressActions } from '../hooks/use-address-actions';
import { AddressModal } from './AddressModal';
import { AddressButtons, AddressText } from './AddressView';

export interface AddressCardProps {
  addresses: TAddress[];
  selected: TAddress | null;
  onSelect: (id: number | null) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * Delivery address card of the checkout (docs/requirements.md, Screens): the selected address, show-more with
 * the others, edit, delete, set-default star and add. Selecting is the caller's state
 * (useDeliveryAddress, docs/requirements.md, States).
 */
export function AddressCard({ addresses, selected, onSelect, loading, failed, onRetry }: AddressCardProps) {
  const { t } = useTranslation('addresses');
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<{ address: TAddress | null } | null>(null);
  const actions = useAddressActions({
    onDeleted: (address) => {
      if (selected?.id === address.id) onSelect(null);
    },
    onDefault: (address) => onSelect(address.id),
  });
  const others = addresses.filter((a) => a.id !== selected?.id);

  return (
    <Card
      title={t('address.title')}
      action={
        <Button size="sm" variant="secondary" onClick={() => setEditing({ address: null })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('address.add')}
        </Button>
      }
    >
      {loading ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ) : failed ? (
        <div className="space-y-2 text-sm text-gray-700">
          <p role="alert">{t('errors.loadFailed')}</p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : !selected ? (
        <div className="flex flex-col items-start gap-2 text-sm text-gray-600">
          <p className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4" />
            {t('address.none')}
          </p>
        </div>
      ) : (
        <div className="space-y-3">
          <div className="flex items-start justify-between gap-2 rounded-md border border-brand-200 bg-brand-50/40 p-3" data-testid="selected-address">
            <AddressText address={selected} />
            <AddressButtons
              address={selected}
              busy={actions.busy}
              onEdit={() => setEditing({ address: selected })}
              onDelete={() => void actions.remove(selected)}
              onDefault={() => void actions.makeDefault(selected)}
            />
          </div>
          {others.length ? (
            <>
              <button
                type="button"
                className="text-sm font-medium text-brand-700 hover:underline"
                aria-expanded={expanded}
                onClick={() => setExpanded((v) => !v)}
              >
                {expanded ? t('address.showLess') : t('address.showMore', { count: others.length })}
              </button>
              {expanded ? (
                <ul className="space-y-2" aria-label={t('address.others')}>
                  {others.map((address) => (
                    <li key={address.id} className={cn('flex items-start justify-between gap-2 rounded-md border border-gray-200 p-3')}>
                      <div className="min-w-0 flex-1 space-y-2">
                        <AddressText address={address} />
                        <Button size="sm" variant="secondary" onClick={() => onSelect(address.id)}>
                          {t('address.use')}
                        </Button>
                      </div>
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
              ) : null}
            </>
          ) : null}
        </div>
      )}
      <AddressModal
        open={editing !== null}
        address={editing?.address ?? null}
        defaultChecked={addresses.length === 0}
        onClose={() => setEditing(null)}
        onSaved={(address) => onSelect(address.id)}
      />
    </Card>
  );
}
