import { describe, expect, it, vi } from 'vitest';
import { changeLocale, chooseLocale, getLocale, htmlLang, resetLocaleForTests } from './locale';
import { STORAGE_KEYS } from './storage';

describe('locale choice (docs/requirements.md, Constants)', () => {
  it('prefers the stored choice', () => {
    expect(chooseLocale('zh', ['en-US'])).toBe('zh');
    expect(chooseLocale('en', ['zh-CN'])).toBe('en');
  });

  it('else takes the first Chinese or English browser language', () => {
    expect(chooseLocale(null, ['zh-TW', 'en'])).toBe('zh');
    expect(chooseLocale(null, ['zh'])).toBe('zh');
    expect(chooseLocale(null, ['en-GB', 'zh-CN'])).toBe('en');
    expect(chooseLocale(null, ['fr-FR', 'zh-CN'])).toBe('zh');
    expect(chooseLocale('de', ['de-DE', 'EN-us'])).toBe('en');
  });

  it('else English', () => {
    expect(chooseLocale(null, ['fr-FR', 'de'])).toBe('en');
    expect(chooseLocale(undefined, [])).toBe('en');
    expect(chooseLocale('klingon', undefined)).toBe('en');
  });

  it('maps to the <html lang> tag', () => {
    expect(htmlLang('zh')).toBe('zh-CN');
    expect(htmlLang('en')).toBe('en');
  });

  it('stores a change and reloads', () => {
    resetLocaleForTests();
    expect(getLocale()).toBe('en');
    const reload = vi.fn();
    changeLocale('zh', reload);
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh');
    expect(reload).toHaveBeenCalledTimes(1);
    resetLocaleForTests();
  });
});
