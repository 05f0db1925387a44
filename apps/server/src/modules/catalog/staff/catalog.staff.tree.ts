import type {
  TStaffBrand,
  TStaffBrandCreate,
  TStaffBrandList,
  TStaffBrandUpdate,
  TStaffCategory,
  TStaffCategoryCreate,
  TStaffCategoryList,
  TStaffCategoryUpdate,
  TAuthorizedBrandList,
  TLocale,
} from '@cubeshop/shared';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../lib/app-error.js';
import type { AuditService, StaffActor } from '../../audit/audit.service.js';
import type { StaffCategoryRow, StaffSupplierRow, CatalogStaffRepository } from './catalog.staff.repository.js';
import { imageContentType, type ImageStorage } from '../images/catalog.images.storage.js';
import type { ImageFormat } from '../images/catalog.images.render.js';
import { encodeLogo, logoKey } from '../images/catalog.images.uploads.js';

/**
 * The back office's category tree and brands (docs/catalog.md, Back office). Categories: create,
 * rename, move under another parent (never under itself or a descendant), place among siblings,
 * delete only when empty (no products, archived ones included, and no subcategories). Brands:
 * create, rename, the authorization flag of the brand page, a logo. Audited; caches emptied.
 */

export interface CatalogTreeStaffDeps {
  repo: CatalogStaffRepository;
  audit: Pick<AuditService, 'record'>;
  uploads: ImageStorage;
  changed: () => void;
}

const categoryOf = (r: StaffCategoryRow): TStaffCategory => ({
  id: r.id,
  slug: r.slug,
  parentId: r.parentId,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  position: r.position,
  items: r.items,
});

export const logoUrl = (id: number, version: number | null) => (version === null ? null : `/api/suppliers/${id}/logo?v=${version}`);

const brandOf = (r: StaffSupplierRow): TStaffBrand => ({
  id: r.id,
  slug: r.slug,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  position: r.position,
  authorized: r.authorized,
  logo: logoUrl(r.id, r.logoVersion),
  items: r.items,
});

const audited = (r: { nameZh: string; nameEn: string; parentId?: number | null; position: number; authorized?: boolean; logoVersion?: number | null }) => {
  const { nameZh, nameEn, position } = r;
  return {
    nameZh,
    nameEn,
    position,
    ...(r.parentId !== undefined ? { parentId: r.parentId } : {}),
    ...(r.authorized !== undefined ? { authorized: r.authorized, logoVersion: r.logoVersion ?? null } : {}),
  };
};

export function createCatalogTreeStaff({ repo, audit, uploads, changed }: CatalogTreeStaffDeps) {
  /** Siblings of a parent in order, with `id` placed at `position` (or last); positions rewritten 0.. */
  async function place(tx: Db, all: StaffCategoryRow[], id: number, parentId: number | null, position: number | undefined): Promise<void> {
    const siblings = all.filter((c) => c.parentId === parentId && c.id !== id).map((c) => c.id);
    const at = Math.min(position ?? siblings.length, siblings.length);
    siblings.splice(at, 0, id);
    for (const [i, sid] of siblings.entries()) {
      const current = all.find((c) => c.id === sid);
      if (sid === id || current?.position !== i) await repo.updateCategory(tx, sid, { position: i });
    }
  }

  return {
    async categories(): Promise<TStaffCategoryList> {
      return { data: (await repo.listCategories()).map(categoryOf) };
    },

    async createCategory(actor: StaffActor, input: TStaffCategoryCreate): Promise<TStaffCategory> {
      const id = await repo.transaction(async (tx) => {
        await repo.lockTree(tx);
        const all = await repo.listCategories(tx);
        if (input.parentId !== null && !all.some((c) => c.id === input.parentId))
          throw badRequest('categoryNotFound', {}, { field: 'parentId', rule: 'exists' });
        if (await repo.categorySlugTaken(tx, input.slug)) throw badRequest('slugTaken', { slug: input.slug }, { field: 'slug', rule: 'unique' });
        const position = all.filter((c) => c.parentId === input.parentId).length;
        const created = await repo.insertCategory(tx, { slug: input.slug, nameZh: input.nameZh, nameEn: input.nameEn, parentId: input.parentId, position });
        await audit.record(tx, actor, [
          { action: 'category.create', entity: 'category', entityId: created, after: { slug: input.slug, ...audited({ ...input, position }) } },
        ]);
        return created;
      });
      changed();
      return categoryOf((await repo.listCategories()).find((c) => c.id === id)!);
    },

    async updateCategory(actor: StaffActor, id: number, input: TStaffCategoryUpdate): Promise<TStaffCategory> {
      await repo.transaction(async (tx) => {
        await repo.lockTree(tx);
        const all = await repo.listCategories(tx);
        const before = all.find((c) => c.id === id);
        if (!before) throw notFound('categoryNotFound');
        const parentId = input.parentId === undefined ? before.parentId : input.parentId;
        if (parentId !== null) {
          if (!all.some((c) => c.id === parentId)) throw badRequest('categoryNotFound', {}, { field: 'parentId', rule: 'exists' });
          // No cycles: the new parent may not be the category or one of its descendants.
          for (let cur: number | null = parentId, steps = 0; cur !== null && steps <= all.length; steps++) {
            if (cur === id) throw badRequest('categoryCycle', {}, { field: 'parentId', rule: 'cycle' });
            cur = all.find((c) => c.id === cur)?.parentId ?? null;
          }
        }
        await repo.updateCategory(tx, id, { nameZh: input.nameZh ?? before.nameZh, nameEn: input.nameEn ?? before.nameEn, parentId });
        if (parentId !== before.parentId || input.position !== undefined) {
          await place(tx, all, id, parentId, input.position);
          // The old siblings close the gap.
          if (parentId !== before.parentId) {
            const old = all.filter((c) => c.parentId === before.parentId && c.id !== id);
            for (const [i, c] of old.entries()) if (c.position !== i) await repo.updateCategory(tx, c.id, { position: i });
          }
        }
        const after = (await repo.listCategories(tx)).find((c) => c.id === id)!;
        await audit.record(tx, actor, [{ action: 'category.update', entity: 'category', entityId: id, before: audited(before), after: audited(after) }]);
      });
      changed();
      return categoryOf((await repo.listCategories()).find((c) => c.id === id)!);
    },

    async deleteCategory(actor: StaffActor, id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        await repo.lockTree(tx);
        const all = await repo.listCategories(tx);
        const target = all.find((c) => c.id === id);
        if (!target) throw notFound('categoryNotFound');
        if (target.items > 0) throw conflict('categoryHasItems', { count: target.items }, { reason: 'items' });
        if (all.some((c) => c.parentId === id)) throw conflict('categoryHasChildren', {}, { reason: 'children' });
        await repo.deleteCategory(tx, id);
        const siblings = all.filter((c) => c.parentId === target.parentId && c.id !== id);
        for (const [i, c] of siblings.entries()) if (c.position !== i) await repo.updateCategory(tx, c.id, { position: i });
        await audit.record(tx, actor, [{ action: 'category.delete', entity: 'category', entityId: id, before: { slug: target.slug, ...audited(target) } }]);
      });
      changed();
    },

    async brands(): Promise<TStaffBrandList> {
      return { data: (await repo.listSuppliers()).map(brandOf) };
    },

    async createBrand(actor: StaffActor, input: TStaffBrandCreate): Promise<TStaffBrand> {
      const id = await repo.transaction(async (tx) => {
        if (await repo.supplierSlugTaken(tx, input.slug)) throw badRequest('slugTaken', { slug: input.slug }, { field: 'slug', rule: 'unique' });
        const position = (await repo.listSuppliers(tx)).length;
        const created = await repo.insertSupplier(tx, { ...input, position });
        await audit.record(tx, actor, [
          { action: 'brand.create', entity: 'brand', entityId: created, after: { slug: input.slug, ...audited({ ...input, position }) } },
        ]);
        return created;
      });
      changed();
      return brandOf((await repo.listSuppliers()).find((s) => s.id === id)!);
    },

    async updateBrand(actor: StaffActor, id: number, input: TStaffBrandUpdate, logo?: Buffer): Promise<TStaffBrand> {
      const encoded = logo ? await encodeLogo(logo) : undefined;
      await repo.transaction(async (tx) => {
        const before = (await repo.listSuppliers(tx)).find((s) => s.id === id);
        if (!before) throw notFound('brandNotFound');
        const version = encoded ? (before.logoVersion ?? 0) + 1 : before.logoVersion;
        if (encoded && version !== null) for (const f of encoded) await uploads.put(logoKey(id, version, f.format), f.bytes, imageContentType(f.format));
        await repo.updateSupplier(tx, id, {
          nameZh: input.nameZh ?? before.nameZh,
          nameEn: input.nameEn ?? before.nameEn,
          authorized: input.authorized ?? before.authorized,
          position: input.position ?? before.position,
          logoVersion: version,
        });
        const after = (await repo.listSuppliers(tx)).find((s) => s.id === id)!;
        await audit.record(tx, actor, [{ action: 'brand.update', entity: 'brand', entityId: id, before: audited(before), after: audited(after) }]);
      });
      changed();
      return brandOf((await repo.listSuppliers()).find((s) => s.id === id)!);
    },

    /** The brands flagged as authorized, in the staff's order, named in a language. */
    async authorized(locale: TLocale): Promise<TAuthorizedBrandList> {
      const rows = (await repo.listSuppliers()).filter((s) => s.authorized);
      return {
        data: rows.map((s) => ({
          id: s.id,
          name: (locale === 'zh' ? s.nameZh || s.nameEn : s.nameEn || s.nameZh) || s.slug,
          logo: logoUrl(s.id, s.logoVersion),
        })),
      };
    },

    /** A brand's logo bytes (current version), or 404. */
    async logo(id: number, format: ImageFormat): Promise<{ bytes: Buffer; version: number }> {
      const version = await repo.logoVersion(id);
      if (version === undefined || version === null) throw notFound('brandNotFound');
      const bytes = await uploads.get(logoKey(id, version, format));
      if (!bytes) throw notFound('imageNotFound');
      return { bytes, version };
    },
  };
}
export type CatalogTreeStaff = ReturnType<typeof createCatalogTreeStaff>;
