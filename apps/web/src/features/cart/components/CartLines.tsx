import { Fragment, useId, useState } from 'react';
import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatMoney, formatVolume, formatWeight, type TCartItem } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useLineQuantity } from '../hooks/use-line-quantity';
import { useMediaQuery } from '../hooks/use-media-query';
import { toMinor } from '../lib/checkout';
import { QuantityStepper } from '@/components/ui/QuantityStepper';
import { LineStock } from './LineStock';

const money = (v: number, line: TCartItem) => formatMoney(toMinor(v), line.currency);
const weight = (v: number | null) => (v === null ? '-' : formatWeight(v));
const volume = (v: number | null) => (v === null ? '-' : formatVolume(v));

function productHref(line: TCartItem) {
  return `/product/${encodeURIComponent(String(line.itemId))}`;
}

function UnitPrice({ line }: { line: TCartItem }) {
  const { t } = useTranslation('cart');
  const discounted = line.discountPrice < line.price;
  return (
    <span className="inline-flex flex-col leading-tight">
      <span className={cn('font-medium whitespace-nowrap tabular-nums', discounted ? 'text-brand-700' : 'text-ink')}>{money(line.discountPrice, line)}</span>
      {discounted ? (
        <s className="text-xs whitespace-nowrap text-gray-500 tabular-nums">
          <span className="sr-only">{t('line.originalPrice')} </span>
          {money(line.price, line)}
        </s>
      ) : null}
      <TierNote line={line} />
    </span>
  );
}

/** The quantity break the line is priced at and what it saves (docs/catalog.md, Prices). */
function TierNote({ line }: { line: TCartItem }) {
  const { t } = useTranslation('cart');
  if (line.tierMinQuantity === null || line.tierMinQuantity === undefined) return null;
  return (
    // Wraps under the price (its cell does not): a long note must not widen the table past its box.
    <span className="max-w-36 text-xs font-normal whitespace-normal text-emerald-700 tabular-nums" data-testid="line-tier">
      {t('tiers.applied', { count: line.tierMinQuantity })}
      {line.tierSaving > 0 ? ` · ${t('tiers.saved', { amount: money(line.tierSaving, line) })}` : ''}
    </span>
  );
}

function MinOrder({ line, id }: { line: TCartItem; id?: string }) {
  const { t } = useTranslation('cart');
  const moq = Math.max(line.moq, line.minOrderQuantity, 1);
  return (
    <span id={id} className="text-xs whitespace-nowrap text-gray-600" data-testid="min-order">
      {t('line.moq', { moq })}
      {line.orderMultiple && line.orderMultiple > 1 ? <span className="block">{t('line.multiple', { n: line.orderMultiple })}</span> : null}
    </span>
  );
}

function Problem({ line }: { line: TCartItem }) {
  const { t } = useTranslation('cart');
  if (!line.problem) return null;
  return <p className="mt-1 text-xs font-medium text-amber-700">{t(`line.problem.${line.problem}`)}</p>;
}

function Details({ line, id }: { line: TCartItem; id: string }) {
  const { t } = useTranslation('cart');
  const rows: [string, string, string][] = [
    ['nw', weight(line.nw), weight(line.totalNw)],
    ['gw', weight(line.gw), weight(line.totalGw)],
    ['volume', volume(line.volume), volume(line.totalVolume)],
    ['volumeWeight', weight(line.volumeWeight), weight(line.totalVolumeWeight)],
  ];
  return (
    <table id={id} className="w-full max-w-md text-xs">
      <thead className="text-gray-500">
        <tr>
          <th scope="col" className="py-1 pr-3 text-left font-medium">
            <span className="sr-only">{t('details.measure')}</span>
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            {t('details.perPiece')}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t('details.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, one, total]) => (
          <tr key={key}>
            <th scope="row" className="py-0.5 pr-3 text-left font-normal text-gray-600">
              {t(`details.${key}`)}
            </th>
            <td className="py-0.5 pr-3 text-right tabular-nums">{one}</td>
            <td className="py-0.5 text-right tabular-nums">{total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function useLine(line: TCartItem) {
  const { t } = useTranslation('cart');
  const quantity = useLineQuantity(line);
  const remove = useRemoveCartItem();
  const [open, setOpen] = useState(false);
  const removeNow = async () => {
    try {
      await remove.mutateAsync(line.id);
      toast.success(t('line.deleted'));
    } catch {
      toast.error(t('errors.deleteFailed'));
    }
  };
  const onDelete = async () => {
    const ok = await confirmDialog({
      title: t('line.deleteTitle'),
      message: t('line.deleteConfirm', { name: line.name }),
      confirmButtonText: t('line.delete'),
      confirmButtonClass: 'bg-red-700 hover:bg-red-800',
    });
    if (ok) await removeNow();
  };
  return { quantity, open, setOpen, onDelete, removeNow, removing: remove.isPending };
}

/** The line's stock with its one-press fixes when it asks for more than is left (the remove button there asks nothing more: it says what it does). */
function Stock({ line, use }: { line: TCartItem; use: ReturnType<typeof useLine> }) {
  return (
    <LineStock
      line={line}
      quantity={use.quantity.value}
      onLower={use.quantity.set}
      onRemove={() => void use.removeNow()}
      busy={use.removing || use.quantity.saving}
    />
  );
}

function ActionButtons({
  line,
  open,
  setOpen,
  onDelete,
  removing,
  detailsId,
  iconOnly = false,
}: {
  line: TCartItem;
  open: boolean;
  setOpen: (v: boolean) => void;
  onDelete: () => void;
  removing: boolean;
  detailsId: string;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation('cart');
  const Chevron = open ? ChevronUp : ChevronDown;
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        title={t('line.details')}
        className={cn('inline-flex h-8 items-center gap-1 rounded-md text-xs text-gray-700 hover:bg-gray-100', iconOnly ? 'w-8 justify-center' : 'px-2')}
      >
        <span className={iconOnly ? 'sr-only' : undefined}>{t('line.details')}</span>
        <span className="sr-only"> {line.name}</span>
        <Chevron aria-hidden="true" className="size-3.5" />
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={removing}
        aria-label={t('line.deleteFor', { name: line.name })}
        className="inline-flex size-8 items-center justify-center rounded-md text-gray-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function TableRow({ line, compact }: { line: TCartItem; compact: boolean }) {
  const { t } = useTranslation('cart');
  const use = useLine(line);
  const { quantity, open, setOpen, onDelete, removing } = use;
  const detailsId = useId();
  const rulesId = useId();
  const pad = compact ? 'px-1.5 py-1.5' : 'px-1.5 py-3';
  return (
    <Fragment>
      <tr
        className={cn('border-b border-gray-100 align-middle', (line.problem || line.stockShort) && 'bg-amber-50/50')}
        data-testid="cart-line"
        data-line-id={line.id}
      >
        {compact ? null : (
          // Pictures from xl up: below, the box is too narrow for them and the facts that matter.
          <td className={cn(pad, 'hidden xl:table-cell')}>
            <img src={line.thumbnail} alt="" width={56} height={56} loading="lazy" className="size-14 rounded border border-gray-100 object-contain" />
          </td>
        )}
        <td className={cn(pad, 'min-w-40')}>
          <a
            href={productHref(line)}
            target="_blank"
            rel="noopener"
            className="line-clamp-2 font-medium break-words text-ink hover:text-brand-700 hover:underline"
          >
            {line.name}
          </a>
          {/* Brand, item number and style under the name (as on a phone): columns of their own would not fit the box. */}
          <p className="mt-0.5 text-xs break-words text-gray-600">
            {line.supplier.name} · {t('line.itemNo', { id: line.itemId })}
            {line.typeName || line.type ? ` · ${line.typeName ?? line.type}` : ''}
          </p>
          <Problem line={line} />
          <Stock line={line} use={use} />
        </td>
        <td className={pad}>
          <UnitPrice line={line} />
        </td>
        <td className={pad}>
          {/* A table cell shrinks its content to fit: keep room for the number between − and +. */}
          <div className="w-28">
            <QuantityStepper
              value={quantity.value}
              onChange={quantity.change}
              size="sm"
              orderMultiple={line.orderMultiple}
              moq={line.moq}
              describedBy={rulesId}
              labels={stepperLabels(t, line.name)}
            />
          </div>
          <div className="mt-1">
            <MinOrder line={line} id={rulesId} />
          </div>
        </td>
        <td className={cn(pad, 'text-right font-medium whitespace-nowrap tabular-nums')} aria-busy={quantity.saving || undefined} data-testid="line-amount">
          {money(quantity.value === line.quantity ? line.amount : line.discountPrice * quantity.value, line)}
        </td>
        <td className={pad}>
          <ActionButtons line={line} open={open} setOpen={setOpen} onDelete={() => void onDelete()} removing={removing} detailsId={detailsId} iconOnly />
        </td>
      </tr>
      {open ? (
        <tr className="border-b border-gray-100 bg-gray-50">
          <td colSpan={compact ? COLUMNS.length - 1 : COLUMNS.length} className="px-4 py-2">
            <Details line={line} id={detailsId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

function LineCard({ line, compact }: { line: TCartItem; compact: boolean }) {
  const { t } = useTranslation('cart');
  const use = useLine(line);
  const { quantity, open, setOpen, onDelete, removing } = use;
  const detailsId = useId();
  const rulesId = useId();
  return (
    <li
      className={cn('rounded-md border border-gray-200 p-3', (line.problem || line.stockShort) && 'border-amber-300 bg-amber-50/50')}
      data-testid="cart-line"
      data-line-id={line.id}
    >
      <div className="flex gap-3">
        {compact ? null : (
          <img src={line.thumbnail} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded border border-gray-100 object-contain" />
        )}
        <div className="min-w-0 flex-1">
          <a href={productHref(line)} target="_blank" rel="noopener" className="line-clamp-2 text-sm font-medium text-ink hover:text-brand-700">
            {line.name}
          </a>
          <p className="mt-0.5 truncate text-xs text-gray-500">
            {line.supplier.name} · {t('line.itemNo', { id: line.itemId })}
            {line.typeName || line.type ? ` · ${line.typeName ?? line.type}` : ''}
          </p>
          <div className="mt-1 flex items-center justify-between gap-2 text-sm">
            <UnitPrice line={line} />
            <MinOrder line={line} id={rulesId} />
          </div>
          <Problem line={line} />
          <Stock line={line} use={use} />
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <QuantityStepper
          value={quantity.value}
          onChange={quantity.change}
          size="sm"
          orderMultiple={line.orderMultiple}
          moq={line.moq}
          describedBy={rulesId}
          labels={stepperLabels(t, line.name)}
        />
        <span className="text-sm font-semibold tabular-nums">
          <span className="sr-only">{t('columns.amount')} </span>
          {money(quantity.value === line.quantity ? line.amount : line.discountPrice * quantity.value, line)}
        </span>
      </div>
      <div className="mt-1 flex justify-end">
        <ActionButtons line={line} open={open} setOpen={setOpen} onDelete={() => void onDelete()} removing={removing} detailsId={detailsId} />
      </div>
      {open ? (
        <div className="mt-2 rounded bg-gray-50 p-2">
          <Details line={line} id={detailsId} />
        </div>
      ) : null}
    </li>
  );
}

// Brand, item number and style stand under the name, the minimum order under the quantity: ten
// columns needed about 900 px, more than the cart's box has next to the summary at 1280 px.
const COLUMNS = ['image', 'name', 'unitPrice', 'quantity', 'amount', 'actions'] as const;

/** The lines: a table from md up, cards below (docs/requirements.md, Screens). */
export function CartLines({ lines, compact }: { lines: TCartItem[]; compact: boolean }) {
  const { t } = useTranslation('cart');
  const columns = compact ? COLUMNS.filter((c) => c !== 'image') : COLUMNS;
  const desktop = useMediaQuery('(min-width: 768px)');
  if (!desktop) {
    return (
      <ul className="space-y-3">
        {lines.map((line) => (
          <LineCard key={line.id} line={line} compact={compact} />
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('items')}</caption>
        <thead className="border-b border-gray-200 text-xs text-gray-500">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn('px-1.5 py-2 font-medium whitespace-nowrap', column === 'image' && 'hidden xl:table-cell', column === 'amount' && 'text-right')}
              >
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <TableRow key={line.id} line={line} compact={compact} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Accessible names of a line's quantity stepper, naming the product. */
function stepperLabels(t: TFunction<'cart'>, name: string) {
  return { input: t('quantity.label', { name }), decrease: t('quantity.decrease', { name }), increase: t('quantity.increase', { name }) };
}
