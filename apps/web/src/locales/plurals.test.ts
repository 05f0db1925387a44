import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCart from './en/cart.json';
import enCatalog from './en/catalog.json';
import enOrders from './en/orders.json';
import zhCart from './zh/cart.json';
import zhCatalog from './zh/catalog.json';
import zhOrders from './zh/orders.json';

const root = path.dirname(new URL(import.meta.url).pathname);

async function translator(lng: 'zh' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { en: { cart: enCart, orders: enOrders, catalog: enCatalog }, zh: { cart: zhCart, orders: zhOrders, catalog: zhCatalog } },
    ns: ['cart', 'orders', 'catalog'],
    defaultNS: 'cart',
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

describe('count plurals', () => {
  it('en cart summary says "1 line" / "2 lines", "1 pc" / "2 pcs"', async () => {
    const t = await translator('en');
    const summary = (lines: number, pieces: number) =>
      t('summary.itemCountValue', { lines: t('summary.lines', { count: lines }), pieces: t('summary.pcs', { count: pieces }) });
    expect(summary(1, 1)).toBe('1 line, 1 pc');
    expect(summary(2, 2)).toBe('2 lines, 2 pcs');
    const total = (lines: number, pieces: number) => t('totalLine', { lines: t('lines', { count: lines }), pieces: t('pieces', { count: pieces }) });
    expect(total(1, 1)).toBe('1 line, 1 piece in total');
    expect(total(2, 5)).toBe('2 lines, 5 pieces in total');
  });

  it('en order list and product count agree with the number', async () => {
    const t = await translator('en');
    const summary = (lines: number, pieces: number) =>
      t('orders:list.summary', { lines: t('orders:list.lines', { count: lines }), pieces: t('orders:list.pcs', { count: pieces }), method: 'DHL' });
    expect(summary(1, 1)).toBe('1 line, 1 pc · DHL');
    expect(summary(2, 3)).toBe('2 lines, 3 pcs · DHL');
    expect(t('catalog:panel.found', { count: 1, total: '1' })).toBe('1 product found');
    expect(t('catalog:panel.found', { count: 2, total: '2' })).toBe('2 products found');
    expect(t('orders:reorder.added', { count: 1 })).toBe('1 item added to your cart');
    expect(t('orders:reorder.added', { count: 2 })).toBe('2 items added to your cart');
  });

  it('zh resolves every count through _other', async () => {
    const t = await translator('zh');
    expect(t('summary.itemCountValue', { lines: t('summary.lines', { count: 1 }), pieces: t('summary.pcs', { count: 1 }) })).toBe('1 种，1 件');
    expect(t('catalog:panel.found', { count: 1, total: '1' })).toBe('共找到 1 件商品');
    expect(t('maxLines', { count: 1 })).toBe('购物车已达上限 1 种商品。');
  });
});

/**
 * Placeholders that stand for a number of things. A plain (non-plural) en key must not put one of
 * them in front of a noun: "{{lines}} lines" reads "1 lines". Ranges ("{{min}}-{{max}} days"),
 * "{{n}}+" lower bounds and unit abbreviations (s, min, MB, cm, DPI) are fine in every number.
 */
const UNITS = new Set(['s', 'min', 'mb', 'cm', 'dpi', 'pcs']);
const NOT_COUNTS = new Set([
  'name',
  'names',
  'id',
  'who',
  'contact',
  'company',
  'method',
  'zone',
  'amount',
  'founded',
  'email',
  'formats',
  'keyword',
  'symbol',
  'brand',
]);
/** Reviewed exceptions: shop constants that are never 1 ("10 years", "30 days"), and words that do not inflect. */
const ALLOWED = new Set([
  'staff.json:cs.unread', // "{{count}} unread": "unread" does not inflect
  // shop constants, never 1: return window, years in business, countries served, minimum order
  'account.json:agreement.returns.body',
  'common.json:footer.advantages.supplyChain',
  'content.json:about.lead',
  'content.json:about.story.p2',
  'content.json:about.strengths.supplyChain.title',
  'content.json:about.strengths.worldwide.text',
  'content.json:customization.lead',
  'content.json:customization.pricing.minimumValue',
  'content.json:customization.faq.minimum.q',
  'content.json:customization.faq.minimum.a',
  'content.json:customization.faq.mix.a',
  'content.json:policy.returns.p1',
  'content.json:policy.damaged.p1',
]);

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, String(value)]];
}

function countBeforeNoun(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(-)?\{\{(\w+)(?:, *\w+)?\}\}(\+)?\s+([A-Za-z]+)/g)) {
    const [, range, name = '', plus, word = ''] = m;
    if (range || plus || UNITS.has(word.toLowerCase()) || NOT_COUNTS.has(name)) continue;
    if (/^(is|was|are|has|home|qr|from|more|per|of|at|to|in|and|or|with|cm)$/i.test(word)) continue;
    found.push(`{{${name}}} ${word}`);
  }
  return found;
}

describe('en locale count placeholders', () => {
  const files = readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

  it.each(files)('%s has no count in front of a noun outside an _one/_other pair', (file) => {
    const flat = flatten(JSON.parse(readFileSync(path.join(root, 'en', file), 'utf8')));
    const keys = new Set(flat.map(([k]) => k));
    const offenders: string[] = [];
    for (const [key, text] of flat) {
      const plural = /_(one|other)$/.exec(key);
      if (plural) {
        const base = key.slice(0, -plural[0].length);
        if (!keys.has(`${base}_one`) || !keys.has(`${base}_other`)) offenders.push(`${key}: missing its ${plural[1] === 'one' ? '_other' : '_one'} form`);
        continue;
      }
      if (ALLOWED.has(`${file}:${key}`)) continue;
      for (const hit of countBeforeNoun(text)) offenders.push(`${key}: ${hit}`);
    }
    expect(offenders).toEqual([]);
  });

  it('every allowed exception still exists', () => {
    for (const entry of ALLOWED) {
      const [file = '', key = ''] = entry.split(':');
      const flat = flatten(JSON.parse(readFileSync(path.join(root, 'en', file), 'utf8')));
      expect(
        flat.some(([k]) => k === key),
        entry,
      ).toBe(true);
    }
  });
});
