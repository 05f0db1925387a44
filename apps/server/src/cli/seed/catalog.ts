// Over 400 lines: the demo catalog's generator, mostly data.
import { volumeWeightG } from '@cubeshop/shared';
import type { CatalogWrites, ItemInput } from '../../modules/catalog/catalog.module.js';
import type { StockService } from '../../modules/stock/stock.service.js';
import { demoTiers } from './tiers.js';
import {
  BIG_CUBES,
  BRANDS,
  CATEGORIES,
  CHINESE_NUMBERS,
  COMMENTS,
  EDITIONS,
  FEATURES,
  LINES,
  PACKAGES,
  PROFILES,
  TYPES,
  type CategoryDef,
  type EditionKey,
} from './catalog-data.js';

/**
 * The demo catalog generator. SKU number k (0, 1, 2, ...) is a pure function of k and the seed,
 * so a catalog of any size is reproducible and `seed --skus N` can extend an existing one.
 * The first templates.length SKUs are one retail SKU of every model and edition; the next
 * rounds are wholesale, carton, new-edition, gift-box ... variants of the same models.
 */

export const DEMO_SKUS = 3_200;
export const DEFAULT_SEED = 20_240_607;
/** Above this many new SKUs the search index is rebuilt once instead of updated per row. */
const BULK_ROWS = 20_000;

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Template {
  category: CategoryDef;
  brand: string;
  nameZh: string;
  nameEn: string;
  yuan: number;
  edition: EditionKey;
  hot: boolean;
}

const AUTO_EDITIONS = new Set(['2x2', '3x3', '4x4', '5x5', '6x6', '7x7', 'megaminx', 'pyraminx', 'skewb', 'square-1', 'mirror']);

/** Whether `text` starts with `word` as a whole word (en) or as a prefix (zh), case-insensitively. */
function startsWithWord(text: string, word: string, lang: 'zh' | 'en'): boolean {
  if (!word || text.length < word.length || text.slice(0, word.length).toLowerCase() !== word.toLowerCase()) return false;
  return lang === 'zh' || text.length === word.length || /\s/.test(text[word.length]!);
}

/** Whether `text` ends with `word` as a whole word (en) or as a suffix (zh), case-insensitively. */
function endsWithWord(text: string, word: string, lang: 'zh' | 'en'): boolean {
  if (!word || text.length < word.length || text.slice(-word.length).toLowerCase() !== word.toLowerCase()) return false;
  return lang === 'zh' || text.length === word.length || /\s/.test(text[text.length - word.length - 1]!);
}

/**
 * A product name: brand, model, then the category tail (size prefix, edition, noun). The model
 * is written the way the maker writes it, so it may repeat the brand ("凡鑫", "LanLan") or the
 * category noun ("Halo Smart Timer", "Gear Cube", "鬼魔方"): those words are said once, by the
 * brand and by the tail, never twice ("GAN Halo Smart Timer Timer", "FanXin FanXin ...").
 */
export function composeName(brand: string, model: string, noun: string, tail: string, lang: 'zh' | 'en'): string {
  let m = model.trim();
  // A model named after its maker: "凡鑫" / "FanXin" is said by the brand, "DNM-37" says the brand itself.
  const joined = m.length > brand.length && m.slice(0, brand.length).toLowerCase() === brand.toLowerCase() && m[brand.length] === '-';
  if (joined) brand = '';
  else if (startsWithWord(m, brand, lang)) m = m.slice(brand.length).trim();
  // A model that is (part of) the noun itself ("Skewb", "斜转", "SQ1") adds nothing to the tail.
  if (m && noun.toLowerCase().includes(m.toLowerCase()) && (lang === 'zh' || startsWithWord(noun, m, lang) || endsWithWord(noun, m, lang))) m = '';
  let glue = ' ';
  // The noun, or in English its last word ("Gen 4 Mat" + "Cube Mat"), ending the model moves to the tail.
  const last = lang === 'en' ? noun.split(/\s+/).pop()! : noun;
  for (const word of new Set([noun, last])) {
    if (m && endsWithWord(m, word, lang)) {
      const rest = m.slice(0, m.length - word.length);
      // zh: a noun written into the model without a space ("鬼魔方") stays attached to it.
      glue = lang === 'zh' && rest && !/\s$/.test(rest) ? '' : ' ';
      m = rest.trim();
      break;
    }
  }
  // The model's last words that open the tail ("AI Smart" + "Smart Cube", "六阶" + "六阶磁力魔方") are said by the tail.
  if (m && tail && glue === ' ') {
    const words = m.split(/\s+/);
    const tailWords = tail.split(/\s+/);
    for (let n = Math.min(words.length, tailWords.length); n > 0; n--) {
      const end = words.slice(-n).join(' ');
      const start = tailWords.slice(0, n).join(' ');
      const overlaps = lang === 'en' ? end.toLowerCase() === start.toLowerCase() : end.length >= 2 && start.startsWith(end);
      if (overlaps) {
        m = words.slice(0, -n).join(' ');
        break;
      }
    }
  }
  const body = m && tail ? `${m}${glue}${tail}` : m || tail;
  return [brand, body].filter(Boolean).join(' ');
}

function templates(): Template[] {
  const out: Template[] = [];
  const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));
  const brandOf = new Map(BRANDS.map((b) => [b.slug, b]));
  const name = (category: CategoryDef, brand: string, modelZh: string, modelEn: string, edition: EditionKey) => {
    const b = brandOf.get(brand);
    if (!b || !category.noun) throw new Error(`bad line ${brand} ${modelEn}`);
    const ed = EDITIONS[edition];
    const n = category.noun;
    const zhTail = `${n.prefixZh}${ed.zh}${n.nounZh}`;
    const enTail = [n.prefixEn, ed.en, n.nounEn].filter(Boolean).join(' ');
    return {
      nameZh: composeName(b.zh, modelZh, n.nounZh, zhTail, 'zh'),
      nameEn: composeName(b.en, modelEn, n.nounEn, enTail, 'en'),
    };
  };
  for (const [slug, lines] of Object.entries(LINES)) {
    const category = bySlug.get(slug)!;
    for (const [brand, zh, en, yuan, editions = 's', hot = false] of lines) {
      // The listed price is the first edition's; the others scale by their factor.
      const keys = editions.split(',') as EditionKey[];
      // Most speed-puzzle models come in a magnetic and a UV-coated version too.
      if (AUTO_EDITIONS.has(slug)) {
        if (keys.includes('s') && !keys.includes('m')) keys.push('m');
        if (keys.includes('m') && !keys.includes('uv')) keys.push('uv');
      }
      const base = EDITIONS[keys[0]!].factor;
      for (const edition of keys) {
        out.push({ category, brand, ...name(category, brand, zh, en, edition), yuan: Math.round((yuan * EDITIONS[edition].factor) / base), edition, hot });
      }
    }
  }
  const big = bySlug.get('big-cubes')!;
  for (const [brand, sizes, yuan] of BIG_CUBES) {
    sizes.forEach((size, i) => {
      const b = brandOf.get(brand)!;
      const edition: EditionKey = size <= 10 && brand !== 'shengshou' ? 'm' : 's';
      const ed = EDITIONS[edition];
      out.push({
        category: big,
        brand,
        nameZh: `${b.zh} ${CHINESE_NUMBERS[size]}阶${ed.zh}魔方`,
        nameEn: [b.en, `${size}x${size}`, ed.en, 'Cube'].filter(Boolean).join(' '),
        yuan: Math.round(yuan * (1 + i * 0.45) * (size >= 15 ? 2 : 1)),
        edition,
        hot: brand === 'moyu' && size === 21,
      });
    });
  }
  return out;
}

let cachedTemplates: Template[] | undefined;
export function catalogTemplates(): Template[] {
  cachedTemplates ??= templates();
  return cachedTemplates;
}

/** Variant rounds after the first (retail) one: how the name, price and quantities change. */
const VARIANTS: { zh: string; en: string; price: number; kind: 'retail' | 'wholesale' | 'carton' }[] = [
  { zh: '', en: '', price: 1, kind: 'retail' },
  { zh: '（批发 {n} 只起）', en: '(Wholesale, MOQ {n})', price: 0.86, kind: 'wholesale' },
  { zh: '（整箱 {pcs} 只）', en: '(Carton of {pcs})', price: 0.76, kind: 'carton' },
  { zh: '2025款', en: '2025 Edition', price: 1.05, kind: 'retail' },
  { zh: '礼盒装', en: 'Gift Box', price: 1.2, kind: 'retail' },
  { zh: '限定版', en: 'Limited Edition', price: 1.3, kind: 'retail' },
  { zh: '比赛版', en: 'Competition Edition', price: 1.1, kind: 'retail' },
  { zh: '定制 Logo 版', en: 'Custom Logo Edition', price: 1.15, kind: 'wholesale' },
  { zh: '套装', en: 'Starter Set', price: 1.45, kind: 'retail' },
];

const DISCOUNTS = [5, 10, 10, 15, 15, 20, 20, 25, 30, 40, 50];

/** EAN-13 with the GS1 China prefix 69 and a valid check digit, unique per SKU number. */
export function barcodeOf(k: number, brandIndex: number): string {
  const body = `69${String(brandIndex % 1000).padStart(3, '0')}${String(k % 10_000_000).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * Replaces every `{name}` in a text template with its value (all occurrences, not only the first);
 * a placeholder without a value is a bug in the templates and throws rather than reach a buyer.
 */
export function fillPlaceholders(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in vars)) throw new Error(`no value for {${key}} in "${template}"`);
    return String(vars[key]);
  });
}

/** `variant` is the variant's suffix with its placeholders already filled. */
function description(t: Template, variant: { zh: string; en: string }, profile: (typeof PROFILES)[keyof typeof PROFILES]) {
  const kind = t.category.parent ?? t.category.slug;
  const general =
    kind === 'cubes'
      ? FEATURES.cube
      : kind === 'wca-puzzles'
        ? FEATURES.puzzle
        : kind === 'mods'
          ? FEATURES.mod
          : kind === 'puzzle-toys'
            ? FEATURES.toy
            : kind === 'smart-cubes'
              ? FEATURES.smart
              : FEATURES.accessory;
  const feature = EDITIONS[t.edition].feature ? FEATURES[EDITIONS[t.edition].feature!] : undefined;
  // The general sentence opens the description; the list adds the edition's feature (not the same sentence again).
  const lines = feature ? [feature] : [];
  // The gift-box variant is its package, not a remark after another one ("Color box, Gift Box").
  const gift = variant.en === 'Gift Box';
  const pkg = gift ? PACKAGES.gift! : PACKAGES[profile.pkg]!;
  const remark = gift ? { zh: '', en: '' } : variant;
  const zh = `<p><strong>${t.nameZh}</strong>：${general!.zh}。</p><ul>${lines.map((l) => `<li>${l.zh}</li>`).join('')}<li>尺寸：${profile.size} cm</li><li>包装：${pkg.zh}${remark.zh ? `，${remark.zh.replace(/[（）]/g, '')}` : ''}</li></ul>`;
  const en = `<p><strong>${t.nameEn}</strong>: ${general!.en}.</p><ul>${lines.map((l) => `<li>${l.en}</li>`).join('')}<li>Size: ${profile.size} cm</li><li>Package: ${pkg.en}${remark.en ? `, ${remark.en.replace(/[()]/g, '')}` : ''}</li></ul>`;
  return { zh, en };
}

export interface GeneratedItem extends Omit<ItemInput, 'supplierId' | 'categoryId'> {
  supplierSlug: string;
  categorySlug: string;
}

/** SKU number k of the catalog generated with `seed`; dates are relative to `now`. */
export function generateItem(k: number, now: Date, seed = DEFAULT_SEED): GeneratedItem {
  const list = catalogTemplates();
  const t = list[k % list.length]!;
  const round = Math.floor(k / list.length);
  const rnd = prng(Math.imul(seed ^ 0x9e3779b9, 31) + k * 2_654_435_761);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const profile = PROFILES[t.category.profile ?? 'cube'];
  const variant = VARIANTS[round] ?? {
    zh: `${2016 + (round % 10)}款 批次 ${round}`,
    en: `${2016 + (round % 10)} Edition, Lot ${round}`,
    price: 0.9 + (round % 5) * 0.05,
    kind: 'retail' as const,
  };
  const brandIndex = BRANDS.findIndex((b) => b.slug === t.brand);

  const wholesaleMoq = [6, 10, 12, 24][int(0, 3)]!;
  const pcs = profile.pcs;
  const moq = variant.kind === 'wholesale' ? wholesaleMoq : variant.kind === 'carton' ? pcs : 1;
  const orderMultiple = variant.kind === 'wholesale' ? wholesaleMoq / 2 : variant.kind === 'carton' ? pcs : null;
  const vars = { n: wholesaleMoq, pcs };
  const suffixZh = fillPlaceholders(variant.zh, vars);
  const suffixEn = fillPlaceholders(variant.en, vars);

  // Price per piece in fen: template price, variant factor, ±12 %, ending in .0 or .9 yuan.
  let fen = Math.max(100, Math.round(t.yuan * 100 * variant.price * (0.88 + rnd() * 0.24)));
  fen = fen >= 2_000 ? Math.round(fen / 100) * 100 - (rnd() < 0.4 ? 10 : 0) : Math.round(fen / 10) * 10;
  const discountPercent = rnd() < 0.24 ? DISCOUNTS[int(0, DISCOUNTS.length - 1)]! : 0;

  const [pool, minTypes, maxTypes] = profile.types;
  const typeCount = Math.min(pool.length, int(minTypes, maxTypes));
  const start = int(0, pool.length - 1);
  const codes = Array.from({ length: typeCount }, (_, i) => pool[(start + i) % pool.length]!);
  if (t.category.slug === 'stands-tools' && rnd() < 0.5) codes.length = 0;
  const types = codes.map((code) => ({ code, ...TYPES[code]! }));

  // 4 % are new (created in the last 30 days); the rest over about two and a half years.
  const daysAgo = rnd() < 0.04 ? rnd() * 29 : 30 + rnd() * 870;
  const createdAt = new Date(now.getTime() - Math.round(daysAgo * 86_400_000));
  const updatedAt = new Date(createdAt.getTime() + Math.round(rnd() * daysAgo * 0.8 * 86_400_000));

  const nw = int(profile.nw[0], profile.nw[1]) + (EDITIONS[t.edition].feature === 'magnetic' ? 8 : 0);
  const gw = nw + profile.pack;
  const [bx, by, bz] = profile.box;
  const volumeCm3 = Math.round(bx * by * bz);
  const [cx, cy, cz] = profile.carton;
  const pkg = variant.en === 'Gift Box' ? PACKAGES.gift! : PACKAGES[profile.pkg]!;
  const comment = rnd() < 0.22 ? COMMENTS[int(0, COMMENTS.length - 1)]! : undefined;
  // Lots share their description (one sanitized string per model and variant kind).
  const descVariant = VARIANTS[Math.min(round, VARIANTS.length - 1)] ?? variant;
  const desc = description(t, { zh: fillPlaceholders(descVariant.zh, vars), en: fillPlaceholders(descVariant.en, vars) }, profile);
  const isCube = ['cubes', 'smart-cubes', 'mods'].includes(t.category.parent ?? t.category.slug);
  const cm = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

  return {
    supplierSlug: t.brand,
    categorySlug: t.category.slug,
    nameZh: !suffixZh ? t.nameZh : suffixZh.startsWith('（') ? `${t.nameZh}${suffixZh}` : `${t.nameZh} ${suffixZh}`,
    nameEn: suffixEn ? `${t.nameEn} ${suffixEn}` : t.nameEn,
    descriptionZh: desc.zh,
    descriptionEn: desc.en,
    types,
    priceFen: fen,
    discountPercent,
    moq,
    orderMultiple,
    hot: round < 3 && (t.hot ? rnd() < 0.7 : rnd() < 0.03),
    barcode: barcodeOf(k, brandIndex),
    commentZh: comment?.zh ?? null,
    commentEn: comment?.en ?? null,
    nwG: nw,
    gwG: gw,
    volumeCm3,
    pkgZh: pkg.zh,
    pkgEn: pkg.en,
    carton: `${cx}×${cy}×${cz} cm`,
    pcs,
    dimension: profile.size,
    unitNwDesc: `${nw}g`,
    unitGwDesc: `${gw}g`,
    unitVolumeDesc: `${cm(bx)}×${cm(by)}×${cm(bz)} cm`,
    unitVolumeWeightDesc: `${volumeWeightG(volumeCm3)}g`,
    cartonVolumeCm3: cx * cy * cz,
    imageCount: isCube ? 3 : 2,
    priceTiers: demoTiers({ priceFen: fen, discountPercent, moq, orderMultiple, pcs }, prng(Math.imul(seed ^ 0x2545f491, 13) + k * 69_069)),
    createdAt,
    updatedAt,
  };
}

/**
 * Demo stock of SKU number k (docs/catalog.md, Stock): pieces on hand per type and whether it
 * takes pre-orders. About 76 % in stock (20-600 a type), 12 % low (1-10 in all), 8 % out of
 * stock and 4 % pre-order (none on hand), so the storefront shows every state.
 */
export function demoStock(k: number, typeCodes: readonly string[], seed = DEFAULT_SEED): { preorder: boolean; lines: { typeCode: string; onHand: number }[] } {
  const rnd = prng(Math.imul(seed ^ 0x51ed270b, 17) + k * 40_503);
  const codes = typeCodes.length > 0 ? typeCodes : [''];
  const roll = rnd();
  const zero = () => codes.map((typeCode) => ({ typeCode, onHand: 0 }));
  if (roll < 0.04) return { preorder: true, lines: zero() };
  if (roll < 0.12) return { preorder: false, lines: zero() };
  if (roll < 0.24) {
    // Low: 1-10 pieces in all, on one or two of its types.
    let left = 1 + Math.floor(rnd() * 10);
    return {
      preorder: false,
      lines: codes.map((typeCode, i) => {
        const onHand = i === codes.length - 1 ? left : Math.floor(rnd() * (left + 1) * 0.5);
        left -= onHand;
        return { typeCode, onHand };
      }),
    };
  }
  return { preorder: false, lines: codes.map((typeCode) => ({ typeCode, onHand: 20 + Math.floor(rnd() * 581) })) };
}

export interface SeedCatalogOptions {
  /** Make the catalog this big (SKUs); existing SKUs are kept. */
  skus: number;
  /** Where the demo stock goes (the stock module); without it the products are not tracked (no limit). */
  stock?: Pick<StockService, 'setOnHandMany'> | undefined;
  /** Delete the catalog (and favourites) first. */
  reset?: boolean;
  seed?: number;
  now?: Date;
}

/**
 * Creates the categories and brands when missing, then adds generated SKUs until the catalog
 * has `skus` of them. Batches of 5,000 rows, one statement each.
 */
export async function seedCatalog(catalog: CatalogWrites, options: SeedCatalogOptions): Promise<{ added: number; total: number }> {
  if (options.reset) await catalog.deleteCatalog();
  let ids = await catalog.slugIds();
  if (ids.categories.size === 0) {
    const created = new Map<string, number>();
    for (const [position, c] of CATEGORIES.entries()) {
      created.set(
        c.slug,
        await catalog.createCategory({
          slug: c.slug,
          nameZh: c.zh,
          nameEn: c.en,
          parentId: c.parent ? created.get(c.parent)! : null,
          position,
          shape: c.shape ?? null,
        }),
      );
    }
  }
  if (ids.suppliers.size === 0) {
    for (const [position, b] of BRANDS.entries()) await catalog.createSupplier({ slug: b.slug, nameZh: b.zh, nameEn: b.en, position });
  }
  ids = await catalog.slugIds();
  const existing = await catalog.countItems();
  if (existing >= options.skus) return { added: 0, total: existing };
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEFAULT_SEED;
  const resolved = ids;
  // Stock lines in the order the products are added (addItems answers their ids in that order).
  const stockOf: { typeCode: string; onHand: number }[][] = [];
  function* items(): Generator<ItemInput> {
    for (let k = existing; k < options.skus; k++) {
      const { supplierSlug, categorySlug, ...item } = generateItem(k, now, seed);
      const supplierId = resolved.suppliers.get(supplierSlug);
      const categoryId = resolved.categories.get(categorySlug);
      if (supplierId === undefined || categoryId === undefined) continue;
      const stock = demoStock(
        k,
        (item.types ?? []).map((t) => t.code),
        seed,
      );
      stockOf.push(stock.lines);
      yield { ...item, supplierId, categoryId, preorder: stock.preorder };
    }
  }
  const added = await catalog.addItems(items(), { bulk: options.skus - existing > BULK_ROWS });
  if (options.stock) await options.stock.setOnHandMany(added.flatMap((itemId, i) => (stockOf[i] ?? []).map((l) => ({ itemId, ...l }))));
  await catalog.vacuumAnalyze();
  return { added: added.length, total: existing + added.length };
}
