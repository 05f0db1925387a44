import { useState } from 'react';
import { FileText, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CARRIERS, shipmentPackingListFileName, type TLocale, type TOrderDetail, type TOrderShipment } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api';
import { DOWNLOAD, downloadFile } from '@/lib/download';
import { getLocale } from '@/lib/locale';

/** When a parcel left, in the reader's language. */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The parcels an order left in (docs/orders.md, Split shipments): each with its carrier, tracking
 * link (the carrier's page), its lines and its packing list (PDF, fetched with the bearer header).
 * Shared by the buyer's order page and the staff order screen.
 */
export function ParcelList({ order }: { order: Pick<TOrderDetail, 'id' | 'shipments'> }) {
  const { t, i18n } = useTranslation('orders');
  const [busy, setBusy] = useState<number | null>(null);
  const lang: TLocale = i18n.language === 'en' ? 'en' : 'zh';

  async function download(parcel: TOrderShipment) {
    setBusy(parcel.id);
    try {
      const file = api.download('/api/orders/{id}/documents/{kind}.pdf', {
        ...DOWNLOAD,
        params: { path: { id: order.id, kind: 'packing-list' }, query: { lang, shipment: parcel.id } },
      });
      await downloadFile(file, shipmentPackingListFileName(order.id, parcel.number));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  }

  return (
    <ol className="divide-y divide-gray-100" data-testid="order-parcels">
      {order.shipments.map((parcel) => (
        <li key={parcel.id} className="py-3 text-sm first:pt-0 last:pb-0" data-testid="order-parcel">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold text-ink">{t('parcels.parcel', { n: parcel.number })}</span>
            <span className="text-gray-700">{parcel.carrier ? CARRIERS[parcel.carrier].name || t('parcels.otherCarrier') : t('parcels.otherCarrier')}</span>
            {parcel.trackingNumber ? (
              <span className="font-mono break-all">{parcel.trackingNumber}</span>
            ) : (
              <span className="text-gray-500">{t('noTracking')}</span>
            )}
            {parcel.trackingUrl ? (
              <a href={parcel.trackingUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-brand-700 underline">
                <Truck aria-hidden="true" className="size-4" />
                {t('trackParcel')}
              </a>
            ) : null}
            <span className="text-xs text-gray-500">{formatDateTime(parcel.createdTime)}</span>
          </div>
          <ul className="mt-1 text-gray-700">
            {parcel.lines.map((l) => (
              <li key={l.lineId}>
                {l.name}
                {l.typeName ? <span className="text-gray-500"> · {l.typeName}</span> : null} × <span className="tabular-nums">{l.quantity}</span>
              </li>
            ))}
          </ul>
          <Button
            className="mt-2"
            variant="secondary"
            size="sm"
            onClick={() => void download(parcel)}
            disabled={busy !== null}
            aria-busy={busy === parcel.id || undefined}
          >
            <FileText aria-hidden="true" className="size-4" />
            {t('parcels.packingList', { n: parcel.number })}
          </Button>
        </li>
      ))}
    </ol>
  );
}
