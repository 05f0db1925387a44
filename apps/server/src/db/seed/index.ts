import type { Services } from '../../services.js';
import { settings } from '../schema/index.js';
import { DEMO_SKUS, seedCatalog } from './catalog.js';
import { seedShipping } from './shipping.js';

/** Demo accounts created with the demo data; README lists them. */
export const DEMO_USERS = [
  { account: 'demo_buyer', password: 'Demo1234', email: 'buyer@cubeshop.local', name: 'Demo Buyer', admin: false },
  { account: 'demo_admin', password: 'Admin1234', email: 'admin@cubeshop.local', name: 'Demo Admin', admin: true },
] as const;

/** Default shop settings. */
export const DEFAULT_SETTINGS = {
  /** CNY per USD used for x-price-type: USD. */
  exchangeRate: { cnyPerUsd: 7.1 },
} as const;

/**
 * Fills an empty database with the demo data. Returns false when there was data already.
 * Idempotent: settings use on-conflict-do-nothing, users are skipped when they exist.
 */
export async function seedIfEmpty(services: Services): Promise<boolean> {
  const { db } = services.database;
  // The demo catalog (DEMO_SKUS generated SKUs) goes in whenever there are no products at all,
  // also in a database created before the catalog existed.
  const catalogSeeded = (await services.catalog.countItems()) === 0 && (await seedCatalog(services, { skus: DEMO_SKUS })).added > 0;
  const existing = await db.select({ key: settings.key }).from(settings).limit(1);
  // Shipping methods, rates and payment methods (and the free-shipping threshold) whenever there
  // are none, also in a database created before orders existed.
  let shippingSeeded = false;
  if (await services.shipping.isEmpty()) {
    await seedShipping(services);
    shippingSeeded = true;
  }
  if (existing.length > 0) return catalogSeeded || shippingSeeded;
  for (const user of DEMO_USERS) {
    try {
      await services.account.createUser(user);
    } catch {
      /* exists already */
    }
  }
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  return true;
}
