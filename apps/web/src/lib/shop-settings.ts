import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TShopContact, TShopPublicSettings } from '@cubeshop/shared';
import { api } from '@/lib/api';

/** Query key of GET /api/shop/settings (the same for every language and currency). */
export const shopSettingsKey = ['shop-settings'] as const;

/** GET /api/shop/settings: the contact details, the carousel mode and the free-shipping threshold the owner set. */
export function getShopSettings(signal?: AbortSignal): Promise<TShopPublicSettings> {
  return api.GET('/api/shop/settings', { silent: true, signal });
}

export const shopSettingsQuery = () => queryOptions({ queryKey: shopSettingsKey, queryFn: ({ signal }) => getShopSettings(signal), staleTime: 60_000 });

/** The shop's contact details in the page's language: the owner's settings, else the texts of common.json while they load. */
export interface ShopContact {
  email: string;
  phone: string;
  wechat: string;
  whatsapp: string;
  address: string;
  hours: string;
}

export function contactIn(contact: TShopContact, locale: string): ShopContact {
  const zh = locale === 'zh';
  return {
    email: contact.email,
    phone: contact.phone,
    wechat: contact.wechat,
    whatsapp: contact.whatsapp,
    address: (zh ? contact.addressZh || contact.addressEn : contact.addressEn || contact.addressZh) ?? '',
    hours: (zh ? contact.hoursZh || contact.hoursEn : contact.hoursEn || contact.hoursZh) ?? '',
  };
}

export function useShopContact(): ShopContact {
  const { t, i18n } = useTranslation('common');
  const { data } = useQuery(shopSettingsQuery());
  if (data) return contactIn(data.contact, i18n.language);
  return {
    email: t('contact.email'),
    phone: t('contact.phone'),
    wechat: t('contact.wechat'),
    whatsapp: t('contact.whatsapp'),
    address: t('contact.address'),
    hours: t('contact.hours'),
  };
}

/**
 * The free-shipping threshold the owner set, in US dollars: null while free shipping is off, and
 * undefined while the settings are not known (loading, or the call failed). Pages state the
 * threshold only when it is known: a figure from elsewhere could be a figure the shop no longer offers.
 */
export function useFreeShippingThresholdUsd(): number | null | undefined {
  const { data } = useQuery(shopSettingsQuery());
  if (!data) return undefined;
  return data.freeShippingThresholdUsdCents === null ? null : data.freeShippingThresholdUsdCents / 100;
}
