import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@cubeshop/shared';

const root = path.dirname(new URL(import.meta.url).pathname);
const languages = ['zh', 'en'] as const;

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function load(lang: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(root, lang, file), 'utf8'));
}

/** i18next plural suffixes; which ones a language needs comes from Intl.PluralRules, as i18next resolves them. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const required = (lang: string): string[] => [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories];

/** Keys with plural forms folded to their base key, so "lines_one"/"lines_other" (en) and "lines_other" (zh) compare equal. */
function baseKeys(flat: string[]): string[] {
  return [...new Set(flat.map((k) => k.replace(PLURAL, '')))].sort();
}

const files = [...new Set(languages.flatMap((lang) => readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'))))].sort();

describe('locales', () => {
  it('has namespaces', () => {
    expect(files).toContain('common.json');
  });

  it.each(files)('%s exists in zh and en with the same keys (plural forms folded)', (file) => {
    const [zh, en] = languages.map((lang) => baseKeys(keys(load(lang, file))));
    expect(zh).toEqual(en);
  });

  it.each(files)('%s has every plural form each language needs, and none it never uses', (file) => {
    for (const lang of languages) {
      const flat = keys(load(lang, file));
      const needed = required(lang);
      const plurals = new Set(flat.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      for (const base of plurals) {
        const forms = flat
          .filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k))
          .map((k) => PLURAL.exec(k)![1])
          .sort();
        expect(forms, `${lang}/${file}: ${base}`).toEqual([...needed].sort());
        expect(flat, `${lang}/${file}: ${base} is both plural and plain`).not.toContain(base);
      }
    }
  });

  it.each(files)('%s has no empty strings', (file) => {
    for (const lang of languages) {
      const flat = keys(load(lang, file));
      const data = load(lang, file);
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
        expect(typeof value === 'string' && value.trim() !== '', `${lang}/${file}: ${key}`).toBe(true);
      }
    }
  });

  it.each(languages)('names every audited action in %s (the history and the activity page show labels, not codes)', (lang) => {
    const labels = (load(lang, 'staff.json') as { order: { action: Record<string, string> } }).order.action;
    expect(AUDIT_ACTIONS.filter((action) => !labels[action.replace('.', '_')]?.trim())).toEqual([]);
  });
});
