import { Pencil, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { useRegionName } from '@/lib/regions';

/** One address as text: receiver and phone, then the lines, city, state, postal code and country. */
export function AddressText({ address }: { address: TAddress }) {
  const { t } = useTranslation('addresses');
  const region = useRegionName(address.deliveryRegionId);
  const place = [address.deliveryCity, address.deliveryState, address.deliveryPostalCode].filter(Boolean).join(', ');
  return (
    <div className="min-w-0 text-sm break-words">
      <p className="font-medium text-ink">
        {address.deliveryUser} <span className="font-normal text-gray-600">{address.deliveryPhone}</span>
        {address.asDefault ? <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">{t('address.default')}</span> : null}
      </p>
      <p className="text-gray-700">{address.deliveryAddress}</p>
      {address.deliveryAddress2 ? <p className="text-gray-700">{address.deliveryAddress2}</p> : null}
      <p className="text-gray-700">
        {place} · {region}
      </p>
      {address.deliveryCompany ? <p className="text-gray-500">{address.deliveryCompany}</p> : null}
      {address.deliveryTaxId || address.deliveryShippingMark ? (
        <p className="text-xs text-gray-500">
          {[
            address.deliveryTaxId ? t('address.taxId', { id: address.deliveryTaxId }) : null,
            address.deliveryShippingMark ? t('address.mark', { mark: address.deliveryShippingMark }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </div>
  );
}

/** Edit, delete and set-default (star) buttons of one address. */
export function AddressButtons({
  address,
  onEdit,
  onDelete,
  onDefault,
  busy,
}: {
  address: TAddress;
  onEdit: () => void;
  onDelete: () => void;
  onDefault: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('addresses');
  const who = `${address.deliveryUser}, ${address.deliveryAddress}`;
  const icon = 'inline-flex size-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-ink disabled:opacity-50';
  return (
    <div className="flex shrink-0 items-start gap-0.5">
      <button
        type="button"
        className={cn(icon, address.asDefault && 'text-amber-500 hover:text-amber-600')}
        onClick={onDefault}
        disabled={busy || address.asDefault}
        aria-pressed={address.asDefault}
        aria-label={address.asDefault ? t('address.isDefaultFor', { who }) : t('address.setDefaultFor', { who })}
        title={address.asDefault ? t('address.default') : t('address.setDefault')}
      >
        <Star aria-hidden="true" className={cn('size-4', address.asDefault && 'fill-current')} />
      </button>
      <button type="button" className={icon} onClick={onEdit} aria-label={t('address.editFor', { who })} title={t('address.edit')}>
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={cn(icon, 'hover:bg-red-50 hover:text-red-700')}
        onClick={onDelete}
        disabled={busy}
        aria-label={t('address.deleteFor', { who })}
        title={t('address.delete')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
