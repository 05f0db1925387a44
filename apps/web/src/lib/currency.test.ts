import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeCurrency, chooseCurrency, getCurrency, resetCurrencyForTests } from './currency';
import { resetLocaleForTests } from './locale';
import { STORAGE_KEYS } from './storage';

// Each test reads storage afresh: lib/i18n has already fixed the page's locale when it loaded.
function forget() {
  resetCurrencyForTests();
  resetLocaleForTests();
}
beforeEach(forget);
afterEach(forget);

describe('currency choice (docs/requirements.md, Constants)', () => {
  it('prefers the stored userCurrency', () => {
    expect(chooseCurrency('USD', 'zh')).toBe('USD');
    expect(chooseCurrency('CNY', 'en')).toBe('CNY');
    expect(chooseCurrency('usd', 'zh')).toBe('USD');
  });

  it('else follows the language: zh CNY, en USD', () => {
    expect(chooseCurrency(null, 'zh')).toBe('CNY');
    expect(chooseCurrency(null, 'en')).toBe('USD');
    expect(chooseCurrency('EUR', 'en')).toBe('USD');
  });

  it('else CNY', () => {
    expect(chooseCurrency(null, undefined)).toBe('CNY');
  });

  it('reads storage and the page language', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'zh');
    expect(getCurrency()).toBe('CNY');
    resetCurrencyForTests();
    localStorage.setItem(STORAGE_KEYS.userCurrency, 'USD');
    expect(getCurrency()).toBe('USD');
  });

  it('stores a change and reloads', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    const reload = vi.fn();
    changeCurrency('CNY', reload);
    expect(localStorage.getItem(STORAGE_KEYS.userCurrency)).toBe('CNY');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
