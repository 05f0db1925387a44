import { isDomainError } from '../../lib/app-error.js';
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
export type SeedServices = Pick<Services, 'catalog' | 'shipping' | 'account' | 'settings'>;

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
  const catalogSeeded = (await catalog.admin.countItems()) === 0 && (await seedCatalog(catalog.admin, { skus: DEMO_SKUS })).added > 0;
  // Shipping methods, rates and payment methods (and the free-shipping threshold) whenever there
  // are none, also in a database created before orders existed.
  let shippingSeeded = false;
  if (await shipping.isEmpty()) {
    await seedShipping(services);
    shippingSeeded = true;
  }
  const missing = (await Promise.all(defaultKeys.map(async (key) => ((await settings.get(key)) === undefined ? [key] : [])))).flat();
  if (missing.length === 0) return catalogSeeded || shippingSeeded;
  await seedDemoUsers(services.account);
  const setDefault = async <K extends SettingKey>(key: K) => {
    const value = DEFAULT_SETTINGS[key];
    if (value !== undefined) await settings.setIfMissing(key, value);
  };
  for (const key of missing) await setDefault(key);
  return true;
}
