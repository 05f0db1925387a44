import { isDomainError } from '../../lib/app-error.js';
import { SYSTEM_ACTOR } from '../../modules/audit/audit.service.js';
import type { SettingKey, ShopSettings } from '../../modules/settings/settings.service.js';
import type { Services } from '../../services.js';
import { DEMO_SKUS, seedCatalog } from './catalog.js';
import { seedShipping } from './shipping.js';

/** Demo accounts created with the demo data; README lists them. */
export const DEMO_USERS = [
  { account: 'demo_buyer', password: 'Demo1234', email: 'buyer@cubeshop.local', name: 'Demo Buyer', role: null },
  { account: 'demo_admin', password: 'Admin1234', email: 'admin@cubeshop.local', name: 'Demo Admin', role: 'owner' },
  { account: 'demo_sales', password: 'Sales1234', email: 'sales@cubeshop.local', name: 'Demo Sales', role: 'sales' },
  { account: 'demo_warehouse', password: 'Warehouse1234', email: 'warehouse@cubeshop.local', name: 'Demo Warehouse', role: 'warehouse' },
  { account: 'demo_catalog', password: 'Catalog1234', email: 'catalog@cubeshop.local', name: 'Demo Catalog', role: 'catalog' },
] as const;

/** Default shop settings (the free-shipping threshold comes with the shipping tables). */
export const DEFAULT_SETTINGS: { [K in SettingKey]?: ShopSettings[K] } = {
  /** CNY per USD used for x-price-type: USD. */
  exchangeRate: { cnyPerUsd: 7.1 },
  /** Demo bank details (not a real account): the owner replaces them before taking orders. */
  bankTransfer: {
    accountName: 'Cubeshop Demo Trading Co., Ltd.',
    bank: 'Demo Bank of Shenzhen, Nanshan Branch',
    bankAddress: '1 Demo Road, Nanshan District, Shenzhen, China',
    swift: 'DEMOCNSZXXX',
    accountNumber: '6222 0000 0000 0000',
  },
};

/** What the seed writes through: the application's services, never the tables. */
export type SeedServices = Pick<Services, 'catalog' | 'shipping' | 'account' | 'settings' | 'stock'> & Partial<Pick<Services, 'pricing'>>;

/**
 * Demo customer groups (docs/catalog.md, Prices): retail is the default group and takes nothing
 * off, so demo_buyer and every buyer nobody assigned pay the shop's prices; staff put trade
 * buyers in wholesale (10 % off) or VIP (15 % off).
 */
export const DEMO_GROUPS = [
  { code: 'retail', nameZh: '零售', nameEn: 'Retail', discountPercent: 0, position: 0, isDefault: true },
  { code: 'wholesale', nameZh: '批发', nameEn: 'Wholesale', discountPercent: 10, position: 1, isDefault: false },
  { code: 'vip', nameZh: 'VIP 客户', nameEn: 'VIP', discountPercent: 15, position: 2, isDefault: false },
] as const;

/** Creates the demo groups when there are none; true when it did. */
export async function seedGroups(pricing: Pick<Services['pricing'], 'list' | 'create'>): Promise<boolean> {
  if ((await pricing.list()).data.length > 0) return false;
  for (const group of DEMO_GROUPS) await pricing.create(SYSTEM_ACTOR, { ...group });
  return true;
}

/** createUser's refusal of a name or address that is taken (account.service: details.rule 'exists'). */
const alreadyExists = (err: unknown) => isDomainError(err) && err.details?.rule === 'exists';

/**
 * Creates the demo accounts. One that exists already is skipped; any other failure (a database
 * error, a rule the demo data breaks) is thrown: a seed that silently leaves out its users is
 * worse than one that stops.
 */
export async function seedDemoUsers(account: Pick<Services['account'], 'createUser'>): Promise<void> {
  for (const user of DEMO_USERS) {
    try {
      await account.createUser(user);
    } catch (err) {
      if (!alreadyExists(err)) throw err;
    }
  }
}

/**
 * Fills an empty database with the demo data. Returns false when there was data already.
 * Idempotent, and each part is retried at the next start until it is complete: the catalog while
 * there are no products, the shipping tables while there are no methods, the demo users while a
 * default setting is missing (the settings are written last, after the users).
 */
export async function seedIfEmpty(services: SeedServices): Promise<boolean> {
  const { catalog, settings, shipping } = services;
  const defaultKeys = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
  // The demo catalog (DEMO_SKUS generated SKUs) goes in whenever there are no products at all,
  // also in a database created before the catalog existed.
  const catalogSeeded = (await catalog.writes.countItems()) === 0 && (await seedCatalog(catalog.writes, { skus: DEMO_SKUS, stock: services.stock })).added > 0;
  // Shipping methods, rates and payment methods (and the free-shipping threshold) whenever there
  // are none, also in a database created before orders existed.
  let shippingSeeded = false;
  if (await shipping.isEmpty()) {
    await seedShipping(services);
    shippingSeeded = true;
  }
  // Customer groups whenever there are none (also in a database created before they existed).
  const groupsSeeded = services.pricing ? await seedGroups(services.pricing) : false;
  const missing = (await Promise.all(defaultKeys.map(async (key) => ((await settings.get(key)) === undefined ? [key] : [])))).flat();
  if (missing.length === 0) return catalogSeeded || shippingSeeded || groupsSeeded;
  await seedDemoUsers(services.account);
  const setDefault = async <K extends SettingKey>(key: K) => {
    const value = DEFAULT_SETTINGS[key];
    if (value !== undefined) await settings.setIfMissing(key, value);
  };
  for (const key of missing) await setDefault(key);
  return true;
}
