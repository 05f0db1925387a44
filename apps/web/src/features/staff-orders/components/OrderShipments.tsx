import { useState } from 'react';
import { PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CARRIERS, type TStaffOrderDetail, type TCarrier, type TOrderLine, type TShipmentCreate } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { Section } from '@/components/staff/Section';
import { staffInput } from '@/components/staff/fields';
import { CheckboxField, FieldError, SelectField, TextField } from '@/components/staff/form-fields';
import { StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { toast } from '@/lib/stores/toast';
import { ParcelList } from '@/components/parcels/ParcelList';
import { shipParcel, useOrderChange } from '../api/update-order';

// Split shipments on the staff order screen (docs/orders.md, Split shipments): the parcels that
// left, and "Ship a parcel": pieces per line (all that is left by default), carrier, tracking number.

/** Packed pieces of a line that have not left yet. */
export const leftOf = (l: Pick<TOrderLine, 'actualQuantity' | 'shippedQuantity'>) => Math.max(l.actualQuantity - (l.shippedQuantity ?? 0), 0);
/** A line's key in the form (not a bare number: react-hook-form would read it as an array index). */
const key = (lineId: number) => `l${lineId}`;

/** The pieces typed per line (blank or junk: 0), as the API's lines. */
const linesOf = (pieces: Record<string, string>) =>
  Object.entries(pieces)
    .map(([k, q]) => ({ lineId: Number(k.slice(1)), quantity: Math.max(0, Math.floor(Number(q)) || 0) }))
    .filter((l) => l.quantity > 0);

/** What the dialog's fields hold, read into the API's body (the server checks it again with ZShipmentCreate). */
const ZParcelForm = z
  .object({
    carrier: z.string().min(1, 'v.required'),
    trackingNumber: z.string().trim().min(1, 'v.required').max(40, 'v.maxLength'),
    pieces: z.record(z.string(), z.string()),
    shipUnpaid: z.boolean().optional(),
    reason: z.string().trim().max(500, 'v.maxLength').optional(),
  })
  .superRefine((v, ctx) => {
    if (linesOf(v.pieces).length === 0) ctx.addIssue({ code: 'custom', message: 'v.required', path: ['lines'] });
  })
  .transform((v): TShipmentCreate => ({
    carrier: v.carrier as TCarrier,
    trackingNumber: v.trackingNumber,
    lines: linesOf(v.pieces),
    ...(v.shipUnpaid ? { shipUnpaid: true, reason: v.reason } : {}),
  }));
type TParcelForm = z.input<typeof ZParcelForm>;

export function ShipmentsCard({ detail, canShip, canShipUnpaid }: { detail: TStaffOrderDetail; canShip: boolean; canShipUnpaid: boolean }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const [open, setOpen] = useState(false);
  const left = order.items.reduce((a, l) => a + leftOf(l), 0);
  if (!canShip && order.shipments.length === 0) return null;
  return (
    <Section
      title={t('shipments.title')}
      testId="staff-shipments"
      actions={
        canShip && left > 0 ? (
          <Button size="sm" onClick={() => setOpen(true)}>
            <PackageOpen aria-hidden="true" className="size-4" />
            {t('shipments.ship')}
          </Button>
        ) : null
      }
    >
      <p className="mb-2 text-sm text-gray-700" data-testid="staff-fulfillment">
        {order.fulfillment === 'shipped'
          ? t('shipments.allLeft')
          : order.fulfillment === 'partial'
            ? t('shipments.partly', { count: left })
            : t('shipments.none')}
      </p>
      {order.shipments.length ? <ParcelList order={order} /> : null}
      {open ? <ShipDialog detail={detail} canShipUnpaid={canShipUnpaid} onClose={() => setOpen(false)} /> : null}
    </Section>
  );
}

function ShipDialog({ detail, canShipUnpaid, onClose }: { detail: TStaffOrderDetail; canShipUnpaid: boolean; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { order } = detail;
  const lines = order.items.filter((l) => leftOf(l) > 0);
  const change = useOrderChange(order.id, (body: TShipmentCreate) => shipParcel(order.id, body));
  const form = useStaffForm<TParcelForm, TShipmentCreate>(ZParcelForm, {
    defaultValues: {
      carrier: detail.carrier ?? '',
      trackingNumber: '',
      pieces: Object.fromEntries(lines.map((l) => [key(l.id), String(leftOf(l))])),
      shipUnpaid: false,
      reason: '',
    },
  });
  const unpaid = order.money.balance > 0;
  const pieces = form.watch('pieces');
  const total = lines.reduce((a, l) => a + Math.min(Math.max(0, Math.floor(Number(pieces[key(l.id)])) || 0), leftOf(l)), 0);
  const last = total === lines.reduce((a, l) => a + leftOf(l), 0);

  async function submit(body: TShipmentCreate) {
    const answer = await change.mutateAsync(body);
    toast.success(answer.order.fulfillment === 'shipped' ? t('shipments.doneAll') : t('shipments.done', { n: answer.order.shipments.length }));
    onClose();
  }

  return (
    <Dialog open onClose={onClose} title={t('shipments.dialogTitle')} className="max-w-xl">
      <StaffForm form={form} onSubmit={submit} aria-label={t('shipments.dialogTitle')} className="mt-3 space-y-3 text-sm">
        <fieldset>
          <legend className="text-xs text-gray-600">{t('shipments.pieces')}</legend>
          <ul className="mt-1 divide-y divide-gray-100">
            {lines.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 py-1.5">
                <span className="min-w-0">
                  <span className="block truncate">
                    {l.name}
                    {l.typeName ? <span className="text-gray-500"> · {l.typeName}</span> : null}
                  </span>
                  <span className="text-xs text-gray-500">{t('shipments.leftOf', { left: leftOf(l), packed: l.actualQuantity })}</span>
                </span>
                <input
                  aria-label={`${t('shipments.pieces')}: ${l.name}${l.typeName ? ` · ${l.typeName}` : ''}`}
                  inputMode="numeric"
                  {...form.register(`pieces.${key(l.id)}`, { setValueAs: (v: string) => String(v).replace(/\D/g, '') })}
                  className={cn(staffInput, 'w-20 shrink-0 text-right tabular-nums')}
                />
              </li>
            ))}
          </ul>
          <FieldError name="lines" />
        </fieldset>
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectField
            label={t('order.carrier')}
            name="carrier"
            options={[
              ['', t('order.carriers.none')] as const,
              ...(Object.keys(CARRIERS) as TCarrier[]).map((c) => [c, CARRIERS[c].name || t('order.carriers.other')] as const),
            ]}
          />
          <TextField label={t('order.tracking')} name="trackingNumber" maxLength={40} inputClassName="font-mono" autoComplete="off" />
        </div>
        {unpaid && canShipUnpaid ? (
          <div className="space-y-2 rounded border border-amber-200 bg-amber-50 p-2">
            <CheckboxField label={t('order.shipUnpaid')} name="shipUnpaid" />
            <TextField label={t('order.reason')} name="reason" maxLength={500} />
          </div>
        ) : unpaid ? (
          <p className="rounded border border-amber-200 bg-amber-50 px-2 py-1 text-amber-900">{t('shipments.unpaid')}</p>
        ) : null}
        <p className="text-gray-700" data-testid="ship-summary">
          {last ? t('shipments.summaryLast', { count: total }) : t('shipments.summary', { count: total })}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onClose}>
            {t('shipments.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={change.isPending || total === 0} aria-busy={change.isPending || undefined}>
            {t('shipments.submit')}
          </Button>
        </div>
      </StaffForm>
    </Dialog>
  );
}
