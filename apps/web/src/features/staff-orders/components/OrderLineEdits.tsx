import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZOrderLineAdd, type TStaffOrderDetail, type TOrderLine, type TOrderLineAdd, type TProduct } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { FieldError, SelectField, TextField } from '@/components/staff/form-fields';
import { StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { addOrderLine, removeOrderLine } from '../api/staff-orders';
import { useOrderChange } from '../api/update-order';
import { errorText } from './parts';
import { ProductPicker } from './ProductPicker';

// Lines added to or removed from an order before it is outbound (docs/orders.md, Editing an order
// before it leaves): sales and owner; the server reserves or releases the stock, recomputes the
// totals, mails the buyer and audits the change.

type AddValues = { itemId: number | undefined; type: string; quantity: number | string; price: string };

/** The add-line form under the lines (product, type, pieces, optional price), or why lines cannot change any more. */
export function AddLineForm({ detail, locked }: { detail: TStaffOrderDetail; locked: string | null }) {
  const { t } = useTranslation('staff');
  const orderId = detail.order.id;
  const [product, setProduct] = useState<TProduct | null>(null);
  const form = useStaffForm<AddValues, TOrderLineAdd>(ZOrderLineAdd as never, { defaultValues: { itemId: undefined, type: '', quantity: 1, price: '' } });
  const change = useOrderChange(orderId, (body: TOrderLineAdd) => addOrderLine(orderId, body));
  if (locked) {
    return (
      <p className="mt-2 text-xs text-gray-600" data-testid="line-edit-locked">
        {locked}
      </p>
    );
  }
  function choose(p: TProduct) {
    setProduct(p);
    const m = p.orderMultiple ?? 1;
    form.reset({ itemId: p.id, type: p.types[0]?.code ?? '', quantity: Math.ceil(p.moq / m) * m, price: '' });
  }
  return (
    <StaffForm
      form={form}
      title={t('lineEdit.title')}
      level={3}
      className="mt-3"
      testId="add-line"
      onSubmit={async (body) => {
        await change.mutateAsync(body);
        toast.success(t('lineEdit.added'));
        setProduct(null);
        form.reset({ itemId: undefined, type: '', quantity: 1, price: '' });
      }}
    >
      <ProductPicker onAdd={choose} />
      <FieldError name="itemId" />
      {product ? (
        <div className="mt-2 grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_9rem_6rem_8rem_auto]">
          <span className="col-span-2 min-w-0 self-center truncate text-sm sm:col-span-1" data-testid="add-line-product">
            {product.name} <span className="text-xs text-gray-500">#{product.id}</span>
          </span>
          {product.types.length > 0 ? (
            <SelectField label={t('newOrder.field.type')} name="type" options={product.types.map((x) => [x.code, x.name] as const)} />
          ) : (
            <span className="hidden sm:block" />
          )}
          <TextField label={t('lineEdit.pieces')} name="quantity" inputMode="numeric" />
          <TextField label={t('lineEdit.price')} name="price" inputMode="decimal" placeholder={t('newOrder.buyerPrice')} />
          <Button type="submit" size="sm" disabled={form.formState.isSubmitting} data-testid="add-line-submit">
            {t('lineEdit.submit')}
          </Button>
        </div>
      ) : null}
    </StaffForm>
  );
}

/** A line's remove button, asking first; disabled with the reason when the line cannot go. */
export function RemoveLineButton({ orderId, line, blocked }: { orderId: number; line: TOrderLine; blocked: string | null }) {
  const { t } = useTranslation('staff');
  const change = useOrderChange(orderId, () => removeOrderLine(orderId, line.id));
  const name = line.typeName ? `${line.name} (${line.typeName})` : line.name;
  async function remove() {
    if (
      !(await confirmDialog({
        type: 'confirm',
        title: t('lineEdit.remove'),
        message: t('lineEdit.confirm', { name }),
        confirmButtonText: t('lineEdit.remove'),
        confirmButtonClass: 'bg-red-700 hover:bg-red-800',
      }))
    )
      return;
    change.mutate(undefined, { onSuccess: () => toast.success(t('lineEdit.removed')), onError: (err) => toast.error(errorText(err)) });
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700"
      onClick={() => void remove()}
      disabled={blocked !== null || change.isPending}
      title={blocked ?? undefined}
      aria-label={t('lineEdit.removeLabel', { name })}
      data-testid="remove-line"
    >
      {t('lineEdit.remove')}
    </Button>
  );
}
