import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminPaymentMethod,
  TAdminSettings,
  TAdminSettingsUpdate,
  TAdminShippingConfig,
  TAdminShippingMethod,
  TAdminShippingRate,
  TAdminShippingZone,
  TExchangeRateHistory,
} from '@cubeshop/shared';
import { api } from '@/lib/api-client';
import { shopSettingsKey } from '@/lib/shop-settings';
import { refreshAfterWrite } from '@/lib/query-client';

/** Query keys of the settings screen (its own: nothing else reads these). */
export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  settings: ['admin', 'settings', 'shop'] as const,
  rates: ['admin', 'settings', 'exchange-rates'] as const,
  shipping: ['admin', 'settings', 'shipping'] as const,
};

const get = <T>(path: string) => (signal?: AbortSignal) => api.get<T>(path, { silent: true, ...(signal ? { signal } : {}) });

export const settingsQuery = () => queryOptions({ queryKey: settingsKeys.settings, queryFn: ({ signal }) => get<TAdminSettings>('/api/admin/settings')(signal), staleTime: 5_000 });
export const rateHistoryQuery = () =>
  queryOptions({ queryKey: settingsKeys.rates, queryFn: ({ signal }) => get<TExchangeRateHistory>('/api/admin/settings/exchange-rates')(signal), staleTime: 5_000 });
export const shippingQuery = () =>
  queryOptions({ queryKey: settingsKeys.shipping, queryFn: ({ signal }) => get<TAdminShippingConfig>('/api/admin/shipping')(signal), staleTime: 5_000 });

export const useSettings = () => useQuery(settingsQuery());
export const useRateHistory = () => useQuery(rateHistoryQuery());
export const useShipping = () => useQuery(shippingQuery());

/** PUT /api/admin/settings with the changed keys; the screen shows the answer. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: TAdminSettingsUpdate) => api.put<TAdminSettings>('/api/admin/settings', patch, { silent: true }),
    onSuccess: (answer, patch) => {
      client.setQueryData(settingsKeys.settings, answer);
      if (patch.exchangeRate) void refreshAfterWrite(client, settingsKeys.rates);
      // the storefront's copy (footer, carousel) in this tab
      void refreshAfterWrite(client, shopSettingsKey);
    },
  });
}

const path = (s: string) => encodeURIComponent(s);

/** One write to the shipping and payment configuration; afterwards it is read again. */
export type ShippingChange =
  | { kind: 'method'; value: TAdminShippingMethod }
  | { kind: 'zone'; value: TAdminShippingZone }
  | { kind: 'deleteZone'; code: string }
  | { kind: 'rate'; value: TAdminShippingRate }
  | { kind: 'deleteRate'; methodId: string; zoneCode: string }
  | { kind: 'payment'; value: PaymentMethodChange }
  | { kind: 'qr'; id: string; file: File | Blob }
  | { kind: 'deleteQr'; id: string };

/** A payment method as written (its QR picture has calls of its own; instructions left out stay). */
export type PaymentMethodChange = Omit<TAdminPaymentMethod, 'qrUrl' | 'instructions'> & { instructions?: TAdminPaymentMethod['instructions'] };

/** The largest QR picture the server takes (PUT /api/admin/payment-methods/{id}/qr). */
export const PAYMENT_QR_MAX_BYTES = 2 * 1024 * 1024;

export function sendShippingChange(change: ShippingChange): Promise<unknown> {
  const silent = { silent: true };
  switch (change.kind) {
    case 'method': {
      const { id, ...body } = change.value;
      return api.put(`/api/admin/shipping/methods/${path(id)}`, body, silent);
    }
    case 'zone': {
      const { code, ...body } = change.value;
      return api.put(`/api/admin/shipping/zones/${path(code)}`, body, silent);
    }
    case 'deleteZone':
      return api.delete(`/api/admin/shipping/zones/${path(change.code)}`, silent);
    case 'rate':
      return api.put('/api/admin/shipping/rates', change.value, silent);
    case 'deleteRate':
      return api.delete(`/api/admin/shipping/rates/${path(change.methodId)}/${path(change.zoneCode)}`, silent);
    case 'payment': {
      const { id, ...body } = change.value;
      return api.put(`/api/admin/payment-methods/${path(id)}`, body, silent);
    }
    case 'qr': {
      const form = new FormData();
      form.append('file', change.file);
      return api.put(`/api/admin/payment-methods/${path(change.id)}/qr`, form, silent);
    }
    case 'deleteQr':
      return api.delete(`/api/admin/payment-methods/${path(change.id)}/qr`, silent);
  }
}

export function useShippingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendShippingChange,
    onSettled: () => refreshAfterWrite(client, settingsKeys.shipping),
  });
}
