import { z } from 'zod';
import { ZYuan } from '../catalog/staff.js';
import { digitsToNumber } from '../validation/numbers.js';

/**
 * Customer groups (docs/catalog.md, Prices: tiers and customer groups): staff keep groups
 * (retail, wholesale, VIP ...) with a percentage off and per-product prices of their own, and put
 * buyers in them. Staff work in yuan (CNY, 2 decimals); messages are validation keys.
 */

export const GROUP_CODE_MAX = 32;
export const GROUP_NAME_MAX = 60;
/** Own prices a group may hold (per-product prices are for a few negotiated products). */
export const GROUP_PRICES_MAX = 5_000;

const id = z.preprocess(digitsToNumber, z.number().int().min(1).max(2_147_483_647));
const bigId = z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

export const ZCustomerGroupIdParams = z.object({ id });

/** POST /api/admin/customer-groups, PUT /api/admin/customer-groups/{id}. */
export const ZCustomerGroupInput = z.object({
  code: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, 'v.required')
    .max(GROUP_CODE_MAX, 'v.maxLength')
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'v.groupCode'),
  nameZh: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(GROUP_NAME_MAX, 'v.maxLength'),
  nameEn: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(GROUP_NAME_MAX, 'v.maxLength'),
  /** Percent off the price a buyer would pay (0..99). */
  discountPercent: z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(99, 'v.numberRange'),
  position: z.number({ error: 'v.number' }).int('v.integer').min(0, 'v.minimum').max(10_000, 'v.numberRange').default(0),
  /** Buyers nobody assigned are in this group (at most one group is the default). */
  isDefault: z.boolean().default(false),
});
export type TCustomerGroupInput = z.infer<typeof ZCustomerGroupInput>;

export const ZCustomerGroup = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  discountPercent: z.number().int(),
  position: z.number().int(),
  isDefault: z.boolean(),
  /** Buyers assigned to the group. */
  memberCount: z.number().int(),
  /** Products with a price of the group's own. */
  priceCount: z.number().int(),
});
export type TCustomerGroup = z.infer<typeof ZCustomerGroup>;
export const ZCustomerGroupList = z.object({ data: z.array(ZCustomerGroup) });
export type TCustomerGroupList = z.infer<typeof ZCustomerGroupList>;

/** A group's own price for a product (yuan, CNY). */
export const ZGroupPriceInput = z.object({ itemId: bigId, price: ZYuan });
export type TGroupPriceInput = z.infer<typeof ZGroupPriceInput>;

/** PUT /api/admin/customer-groups/{id}/prices: set (upsert) and remove own prices by product id. */
export const ZGroupPricesChange = z.object({
  set: z.array(ZGroupPriceInput).max(500, 'v.maxItems').default([]),
  remove: z.array(bigId).max(500, 'v.maxItems').default([]),
});
export type TGroupPricesChange = z.infer<typeof ZGroupPricesChange>;

export const ZGroupPrice = z.object({
  itemId: z.number().int(),
  /** Product name in the staff member's language. */
  name: z.string(),
  /** The group's price, yuan. */
  price: z.number(),
  /** What the product costs without the group (discount applied), yuan. */
  shopPrice: z.number(),
});
export type TGroupPrice = z.infer<typeof ZGroupPrice>;
export const ZGroupPriceList = z.object({ data: z.array(ZGroupPrice) });
export type TGroupPriceList = z.infer<typeof ZGroupPriceList>;

/** PUT /api/admin/customers/{id}/group: null takes the buyer out of any group (the default applies). */
export const ZCustomerGroupAssign = z.object({ groupId: z.number().int().min(1).nullable() });
export type TCustomerGroupAssign = z.infer<typeof ZCustomerGroupAssign>;

/** GET|PUT /api/admin/customers/{id}/group. */
export const ZCustomerGroupOfBuyer = z.object({
  /** The group staff put the buyer in; null when none (then `effective` is the default group, if any). */
  groupId: z.number().int().nullable(),
  /** The group whose prices the buyer sees. */
  effective: ZCustomerGroup.nullable(),
  /** Every group, to choose from (staff who may assign buyers need not manage groups). */
  groups: z.array(ZCustomerGroup),
});
export type TCustomerGroupOfBuyer = z.infer<typeof ZCustomerGroupOfBuyer>;
