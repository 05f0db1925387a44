import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCartItem } from '@cubeshop/shared';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/stores/toast';
import { useUpdateCartItem } from '../api/update-cart-item';
import { normalizeQuantity } from '../lib/checkout';

/** How long the stepper waits for more clicks before the quantity goes to the server. */
export const QUANTITY_DEBOUNCE_MS = 500;

/**
 * A line's quantity: shown at once, sent to the server (PUT /api/cart/items/{id}) after a short
 * pause, so five clicks make one request. A refused change (below the MOQ, off the multiple)
 * shows the server's reason and goes back to the server's quantity.
 */
export function useLineQuantity(line: TCartItem) {
  const { t } = useTranslation('cart');
  const [value, setValue] = useState(line.quantity);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const serverQuantity = useRef(line.quantity);
  serverQuantity.current = line.quantity;
  const { mutate, isPending } = useUpdateCartItem();

  useEffect(() => {
    if (pending.current === null) setValue(line.quantity);
  }, [line.quantity]);

  const send = useCallback(() => {
    timer.current = null;
    const quantity = pending.current;
    if (quantity === null) return;
    if (quantity === serverQuantity.current) {
      pending.current = null;
      return;
    }
    mutate(
      { id: line.id, quantity },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const reason = isApiError(error) && [400, 409, 422].includes(error.status) && error.desc ? error.desc : t('errors.updateFailed');
          toast.warning(reason);
          setValue(serverQuantity.current);
        },
        onSettled: () => {
          if (pending.current === quantity) pending.current = null;
        },
      },
    );
  }, [line.id, mutate, t]);

  const change = (next: number) => {
    const quantity = normalizeQuantity(next);
    setValue(quantity);
    pending.current = quantity;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(send, QUANTITY_DEBOUNCE_MS);
  };

  /** A quantity chosen with one press (lower to what is left): sent at once, no pause. */
  const set = (next: number) => {
    change(next);
    if (timer.current) clearTimeout(timer.current);
    send();
  };

  // Leaving the page within the pause still saves the last change.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        send();
      }
    },
    [send],
  );

  return { value, change, set, saving: isPending || pending.current !== null };
}
