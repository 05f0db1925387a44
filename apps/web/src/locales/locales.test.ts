import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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

const files = [...new Set(languages.flatMap((lang) => readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'))))].sort();

describe('locales', () => {
  it('has namespaces', () => {
    expect(files).toContain('common.json');
  });

  it.each(files)('%s exists in zh and en with the same keys', (file) => {
    const [zh, en] = languages.map((lang) => keys(load(lang, file)).sort());
    expect(zh).toEqual(en);
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
});
