import { describe, expect, it } from 'vitest';
import { BRANDS, LINES } from './catalog-data.js';
import { catalogTemplates, composeName, DEMO_SKUS, fillPlaceholders, generateItem } from './catalog.js';

/**
 * The text a buyer reads in the generated demo catalog: no unfilled `{...}` placeholders, no
 * word said twice in a row, brands that are manufacturers (each once). Runs over the whole
 * demo catalog (DEMO_SKUS) and over every model in every variant round, in memory.
 */

const now = new Date('2026-06-01T08:00:00Z');
/** Shops that sell cubes but make none: never a brand, never in a product name. */
const RETAILERS = [
  'TheCubicle',
  'Cubicle',
  'Cubicle Labs',
  'SpeedCubeShop',
  'SCS',
  'Cubelelo',
  'Kewbz',
  'ZiCube',
  'Cubezz',
  'DailyPuzzles',
  'Puzzle Master',
  'Cubezz',
  'Cubedepot',
  'Amazon',
  'Taobao',
  'AliExpress',
];
/** Variant rounds in the generator (retail, wholesale, carton, ... , then numbered lots). */
const ROUNDS = 10;

const templates = catalogTemplates();
const ks = new Set<number>();
for (let k = 0; k < DEMO_SKUS; k++) ks.add(k);
for (let k = 0; k < templates.length * ROUNDS; k++) ks.add(k);
const items = [...ks].map((k) => ({ k, item: generateItem(k, now) }));

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9\u4e00-\u9fff]/g, '');
/** Every text of an item a buyer can read, by field, tags removed. */
function texts(item: ReturnType<typeof generateItem>): [field: string, lang: 'zh' | 'en', text: string][] {
  return [
    ['nameZh', 'zh', item.nameZh],
    ['nameEn', 'en', item.nameEn],
    ['descriptionZh', 'zh', plain(item.descriptionZh ?? '')],
    ['descriptionEn', 'en', plain(item.descriptionEn ?? '')],
    ['commentZh', 'zh', item.commentZh ?? ''],
    ['commentEn', 'en', item.commentEn ?? ''],
    ['pkgZh', 'zh', item.pkgZh ?? ''],
    ['pkgEn', 'en', item.pkgEn ?? ''],
    ...(item.types ?? []).flatMap((t): [string, 'zh' | 'en', string][] => [
      ['typeZh', 'zh', t.zh],
      ['typeEn', 'en', t.en],
    ]),
  ];
}

/** Doubled words: "Timer Timer", "FanXin FanXin"; in Chinese "蓝蓝 蓝蓝", "魔方 魔方垫", "鬼魔方 魔方". */
function doubled(text: string, lang: 'zh' | 'en'): string | undefined {
  const en = /\b([A-Za-z0-9][\w'-]*)\s+\1\b/i.exec(text);
  if (en) return en[0];
  if (lang === 'zh') {
    const han = /(\p{Script=Han}{2,})\s*\1/u.exec(text);
    if (han) return han[0];
    const words = text.split(/\s+/);
    for (let i = 1; i < words.length; i++) {
      const [a, b] = [words[i - 1]!, words[i]!];
      if (/\p{Script=Han}/u.test(b) && b.length >= 2 && (a.endsWith(b) || b.startsWith(a))) return `${a} ${b}`;
    }
  }
  return undefined;
}

describe('demo catalog text (every product, both languages)', () => {
  it(`covers the whole demo catalog and every model in ${ROUNDS} variant rounds`, () => {
    expect(items.length).toBeGreaterThanOrEqual(Math.max(DEMO_SKUS, templates.length * ROUNDS));
    expect(new Set(items.map(({ item }) => item.nameEn)).size).toBeGreaterThan(DEMO_SKUS / 2);
  });

  it('leaves no {placeholder} unfilled in names, descriptions or any other text', () => {
    const bad: string[] = [];
    for (const { k, item } of items) {
      for (const [field, , text] of texts(item)) if (/[{}]/.test(text)) bad.push(`#${k} ${field}: ${text}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
    // the wholesale and carton rounds say their numbers, in the name and the description
    const wholesale = generateItem(templates.length, now);
    expect(wholesale.nameEn).toMatch(new RegExp(`\\(Wholesale, MOQ ${wholesale.moq}\\)$`));
    expect(wholesale.descriptionZh).toContain(`批发 ${wholesale.moq} 只起`);
    const carton = generateItem(templates.length * 2, now);
    expect(carton.nameEn).toMatch(new RegExp(`\\(Carton of ${carton.pcs}\\)$`));
    expect(carton.descriptionEn).toContain(`Carton of ${carton.pcs}`);
    expect(carton.descriptionZh).toContain(`整箱 ${carton.pcs} 只`);
  });

  it('fills every occurrence of a placeholder and refuses one without a value', () => {
    expect(fillPlaceholders('{n} + {n} = {pcs}', { n: 6, pcs: 12 })).toBe('6 + 6 = 12');
    expect(() => fillPlaceholders('MOQ {qty}', { n: 6 })).toThrow(/\{qty\}/);
  });

  it('says no word twice in a row, and each brand once per name', () => {
    const bad: string[] = [];
    for (const { k, item } of items) {
      for (const [field, lang, text] of texts(item)) {
        const d = doubled(text, lang);
        if (d) bad.push(`#${k} ${field}: "${d}" in ${text.slice(0, 120)}`);
      }
      for (const [field, html] of [
        ['descriptionZh', item.descriptionZh ?? ''],
        ['descriptionEn', item.descriptionEn ?? ''],
      ] as const) {
        const sentences = html
          .split(/<[^>]+>|[。.；;]\s*/)
          .map((x) => x.trim())
          .filter((x) => x.length > 8);
        const twice = sentences.find((x, i) => sentences.indexOf(x) !== i);
        if (twice) bad.push(`#${k} ${field}: sentence twice: ${twice}`);
      }
      // a Chinese word said twice anywhere in a name ("Calvin 魔方 雷克斯 魔方", "计时垫 魔方垫" is fine)
      const zhWords = item.nameZh.split(/[\s（）]+/).filter((w) => /\p{Script=Han}{2}/u.test(w));
      const again = zhWords.find((w, i) => zhWords.indexOf(w) !== i);
      if (again) bad.push(`#${k}: ${again} twice in ${item.nameZh}`);
      for (const b of BRANDS) {
        for (const [name, brand] of [
          [item.nameZh, b.zh],
          [item.nameEn, b.en],
        ] as const) {
          if (name.toLowerCase().split(brand.toLowerCase()).length > 2) bad.push(`#${k}: brand ${brand} twice in ${name}`);
        }
      }
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('names a model once even when its maker writes the brand or the category into it', () => {
    expect(composeName('FanXin', 'FanXin', 'Speed Cube', '3x3 Speed Cube', 'en')).toBe('FanXin 3x3 Speed Cube');
    expect(composeName('凡鑫', '凡鑫', '魔方', '三阶魔方', 'zh')).toBe('凡鑫 三阶魔方');
    expect(composeName('GAN', 'Halo Smart Timer', 'Timer', 'Timer', 'en')).toBe('GAN Halo Smart Timer');
    expect(composeName('GAN', 'Halo 智能计时器', '计时器', '计时器', 'zh')).toBe('GAN Halo 智能计时器');
    expect(composeName('QiYi', 'Clock', 'Clock', 'Magnetic Clock', 'en')).toBe('QiYi Magnetic Clock');
    expect(composeName('奇艺', '鬼魔方', '魔方', '魔方', 'zh')).toBe('奇艺 鬼魔方');
    expect(composeName('SpeedStacks', 'Gen 4 Mat', 'Cube Mat', 'Cube Mat', 'en')).toBe('SpeedStacks Gen 4 Cube Mat');
    expect(composeName('QiYi', 'AI Smart', 'Smart Cube', 'Smart Cube', 'en')).toBe('QiYi AI Smart Cube');
    expect(composeName('奇艺', 'AI 智能', '智能魔方', '智能魔方', 'zh')).toBe('奇艺 AI 智能魔方');
    expect(composeName('DNM', 'DNM-37', 'Cube Lube', 'Cube Lube', 'en')).toBe('DNM-37 Cube Lube');
    expect(composeName('X-Man', 'X-Man Tornado V3', 'Speed Cube', '3x3 Speed Cube', 'en')).toBe('X-Man Tornado V3 3x3 Speed Cube');
    expect(composeName('GAN', '356 M', 'Speed Cube', '3x3 Magnetic Speed Cube', 'en')).toBe('GAN 356 M 3x3 Magnetic Speed Cube');
    const names = new Map(items.map(({ item }) => [item.nameEn, item]));
    expect(names.get('GAN Halo Smart Timer')?.nameZh).toBe('GAN Halo 智能计时器');
    expect([...names.keys()].some((n) => n.startsWith('FanXin 3x3'))).toBe(true);
    expect([...names.keys()].some((n) => n.startsWith('LanLan Pyraminx'))).toBe(true);
  });

  it('lists manufacturers only, each brand once in each language', () => {
    const retailers = new Set(RETAILERS.map(norm));
    for (const b of BRANDS) {
      for (const name of [b.slug, b.zh, b.en]) expect(retailers.has(norm(name)), `${b.slug}: ${name} is a shop, not a brand`).toBe(false);
    }
    for (const lang of ['zh', 'en'] as const) {
      const names = BRANDS.map((b) => b[lang]);
      expect(new Set(names.map((n) => n.toLowerCase())).size, `${lang} brand names are unique`).toBe(names.length);
      // a sub-brand shown as a second brand ("圣手 Sengso" next to "圣手") is the same maker twice
      for (const a of names) for (const b of names) if (a !== b) expect(norm(a).includes(norm(b)), `${lang}: ${a} contains brand ${b}`).toBe(false);
    }
    expect(new Set(BRANDS.map((b) => b.slug)).size).toBe(BRANDS.length);
    const slugs = new Set(BRANDS.map((b) => b.slug));
    for (const [category, lines] of Object.entries(LINES)) for (const [brand, , en] of lines) expect(slugs.has(brand), `${category} ${brand} ${en}`).toBe(true);
    const sold = new Set(items.map(({ item }) => item.supplierSlug));
    expect([...slugs].filter((s) => !sold.has(s))).toEqual([]);
    for (const { k, item } of items) {
      for (const r of RETAILERS) {
        if (new RegExp(`\\b${r}\\b`, 'i').test(item.nameEn) || item.nameZh.includes(r)) throw new Error(`#${k} names retailer ${r}: ${item.nameEn}`);
      }
    }
  });
});
