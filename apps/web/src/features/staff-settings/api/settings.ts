import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TStaffPaymentMethod,
  TStaffSettings,
  TStaffSettingsUpdate,
  TStaffShippingConfig,
  TStaffShippingMethod,
  TStaffShippingRate,
  TStaffShippingZone,
  TExchangeRateHistory,
} from '@cubeshop/shared';
import { api } from '@/lib/api';
import { shopSettingsKey } from '@/lib/shop-settings';
import { refreshAfterWrite } from '@/lib/query-client';

/** Query keys of the settings screen (its own: nothing else reads these). */
export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  settings: ['admin', 'settings', 'shop'] as const,
  rates: ['admin', 'settings', 'exchange-rates'] as const,
  shipping: ['admin', 'settings', 'shipping'] as const,
};

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }): Promise<TStaffSettings> => api.GET('/api/admin/settings', { silent: true, signal }),
    staleTime: 5_000,
  });
export const rateHistoryQuery = () =>
  queryOptions({
    queryKey: settingsKeys.rates,
    queryFn: ({ signal }): Promise<TExchangeRateHistory> => api.GET('/api/admin/settings/exchange-rates', { silent: true, signal }),
    staleTime: 5_000,
  });
export const shippingQuery = () =>
  queryOptions({
    queryKey: settingsKeys.shipping,
    queryFn: ({ signal }): Promise<TStaffShippingConfig> => api.GET('/api/admin/shipping', { silent: true, signal }),
    staleTime: 5_000,
  });

export const useSettings = () => useQuery(settingsQuery());
export const useRateHistory = () => useQuery(rateHistoryQuery());
export const useShipping = () => useQuery(shippingQuery());

/** PUT /api/admin/settings with the changed keys; the screen shows the answer. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: TStaffSettingsUpdate): Promise<TStaffSettings> => api.PUT('/api/admin/settings', { body: patch, silent: true }),
    onSuccess: (answer, patch) => {
      client.setQueryData(settingsKeys.settings, answer);
      if (patch.exchangeRate) void refreshAfterWrite(client, settingsKeys.rates);
      // the storefront's copy (footer, carousel) in this tab
      void refreshAfterWrite(client, shopSettingsKey);
    },
  });
}

/** One write to the shipping and payment configuration; afterwards it is read again. */
export type ShippingChange =
  | { kind: 'method'; value: TStaffShippingMethod }
  | { kind: 'zone'; value: TStaffShippingZone }
  | { kind: 'deleteZone'; code: string }
  | { kind: 'rate'; value: TStaffShippingRate }
  | { kind: 'deleteRate'; methodId: string; zoneCode: string }
  | { kind: 'payment'; value: PaymentMethodChange }
  | { kind: 'qr'; id: string; file: File | Blob }
  | { kind: 'deleteQr'; id: string };

/** A payment method as written (its QR picture has calls of its own; instructions left out stay). */
export type PaymentMethodChange = Omit<TStaffPaymentMethod, 'qrUrl' | 'instructions'> & { instructions?: TStaffPaymentMethod['instructions'] };

/** The largest QR picture the server takes (PUT /api/admin/payment-methods/{id}/qr). */
export const PAYMENT_QR_MAX_BYTES = 2 * 1024 * 1024;

export function sendShippingChange(change: ShippingChange): Promise<unknown> {
  switch (change.kind) {
    case 'method': {
      const { id, ...body } = change.value;
      return api.PUT('/api/admin/shipping/methods/{id}', { params: { path: { id } }, body, silent: true });
    }
    case 'zone': {
      const { code, ...body } = change.value;
      return api.PUT('/api/admin/shipping/zones/{id}', { params: { path: { id: code } }, body, silent: true });
    }
    case 'deleteZone':
      return api.DELETE('/api/admin/shipping/zones/{id}', { params: { path: { id: change.code } }, silent: true });
    case 'rate':
      return api.PUT('/api/admin/shipping/rates', { body: change.value, silent: true });
    case 'deleteRate':
      return api.DELETE('/api/admin/shipping/rates/{methodId}/{zoneCode}', {
        params: { path: { methodId: change.methodId, zoneCode: change.zoneCode } },
        silent: true,
      });
    case 'payment': {
      const { id, ...body } = change.value;
      return api.PUT('/api/admin/payment-methods/{id}', { params: { path: { id } }, body, silent: true });
    }
    case 'qr': {
      const form = new FormData();
      form.append('file', change.file);
      return api.PUT('/api/admin/payment-methods/{id}/qr', { params: { path: { id: change.id } }, body: form, silent: true });
    }
    case 'deleteQr':
      return api.DELETE('/api/admin/payment-methods/{id}/qr', { params: { path: { id: change.id } }, silent: true });
  }
}

export function useShippingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendShippingChange,
    onSettled: () => refreshAfterWrite(client, settingsKeys.shipping),
  });
}
