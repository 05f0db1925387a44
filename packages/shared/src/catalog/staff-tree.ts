import { z } from 'zod';
import { digitsToNumber, ZIdParams } from '../validation/numbers.js';

/**
 * The catalog back office's categories and brands (docs/catalog.md, Back office): the staff
 * category tree (create, rename, move under another parent, reorder among siblings, delete when
 * empty) and brands (create, rename, logo, the authorization flag of the brand page).
 */

const name = z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(100, 'v.maxLength');
const slug = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, 'v.required')
  .max(60, 'v.maxLength')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'v.slug');

/** A category or brand id (int4 in the database). */
export const ZStaffTreeIdParams = z.object({ id: z.preprocess(digitsToNumber, z.number().int().min(1).max(2_147_483_647)) });
export const ZStaffImageParams = ZIdParams.extend({ imageId: z.preprocess(digitsToNumber, z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) });

/** A category as staff see it (flat; `parentId` and `position` give the tree). */
export const ZStaffCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  nameZh: z.string(),
  nameEn: z.string(),
  position: z.number().int(),
  /** Products directly in it (archived ones too). */
  items: z.number().int(),
});
export type TStaffCategory = z.infer<typeof ZStaffCategory>;
export const ZStaffCategoryList = z.object({ data: z.array(ZStaffCategory) });
export type TStaffCategoryList = z.infer<typeof ZStaffCategoryList>;

/** POST /api/admin/categories */
export const ZStaffCategoryCreate = z.object({
  slug,
  nameZh: name,
  nameEn: name,
  parentId: z.number().int().min(1).nullable().default(null),
});
export type TStaffCategoryCreate = z.infer<typeof ZStaffCategoryCreate>;

/** PUT /api/admin/categories/{id}: rename, move (parentId) and/or place among siblings (position, 0-based). */
export const ZStaffCategoryUpdate = z.object({
  nameZh: name.optional(),
  nameEn: name.optional(),
  parentId: z.number().int().min(1).nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type TStaffCategoryUpdate = z.infer<typeof ZStaffCategoryUpdate>;

/** A brand as staff see it. */
export const ZStaffBrand = z.object({
  id: z.number().int(),
  slug: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  position: z.number().int(),
  authorized: z.boolean(),
  /** Versioned logo URL, or null when none was uploaded. */
  logo: z.string().nullable(),
  items: z.number().int(),
});
export type TStaffBrand = z.infer<typeof ZStaffBrand>;
export const ZStaffBrandList = z.object({ data: z.array(ZStaffBrand) });
export type TStaffBrandList = z.infer<typeof ZStaffBrandList>;

/** GET /api/suppliers/authorized: the brands the shop is an authorized dealer of (the brand authorization page). */
export const ZAuthorizedBrand = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
export type TAuthorizedBrand = z.infer<typeof ZAuthorizedBrand>;
export const ZAuthorizedBrandList = z.object({ data: z.array(ZAuthorizedBrand) });
export type TAuthorizedBrandList = z.infer<typeof ZAuthorizedBrandList>;

/** POST /api/admin/brands */
export const ZStaffBrandCreate = z.object({ slug, nameZh: name, nameEn: name, authorized: z.boolean().default(false) });
export type TStaffBrandCreate = z.infer<typeof ZStaffBrandCreate>;
/** PUT /api/admin/brands/{id} */
export const ZStaffBrandUpdate = z.object({
  nameZh: name.optional(),
  nameEn: name.optional(),
  authorized: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type TStaffBrandUpdate = z.infer<typeof ZStaffBrandUpdate>;

/** PUT /api/admin/items/{id}/images: the uploaded pictures in their new order (the first is the main one). */
export const ZStaffImageOrder = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(50) });
export type TStaffImageOrder = z.infer<typeof ZStaffImageOrder>;
