import { MAX_ADDRESSES, type TAddress, type TAddressInput } from '@cubeshop/shared';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { AddressesRepository, AddressFields, AddressRow } from './addresses.repository.js';

export interface AddressesDeps {
  /** Whether a country or region id is known (modules/regions). */
  isRegion: (id: string) => boolean;
}

export function toAddress(row: AddressRow): TAddress {
  return {
    id: row.id,
    deliveryRegionId: row.regionId,
    deliveryState: row.state,
    deliveryCity: row.city,
    deliveryPostalCode: row.postalCode,
    deliveryUser: row.receiver,
    deliveryPhone: row.phone,
    deliveryCompany: row.company,
    deliveryTaxId: row.taxId,
    deliveryShippingMark: row.shippingMark,
    deliveryAddress: row.address,
    deliveryAddress2: row.address2,
    asDefault: row.isDefault,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
  };
}

/**
 * A buyer's delivery addresses (docs/requirements.md, Data, States and Validation). Rules: the first address is the
 * default; making one the default clears the others; deleting the default promotes the most
 * recently changed other one; at most MAX_ADDRESSES. Another buyer's address answers 404.
 */
export function createAddressesService(repo: AddressesRepository, deps: AddressesDeps) {
  function fieldsOf(input: TAddressInput): AddressFields {
    const regionId = input.deliveryRegionId.toUpperCase();
    if (!deps.isRegion(regionId)) throw badRequest('regionUnknown', {}, { field: 'deliveryRegionId' });
    return {
      regionId,
      state: input.deliveryState ?? null,
      city: input.deliveryCity,
      postalCode: input.deliveryPostalCode,
      receiver: input.deliveryUser,
      phone: input.deliveryPhone,
      company: input.deliveryCompany ?? null,
      taxId: input.deliveryTaxId ?? null,
      shippingMark: input.deliveryShippingMark ?? null,
      address: input.deliveryAddress,
      address2: input.deliveryAddress2 ?? null,
    };
  }

  return {
    async list(userId: number): Promise<TAddress[]> {
      return (await repo.list(userId)).map(toAddress);
    },

    async get(userId: number, id: number): Promise<TAddress> {
      const row = await repo.get(userId, id);
      if (!row) throw notFound('addressNotFound');
      return toAddress(row);
    },

    async create(userId: number, input: TAddressInput): Promise<TAddress> {
      const fields = fieldsOf(input);
      const row = await repo.withUserLock(userId, async (tx) => {
        const existing = await repo.count(tx, userId);
        if (existing >= MAX_ADDRESSES) throw badRequest('addressLimit', { max: MAX_ADDRESSES });
        const asDefault = existing === 0 || input.asDefault === true;
        if (asDefault) await repo.clearDefault(tx, userId);
        return repo.insert(tx, userId, fields, asDefault);
      });
      return toAddress(row);
    },

    /**
     * PUT replaces every field. asDefault true makes it the default; asDefault false on the
     * default address leaves it the default (a buyer with addresses always has one): choose
     * another address as default instead.
     */
    async update(userId: number, id: number, input: TAddressInput): Promise<TAddress> {
      const fields = fieldsOf(input);
      const row = await repo.withUserLock(userId, async (tx) => {
        const current = await repo.getIn(tx, userId, id);
        if (!current) throw notFound('addressNotFound');
        if (input.asDefault === true && !current.isDefault) await repo.clearDefault(tx, userId);
        return repo.update(tx, userId, id, { ...fields, isDefault: current.isDefault || input.asDefault === true });
      });
      if (!row) throw notFound('addressNotFound');
      return toAddress(row);
    },

    async setDefault(userId: number, id: number): Promise<TAddress> {
      const row = await repo.withUserLock(userId, async (tx) => {
        const current = await repo.getIn(tx, userId, id);
        if (!current) throw notFound('addressNotFound');
        if (current.isDefault) return current;
        await repo.clearDefault(tx, userId);
        return repo.update(tx, userId, id, { isDefault: true });
      });
      if (!row) throw notFound('addressNotFound');
      return toAddress(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      await repo.withUserLock(userId, async (tx) => {
        const removed = await repo.delete(tx, userId, id);
        if (!removed) throw notFound('addressNotFound');
        if (removed.isDefault) await repo.promoteNewest(tx, userId);
      });
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
