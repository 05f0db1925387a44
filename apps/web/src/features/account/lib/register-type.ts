import type { TLocale } from '@cubeshop/shared';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';

/** The contact a code goes to: a mainland mobile number or an e-mail address. */
export type TContactMode = 'mobile' | 'email';

export function isContactMode(value: unknown): value is TContactMode {
  return value === 'mobile' || value === 'email';
}

/**
 * The sign-up tab to open (client storage key `registerType`): the last one used, else mobile
 * for Chinese (mainland buyers) and e-mail for English (mobile sign-up is mainland only).
 */
export function initialRegisterType(locale: TLocale): TContactMode {
  const stored = readString(STORAGE_KEYS.registerType);
  if (isContactMode(stored)) return stored;
  return locale === 'zh' ? 'mobile' : 'email';
}

export function storeRegisterType(mode: TContactMode): void {
  writeString(STORAGE_KEYS.registerType, mode);
}
