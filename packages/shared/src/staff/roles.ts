import { z } from 'zod';

/**
 * Staff roles (docs/orders.md, Back office). Every staff route names the capability it needs;
 * the server checks it (403 otherwise) and the staff app hides what a role cannot do.
 * - owner: everything, and manages staff;
 * - sales: the sales dashboard, orders, payments, customers, chat;
 * - warehouse: fulfilment (packing, actual quantities, shipping, tracking);
 * - catalog: products, prices and stock (the catalog back office);
 * - service: the customer-service chat only; in a conversation it serves it sees the buyer's name
 *   and orders' status (GET /api/groups/{gid}/buyer, every chat role), not the customer list or
 *   anyone's contact data.
 * Every staff role is an "admin" to the public API (user info's admin flag, the chat's rules; docs/glossary.md).
 */
export const STAFF_ROLES = ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

export const STAFF_CAPABILITIES = [
  /** The customer-service console. */
  'chat',
  /** The sales dashboard: orders, revenue, payments, best sellers, new buyers (owner, sales). */
  'dashboard.read',
  /** See the order queue and orders. */
  'orders.read',
  /** Packing and shipping: outbound, delivery, logistics, tracking, actual quantities. */
  'orders.fulfil',
  /** Commercial changes: cancel, actual prices and shipping fee, messages to the buyer. */
  'orders.sell',
  /** Record payments and refunds. */
  'payments.record',
  /** Ship an unpaid order (with a reason). */
  'orders.shipUnpaid',
  /** The staff activity page (every audited change). */
  'audit.read',
  /** Staff accounts (/admin/staff): invite by e-mail, change roles, disable and enable, force a password reset. */
  'staff.manage',
  /** The customer list and a buyer's page (orders, addresses, chat, notes). */
  'customers.read',
  /** Notes on a buyer; disable and enable a buyer's account. */
  'customers.manage',
  /** Products, categories, brands, prices (tiers, customer groups), pictures and spreadsheet import/export. */
  'catalog.manage',
  /** Stock counts (on hand) of products. */
  'stock.manage',
  /** What buyers search for: the most searched terms and those that found nothing. */
  'search.read',
  /** Shop settings: exchange rate, free shipping, shipping and payment methods, bank details, carousel, footer. */
  'settings.manage',
] as const;
export type TStaffCapability = (typeof STAFF_CAPABILITIES)[number];

const GRANTS: Record<TStaffRole, readonly TStaffCapability[]> = {
  owner: STAFF_CAPABILITIES,
  sales: [
    'chat',
    'dashboard.read',
    'orders.read',
    'orders.fulfil',
    'orders.sell',
    'payments.record',
    'orders.shipUnpaid',
    'customers.read',
    'customers.manage',
    'search.read',
  ],
  warehouse: ['chat', 'orders.read', 'orders.fulfil', 'stock.manage'],
  catalog: ['chat', 'catalog.manage', 'stock.manage', 'search.read'],
  // Service answers the chat; the buyer it serves (name, orders' status) comes with the conversation, not from the customer list.
  service: ['chat'],
};

/** Whether a role (null: not staff) has a capability. */
export function staffCan(role: TStaffRole | null | undefined, capability: TStaffCapability): boolean {
  return !!role && GRANTS[role].includes(capability);
}

/** The roles that have a capability (for messages and the route table). */
export function rolesWith(capability: TStaffCapability): TStaffRole[] {
  return STAFF_ROLES.filter((role) => GRANTS[role].includes(capability));
}
