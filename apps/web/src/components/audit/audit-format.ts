import { CARRIERS, formatMoney, type TAuditEntry, type TCurrency, type TLocale } from '@cubeshop/shared';
import { toText } from '@/lib/text';

/**
 * An audited change as staff read it, in their language (the order page's history and the
 * activity log): field names as words ("Packed quantity"), statuses, carriers, methods and roles
 * as their labels, money with its currency when the entry (or the order it belongs to) says it,
 * else as a plain 2-decimal number, yes/no, dates, and lists and objects summarised in words.
 * Nothing is ever shown as JSON; a field this file does not know reads as its humanised name.
 * Pure (the translation function comes in), so it is tested without rendering.
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface AuditContext {
  t: Translate;
  locale: TLocale;
  /** The order's currency (the order page): money of an order entry that names no currency of its own. */
  currency?: TCurrency | undefined;
  /** An order line's name (the order page knows its lines). */
  lineName?: ((lineId: number) => string | undefined) | undefined;
}

/** One changed field: before (absent for a field new in the change) and after. */
export interface AuditLine {
  label: string;
  before?: string;
  after: string;
}

export interface AuditDescription {
  /** What the change is about, unchanged in it (the order line, the request): "Line: Gan 356 (Black)". */
  context: { label: string; value: string }[];
  changes: AuditLine[];
}

type Entry = Pick<TAuditEntry, 'before' | 'after'> & Partial<Pick<TAuditEntry, 'action'>>;
/** The currency of an entry's order money and of its `amount` (a payment's may differ). */
type Cur = { order?: TCurrency | undefined; amount?: TCurrency | undefined };
type Obj = Record<string, unknown>;

const NONE = '—';
/** Longest text shown (a description, a note); longer ones end in "…". */
const TEXT_MAX = 160;
/** Most list items shown; the rest are counted. */
const LIST_MAX = 8;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (isObj(v) && Object.keys(v).length === 0);

/** Equality for display (objects compared key by key whatever their order). */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (isObj(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** "actualQuantity" -> "Actual quantity", "partially_paid" -> "Partially paid". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const SAFE_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Fields whose value is an id: "#12". */
const ID_FIELDS = new Set(['lineId', 'itemId', 'categoryId', 'supplierId', 'parentId', 'groupId', 'request', 'credit', 'note']);
/** Money of an order, in the order's currency (`amount` is a payment's or a credit's: currenciesOf). */
const ORDER_MONEY = new Set(['balance', 'owed', 'credited', 'extra', 'expressFee', 'actualPrice', 'due', 'total']);
/** Catalog prices: yuan. */
const CNY_MAJOR = new Set(['price', 'discountPrice']);
/** Shipping rates: fen. */
const CNY_FEN = new Set(['firstPriceFen', 'stepPriceFen', 'minChargeFen']);
const GRAMS = new Set(['nwG', 'gwG', 'firstWeightG', 'stepWeightG', 'maxWeightG']);
const CM3 = new Set(['volumeCm3', 'cartonVolumeCm3']);
const DATES = new Set(['archivedTime', 'paidAt', 'createdTime', 'time']);
const HTML = new Set(['descriptionZh', 'descriptionEn']);
const REGIONS = new Set(['regions', 'excludedRegions']);
/** Shown whole when they differ (maps and lists), never field by field. */
const WHOLE = new Set(['stock', 'prices', 'set', 'remove', 'types', 'priceTiers', 'images', 'lines', 'regions', 'excludedRegions', 'productIds', 'words']);
/**
 * Fields shown first, in this order (what was done, then what it did to the order); the database
 * gives an entry's keys back in an order of its own. Other fields follow as they come.
 */
const FIRST = [
  'credit',
  'kind',
  'request',
  'status',
  'logisticsStatus',
  'trackingNumber',
  'carrier',
  'actualQuantity',
  'actualPrice',
  'expressFee',
  'amount',
  'extra',
  'lines',
  'method',
  'reference',
  'paidAt',
  'paymentStatus',
  'balance',
  'owed',
  'credited',
];
const rank = (key: string) => {
  const at = FIRST.indexOf(key);
  return at < 0 ? FIRST.length : at;
};
/** Unchanged in an entry, these say what it is about (context), not what changed. */
const CONTEXT = ['lineId', 'itemId', 'type', 'request', 'kind'];

export function createAuditFormatter({ t, locale, currency, lineName }: AuditContext) {
  const yes = () => t('audit.value.yes');
  const no = () => t('audit.value.no');
  const plain = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const money = (major: number, cur: TCurrency | undefined) => (cur ? formatMoney(Math.round(major * 100), cur) : plain(major));
  const count = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  const id = (v: unknown) => t('audit.value.id', { id: String(v) });
  const text = (s: string) => (s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX - 1)}…` : s);
  const stripHtml = (html: string) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  const date = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(d);
  };
  let regionNames: Intl.DisplayNames | null | undefined;
  const region = (code: string) => {
    if (regionNames === undefined) {
      try {
        regionNames = new Intl.DisplayNames([locale === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
      } catch {
        regionNames = null;
      }
    }
    try {
      return regionNames?.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
  const list = (items: string[], sep = locale === 'zh' ? '、' : ', ') => {
    const shown = items.slice(0, LIST_MAX).join(sep);
    return items.length > LIST_MAX ? `${shown} ${t('audit.value.more', { count: items.length - LIST_MAX })}` : shown;
  };
  /** A translated label, else `fallback` (a value the translations do not know yet). */
  const label = (key: string, fallback: string) => (SAFE_KEY.test(key.replace(/[.:]/g, '_')) ? t(key, { defaultValue: fallback }) : fallback);
  const typeName = (code: unknown) => (code === '' || code === null || code === undefined ? t('audit.value.noType') : toText(code));

  /** The field's name in words; a few names mean different things in different actions. */
  function fieldLabel(key: string, action: string): string {
    let k = key;
    if (action.startsWith('request.') && (key === 'status' || key === 'kind')) k = key === 'status' ? 'requestStatus' : 'requestKind';
    else if (action === 'order.credit' && key === 'kind') k = 'creditKind';
    if (!SAFE_KEY.test(k)) return humanize(k);
    return t(`audit.field.${k}`, { defaultValue: humanize(k) });
  }

  /**
   * The currencies of an entry's money. Order entries name the order's currency (`currency`) and a
   * payment's own (`paidCurrency`); older payment entries named only the payment's, as `currency`.
   * The order page's currency wins for the order's money; in the activity log the entry's is used.
   */
  function currenciesOf(entry: Entry, action: string): Cur {
    const get = (k: string) => {
      const v = (isObj(entry.after) && entry.after[k]) || (isObj(entry.before) && entry.before[k]);
      return v === 'CNY' || v === 'USD' ? v : undefined;
    };
    if (!action.startsWith('order.')) return {};
    const named = get('currency');
    const paid = get('paidCurrency');
    const payment = action === 'order.payment' || action === 'order.refund';
    if (payment && !paid) return { order: currency, amount: named ?? currency };
    const order = currency ?? named;
    return { order, amount: payment ? paid : order };
  }

  function lineOf(line: Obj, cur: Cur): string {
    const name =
      (typeof line.name === 'string' && line.name) ||
      (typeof line.lineId === 'number' && lineName?.(line.lineId)) ||
      (line.itemId !== undefined ? id(line.itemId) : NONE);
    const quantity = typeof line.quantity === 'number' ? count(line.quantity) : NONE;
    return typeof line.amount === 'number'
      ? t('audit.value.lineAmount', { name, quantity, amount: money(line.amount, cur.order) })
      : t('audit.value.lineQuantity', { name, quantity });
  }

  /** A value in words. `key` is the field's name, `action` the entry's, `cur` the entry's currency. */
  function value(key: string, v: unknown, action: string, cur: Cur): string {
    if (v === null || v === undefined || v === '') {
      if (key === 'parentId' && v === null) return t('audit.value.topLevel');
      if (key === 'thresholdUsdCents' && v === null) return t('audit.value.noThreshold');
      if (key === 'type' && v === '') return t('audit.value.noType');
      return NONE;
    }
    if (typeof v === 'boolean') return v ? yes() : no();
    if (typeof v === 'number') {
      if (key === 'amount') return money(v, cur.amount);
      if (ORDER_MONEY.has(key)) return money(v, cur.order);
      if (CNY_MAJOR.has(key)) return money(v, action.startsWith('item.') || action.startsWith('group.') ? 'CNY' : undefined);
      if (CNY_FEN.has(key)) return money(v / 100, 'CNY');
      if (key === 'thresholdUsdCents') return money(v / 100, 'USD');
      if (key === 'surchargeBp') return t('audit.value.percent', { value: (v / 100).toLocaleString('en-US', { maximumFractionDigits: 2 }) });
      if (key === 'discountPercent') return t('audit.value.percent', { value: count(v) });
      // Unit symbols read the same in both languages.
      if (GRAMS.has(key)) return `${count(v)} g`;
      if (CM3.has(key)) return `${count(v)} cm³`;
      if (key === 'photos') return t('audit.value.photos', { count: v });
      if (ID_FIELDS.has(key)) return id(v);
      return Number.isInteger(v) ? count(v) : v.toLocaleString('en-US', { maximumFractionDigits: 4 });
    }
    if (typeof v === 'string') {
      if (key === 'status') {
        if (action.startsWith('request.')) return label(`requests.status.${v}`, humanize(v));
        return label(`orders:status.${v}`, humanize(v));
      }
      if (key === 'logisticsStatus') return label(`orders:logistics.${v}`, humanize(v));
      if (key === 'paymentStatus') return label(`orders:paymentStatus.${v}`, label(`audit.value.paymentStatus.${v}`, humanize(v)));
      if (key === 'carrier')
        return (Object.hasOwn(CARRIERS, v) && (CARRIERS as Record<string, { name: string }>)[v]!.name) || (v === 'other' ? t('order.carriers.other') : v);
      if (key === 'method' && action.startsWith('order.')) return label(`order.methods.${v}`, humanize(v));
      if (key === 'role') return label(`nav.role.${v}`, humanize(v));
      if (key === 'kind') {
        if (action.startsWith('request.')) return label(`requests.kind.${v}`, humanize(v));
        if (action === 'order.credit') return label(`audit.value.creditKind.${v}`, humanize(v));
        return label(`audit.value.kind.${v}`, humanize(v));
      }
      if (key === 'mode') return label(`audit.value.carouselMode.${v}`, humanize(v));
      if (key === 'currency' || key === 'paidCurrency') return v;
      if (key === 'qrUrl' || key === 'qrImage') return t('audit.value.uploaded');
      if (DATES.has(key)) return date(v);
      if (HTML.has(key)) return text(stripHtml(v)) || NONE;
      if (ID_FIELDS.has(key) && /^\d+$/.test(v)) return id(v);
      return text(v);
    }
    if (Array.isArray(v)) return array(key, v, action, cur);
    if (isObj(v)) return object(key, v, action, cur);
    return text(toText(v));
  }

  function array(key: string, v: unknown[], action: string, cur: Cur): string {
    if (v.length === 0) return NONE;
    if (key === 'images') return t('audit.value.pictures', { count: v.length });
    if (REGIONS.has(key)) return list(v.map((r) => region(String(r))));
    if (key === 'productIds' || key === 'remove') return list(v.map(id));
    if (key === 'types') {
      return list(
        v.map((x) => {
          if (!isObj(x)) return String(x);
          const name = locale === 'zh' ? x.nameZh : x.nameEn;
          return name ? `${toText(name)} (${String(x.code)})` : String(x.code);
        }),
      );
    }
    if (key === 'priceTiers') {
      return list(
        v.map((x) => (isObj(x) ? t('audit.value.tier', { quantity: count(Number(x.minQuantity)), price: money(Number(x.price), 'CNY') }) : String(x))),
      );
    }
    if (key === 'stock') return list(v.map((x) => (isObj(x) ? `${typeName(x.typeCode)}: ${count(Number(x.onHand))}` : String(x))));
    if (key === 'lines')
      return list(
        v.map((x) => (isObj(x) ? lineOf(x, cur) : String(x))),
        locale === 'zh' ? '；' : '; ',
      );
    // Anything else: scalars in words, objects as "Field: value" pairs.
    return list(
      v.map((x) => (isObj(x) ? object(key, x, action, cur) : value(key, x, action, cur))),
      v.some(isObj) ? (locale === 'zh' ? '；' : '; ') : undefined,
    );
  }

  function object(key: string, v: Obj, action: string, cur: Cur): string {
    const keys = Object.keys(v);
    if (keys.length === 0) return NONE;
    // Maps: stock per type code, group prices per product id.
    if (key === 'stock') return list(keys.map((code) => `${typeName(code)}: ${count(Number(v[code]))}`));
    if (key === 'prices' || key === 'set') return list(keys.map((itemId) => `${id(itemId)}: ${money(Number(v[itemId]), 'CNY')}`));
    const sep = locale === 'zh' ? '，' : ', ';
    const colon = locale === 'zh' ? '：' : ': ';
    return keys
      .filter((k) => !isEmpty(v[k]))
      .map((k) => `${fieldLabel(k, action)}${colon}${value(k, v[k], action, cur)}`)
      .join(sep);
  }

  /** The fields of a stock.adjust entry are the product's type codes, each with on hand and reserved. */
  function stockAdjust(before: Obj, after: Obj): AuditLine[] {
    const codes = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const line = (x: unknown) =>
      isObj(x) ? t('audit.value.stockLine', { onHand: count(Number(x.onHand ?? 0)), reserved: count(Number(x.reserved ?? 0)) }) : NONE;
    return codes
      .filter((c) => stable(before[c]) !== stable(after[c]))
      .map((c) => {
        const out: AuditLine = { label: c === '' ? t('audit.field.stock') : t('audit.stockOf', { type: c }), after: line(after[c]) };
        if (c in before) out.before = line(before[c]);
        return out;
      });
  }

  /** Field by field: nested settings objects are opened ("Exchange rate › CNY per USD"). */
  function diff(before: Obj | null, after: Obj | null, action: string, cur: Cur, prefix: string, out: AuditLine[]): void {
    const creating = before === null;
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort((x, y) => rank(x) - rank(y));
    for (const key of keys) {
      const b = before?.[key];
      const a = after?.[key];
      if (stable(b) === stable(a)) continue;
      // Currencies are shown with the money.
      if ((key === 'currency' || key === 'paidCurrency') && action.startsWith('order.')) continue;
      if (creating && isEmpty(a)) continue;
      const name = prefix ? `${prefix} › ${fieldLabel(key, action)}` : fieldLabel(key, action);
      if (isObj(b) && isObj(a) && !WHOLE.has(key)) {
        diff(b, a, action, cur, name, out);
        continue;
      }
      const line: AuditLine = { label: name, after: value(key, a, action, cur) };
      if (before && key in before) line.before = value(key, b, action, cur);
      // Different values that read the same (a new picture, markup, a cut text): say that it changed.
      if (line.before === line.after) line.after = t('audit.value.changedHidden');
      out.push(line);
    }
  }

  return function describe(entry: Entry): AuditDescription {
    const action = entry.action ?? '';
    const before = isObj(entry.before) ? entry.before : null;
    const after = isObj(entry.after) ? entry.after : null;
    const cur = currenciesOf(entry, action);
    if (action === 'stock.adjust') return { context: [], changes: stockAdjust(before ?? {}, after ?? {}) };

    const context: AuditDescription['context'] = [];
    const skip = new Set<string>();
    if (before && after) {
      const same = CONTEXT.filter((k) => k in before && k in after && stable(before[k]) === stable(after[k]));
      const named = typeof before.lineId === 'number' ? lineName?.(before.lineId) : undefined;
      if (named) {
        context.push({ label: fieldLabel('lineId', action), value: named });
        for (const k of ['lineId', 'itemId', 'type']) skip.add(k);
      }
      for (const k of same) {
        skip.add(k);
        if (named && (k === 'lineId' || k === 'itemId' || k === 'type')) continue;
        if (k === 'lineId' || isEmpty(before[k])) continue;
        context.push({ label: fieldLabel(k, action), value: value(k, before[k], action, cur) });
      }
    }
    const strip = (o: Obj | null) => (o ? Object.fromEntries(Object.entries(o).filter(([k]) => !skip.has(k))) : null);
    const changes: AuditLine[] = [];
    diff(strip(before), strip(after), action, cur, '', changes);
    return { context, changes };
  };
}
