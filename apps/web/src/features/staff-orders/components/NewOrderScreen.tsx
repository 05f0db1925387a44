import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatMoney,
  ZStaffOrderCreate,
  type TAddress,
  type TCustomerRow,
  type TProduct,
  type TStaffOrderCreate,
  type TStaffOrderPreview,
} from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Section } from '@/components/staff/Section';
import { FieldError, SelectField, TextAreaField, TextField } from '@/components/staff/form-fields';
import { FormMessage, StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { staffInput } from '@/components/staff/fields';
import { useDebounced } from '@/lib/debounced';
import { refreshAfterWrite } from '@/lib/query-client';
import { useRegions } from '@/lib/regions';
import { toast } from '@/lib/stores/toast';
import { placeStaffOrder, previewStaffOrder, useBuyer, useBuyerSearch, useExpressMethods, usePaymentMethods } from '../api/staff-orders';
import { ProductPicker } from './ProductPicker';

// /admin/orders/new: an order taken for a buyer who ordered by WeChat, phone or e-mail (docs/orders.md,
// Orders taken for a buyer). Staff pick the buyer, the products and pieces (optionally a price they
// agreed), the address (one of the buyer's or a new one), shipping and payment; the server's quote
// of every price and the total shows before the order is placed.

const DELIVERY_FIELDS = [
  'deliveryRegionId',
  'deliveryState',
  'deliveryCity',
  'deliveryPostalCode',
  'deliveryUser',
  'deliveryPhone',
  'deliveryCompany',
  'deliveryTaxId',
  'deliveryShippingMark',
  'deliveryAddress',
  'deliveryAddress2',
] as const;

/** What the form holds (typed text; the shared schema turns it into the request). */
type Values = {
  buyerId: number | undefined;
  lines: { itemId: number; type: string; quantity: number | string; price: string }[];
  currency: string;
  expressMethod: string;
  payMethod: string;
  expressFee: string;
  comment: string;
} & Record<(typeof DELIVERY_FIELDS)[number], string>;

const EMPTY: Values = {
  buyerId: undefined,
  lines: [],
  currency: '',
  expressMethod: '',
  payMethod: '',
  expressFee: '',
  comment: '',
  ...(Object.fromEntries(DELIVERY_FIELDS.map((f) => [f, ''])) as Record<(typeof DELIVERY_FIELDS)[number], string>),
};

export function NewOrderScreen() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const client = useQueryClient();
  // One key for this screen: a double click or a retry after a lost answer places one order.
  const key = useRef(crypto.randomUUID());
  const form = useStaffForm<Values, TStaffOrderCreate>(ZStaffOrderCreate as never, { defaultValues: EMPTY });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [buyer, setBuyer] = useState<TCustomerRow | null>(null);
  const [products, setProducts] = useState<Record<number, TProduct>>({});
  const [preview, setPreview] = useState<TStaffOrderPreview | null>(null);
  const intent = useRef<'preview' | 'place'>('preview');
  const watched = useWatch({ control: form.control });
  // Any change makes the shown quote old: it must be asked again before placing.
  const snapshot = JSON.stringify(watched);
  const quoted = useRef<string | null>(null);
  const fresh = preview !== null && quoted.current === snapshot;

  const regionId = String(watched.deliveryRegionId ?? '');
  const regions = useRegions();
  const express = useExpressMethods(regionId);
  const payments = usePaymentMethods();
  const buyerPage = useBuyer(buyer?.id);

  async function submit(values: TStaffOrderCreate) {
    if (intent.current === 'preview' || !fresh) {
      const answer = await previewStaffOrder(values);
      quoted.current = snapshot;
      setPreview(answer);
      return;
    }
    const placed = await placeStaffOrder(values, key.current);
    void refreshAfterWrite(client, ['admin', 'orders']);
    toast.success(t('newOrder.placed', { id: placed.id }));
    void navigate(`/admin/orders/${placed.id}`);
  }

  function chooseBuyer(row: TCustomerRow) {
    setBuyer(row);
    form.setValue('buyerId', row.id, { shouldDirty: true });
    form.clearErrors('buyerId');
  }

  function fillAddress(address: TAddress) {
    for (const f of DELIVERY_FIELDS) form.setValue(f, address[f] ?? '', { shouldDirty: true });
  }

  function addProduct(p: TProduct) {
    setProducts((all) => ({ ...all, [p.id]: p }));
    const m = p.orderMultiple ?? 1;
    lines.append({ itemId: p.id, type: p.types[0]?.code ?? '', quantity: Math.ceil(p.moq / m) * m, price: '' });
  }

  const money = (v: number) => formatMoney(Math.round(v * 100), preview?.currency ?? 'CNY');
  const addresses = buyerPage.data?.addresses ?? [];

  return (
    <section aria-labelledby="new-order-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <Link to="/admin/orders" className="text-sm text-brand-700 hover:underline">
          ← {t('nav.orders')}
        </Link>
        <h1 id="new-order-title" className="text-lg font-semibold text-ink">
          {t('newOrder.title')}
        </h1>
        <p className="w-full text-sm text-gray-600">{t('newOrder.intro')}</p>
      </div>

      <StaffForm form={form} onSubmit={submit} message="placed" aria-labelledby="new-order-title" testId="new-order-form">
        <div className="grid gap-3 lg:grid-cols-2">
          <Section title={t('newOrder.buyer')}>
            <BuyerPicker chosen={buyer} onChoose={chooseBuyer} />
            <FieldError name="buyerId" />
          </Section>

          <Section title={t('newOrder.address')}>
            {addresses.length > 0 ? (
              <label className="mb-2 flex flex-col gap-0.5 text-xs text-gray-600">
                {t('newOrder.savedAddress')}
                <select
                  className={cn(staffInput, 'w-full')}
                  defaultValue=""
                  data-testid="saved-address"
                  onChange={(e) => {
                    const found = addresses.find((a) => String(a.id) === e.target.value);
                    if (found) fillAddress(found);
                  }}
                >
                  <option value="">{t('newOrder.newAddress')}</option>
                  {addresses.map((a) => (
                    <option key={a.id} value={a.id}>
                      {[a.deliveryUser, a.deliveryAddress, a.deliveryCity, a.deliveryRegionId].join(', ')}
                    </option>
                  ))}
                </select>
              </label>
            ) : buyer ? (
              <p className="mb-2 text-xs text-gray-600">{t('newOrder.noSavedAddress')}</p>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2">
              <SelectField
                label={t('newOrder.field.region')}
                name="deliveryRegionId"
                options={[['', '—'], ...(regions.data ?? []).map((r) => [r.id, r.name] as const)]}
              />
              <TextField label={t('newOrder.field.state')} name="deliveryState" />
              <TextField label={t('newOrder.field.city')} name="deliveryCity" />
              <TextField label={t('newOrder.field.postalCode')} name="deliveryPostalCode" />
              <TextField label={t('newOrder.field.receiver')} name="deliveryUser" />
              <TextField label={t('newOrder.field.phone')} name="deliveryPhone" />
              <TextField label={t('newOrder.field.address')} name="deliveryAddress" wide />
              <TextField label={t('newOrder.field.address2')} name="deliveryAddress2" wide />
              <TextField label={t('newOrder.field.company')} name="deliveryCompany" />
              <TextField label={t('newOrder.field.taxId')} name="deliveryTaxId" />
            </div>
          </Section>
        </div>

        <Section title={t('newOrder.lines')} className="mt-3">
          <ProductPicker onAdd={addProduct} />
          <FieldError name="lines" />
          {lines.fields.length === 0 ? (
            <p className="mt-2 text-sm text-gray-600">{t('newOrder.noLines')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-gray-100" data-testid="new-order-lines">
              {lines.fields.map((field, i) => {
                const p = products[field.itemId];
                return (
                  <li key={field.id} className="grid grid-cols-2 items-end gap-2 py-2 sm:grid-cols-[1fr_9rem_6rem_7rem_auto]" data-testid="new-order-line">
                    <span className="col-span-2 min-w-0 self-center text-sm sm:col-span-1">
                      <span className="block truncate">{p?.name ?? `#${field.itemId}`}</span>
                      <span className="block text-xs text-gray-500">
                        #{field.itemId}
                        {p && p.moq > 1 ? ` · ${t('newOrder.moq', { count: p.moq })}` : ''}
                      </span>
                    </span>
                    {p && p.types.length > 0 ? (
                      <SelectField label={t('newOrder.field.type')} name={`lines.${i}.type`} options={p.types.map((x) => [x.code, x.name] as const)} />
                    ) : (
                      <span className="hidden sm:block" />
                    )}
                    <TextField label={t('newOrder.field.quantity')} name={`lines.${i}.quantity`} inputMode="numeric" />
                    <TextField label={t('newOrder.field.price')} name={`lines.${i}.price`} inputMode="decimal" placeholder={t('newOrder.buyerPrice')} />
                    <Button variant="ghost" size="sm" onClick={() => lines.remove(i)} aria-label={t('newOrder.removeLine', { name: p?.name ?? field.itemId })}>
                      ✕
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </Section>

        <Section title={t('newOrder.shipping')} className="mt-3">
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              label={t('newOrder.field.express')}
              name="expressMethod"
              options={[['', regionId ? '—' : t('newOrder.regionFirst')], ...(express.data ?? []).map((m) => [m.id, m.name] as const)]}
            />
            <SelectField
              label={t('newOrder.field.payMethod')}
              name="payMethod"
              options={[['', '—'], ...(payments.data ?? []).map((m) => [m.id, m.name] as const)]}
            />
            <SelectField
              label={t('newOrder.field.currency')}
              name="currency"
              hint={t('newOrder.currencyHint')}
              options={[
                ['', t('newOrder.currencyAuto')],
                ['CNY', 'CNY'],
                ['USD', 'USD'],
              ]}
            />
            <TextField label={t('newOrder.field.expressFee')} name="expressFee" inputMode="decimal" placeholder={t('newOrder.rateTable')} />
            <TextAreaField label={t('newOrder.field.comment')} name="comment" rows={2} className="sm:col-span-2 lg:col-span-4" maxLength={500} />
          </div>
        </Section>

        {preview ? <PreviewCard preview={preview} fresh={fresh} money={money} /> : null}

        <FormMessage className="mt-3" />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="secondary"
            onClick={() => (intent.current = 'preview')}
            disabled={form.formState.isSubmitting}
            data-testid="new-order-preview"
          >
            {t('newOrder.showPrices')}
          </Button>
          <Button type="submit" onClick={() => (intent.current = 'place')} disabled={!fresh || form.formState.isSubmitting} data-testid="new-order-place">
            {t('newOrder.place')}
          </Button>
          {!fresh ? <span className="self-center text-xs text-gray-600">{t('newOrder.previewFirst')}</span> : null}
        </div>
      </StaffForm>
    </section>
  );
}

/** The server's quote: each line's price (staff-set or the buyer's, with its tier), goods, freight, surcharge, total. */
function PreviewCard({ preview, fresh, money }: { preview: TStaffOrderPreview; fresh: boolean; money: (v: number) => string }) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('newOrder.quote', { currency: preview.currency })} className={cn('mt-3', !fresh && 'opacity-60')} testId="new-order-quote">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                {t('order.col.product')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('order.col.quantity')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('order.col.price')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('order.col.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((l) => (
              <tr key={`${l.itemId}-${l.type}`} className="border-t border-gray-100">
                <td className="px-2 py-1">
                  {l.name}
                  {l.typeName ? <span className="text-gray-600"> ({l.typeName})</span> : null}
                  <span className="ml-1 text-xs text-gray-500">
                    {l.staffPrice ? t('newOrder.staffPrice') : l.tierMinQuantity ? t('newOrder.tier', { count: l.tierMinQuantity }) : ''}
                  </span>
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{l.quantity}</td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {l.listPrice > l.unitPrice ? <s className="mr-1 text-gray-400">{money(l.listPrice)}</s> : null}
                  {money(l.unitPrice)}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm sm:ml-auto sm:w-80">
        <dt className="text-gray-600">{t('newOrder.goods')}</dt>
        <dd className="text-right tabular-nums">{money(preview.goods)}</dd>
        <dt className="text-gray-600">
          {preview.staffFreight ? t('newOrder.freightStaff') : preview.freeShipping ? t('newOrder.freightFree') : t('newOrder.freight')}
        </dt>
        <dd className="text-right tabular-nums">{money(preview.freight)}</dd>
        {preview.surcharge ? (
          <>
            <dt className="text-gray-600">{t('newOrder.surcharge')}</dt>
            <dd className="text-right tabular-nums">{money(preview.surcharge)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t('newOrder.total')}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="new-order-total">
          {money(preview.total)}
        </dd>
      </dl>
    </Section>
  );
}

/** A search box over customers (account, name, e-mail, mobile); a hit chooses the buyer. */
function BuyerPicker({ chosen, onChoose }: { chosen: TCustomerRow | null; onChoose: (row: TCustomerRow) => void }) {
  const { t } = useTranslation('staff');
  const [q, setQ] = useState('');
  const term = useDebounced(q, 250);
  const found = useBuyerSearch(term);
  const hits = term.trim().length >= 2 ? (found.data?.data ?? []) : [];
  return (
    <div className="space-y-2">
      {chosen ? (
        <p className="rounded border border-brand-200 bg-brand-50 px-2 py-1 text-sm" data-testid="new-order-buyer">
          {t('newOrder.buyerChosen', { name: chosen.name || chosen.account })}
          <span className="ml-1 text-xs text-gray-600">{[chosen.account, chosen.email ?? chosen.mobile].filter(Boolean).join(' · ')}</span>
        </p>
      ) : null}
      <input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-label={t('newOrder.findBuyer')}
        placeholder={t('newOrder.findBuyer')}
        className={cn(staffInput, 'w-full')}
        data-testid="buyer-search"
      />
      {hits.length > 0 ? (
        <ul className="divide-y divide-gray-100 rounded border border-gray-200" aria-label={t('newOrder.buyers')}>
          {hits.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="flex w-full flex-wrap gap-x-2 px-2 py-1 text-left text-sm hover:bg-gray-50"
                onClick={() => {
                  onChoose(row);
                  setQ('');
                }}
              >
                <span className="font-medium">{row.name || row.account}</span>
                <span className="text-xs text-gray-600">{[row.account, row.email, row.mobile].filter(Boolean).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : term.trim().length >= 2 && found.isSuccess ? (
        <p className="text-xs text-gray-600">{t('newOrder.noBuyer')}</p>
      ) : null}
    </div>
  );
}
