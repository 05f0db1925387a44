import { z } from 'zod';
import { optionalField, ZRegionId } from '../account/authn.js';
import { ZPhone } from '../account/rules.js';

/** Delivery addresses (docs/requirements.md, Screens, Data and Validation; docs/orders.md). */

/** Receiver name: at least this many characters (docs/requirements.md, Validation leaves the value open). */
export const ADDRESS_RECEIVER_MIN_LENGTH = 2;
/** Addresses a buyer may keep. */
export const MAX_ADDRESSES = 50;

const required = (max: number) => z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(max, 'v.maxLength');
const optional = (max: number) => optionalField(z.string().trim().max(max, 'v.maxLength'));

export const ZReceiverName = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, 'v.required')
  .min(ADDRESS_RECEIVER_MIN_LENGTH, 'v.minLength')
  .max(50, 'v.maxLength');

/** Postal code: letters, digits, spaces and hyphens ("100000", "SW1A 1AA", "10001-1234"). */
export const ZPostalCode = required(20).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'v.pattern');

/**
 * The delivery fields shared by an address and an order (docs/requirements.md, Data). Required: region,
 * city, postal code, receiver, phone, detailed address. Company, tax id, shipping mark, state or
 * province and address line 2 are optional; an empty string counts as absent.
 */
export const ZDeliveryFields = {
  deliveryRegionId: ZRegionId,
  /** State or province (the cart's delivery form). */
  deliveryState: optional(100),
  deliveryCity: required(100),
  deliveryPostalCode: ZPostalCode,
  /** Receiver name. */
  deliveryUser: ZReceiverName,
  deliveryPhone: ZPhone,
  deliveryCompany: optional(100),
  deliveryTaxId: optional(50),
  deliveryShippingMark: optional(100),
  /** Detailed address (address line 1). */
  deliveryAddress: required(200),
  /** Address line 2. */
  deliveryAddress2: optional(200),
};

/** POST /api/address and PUT /api/address/{id} (PUT replaces every field). */
export const ZAddressInput = z.object({ ...ZDeliveryFields, asDefault: z.boolean().optional() });
export type TAddressInput = z.infer<typeof ZAddressInput>;

export const ZAddress = z.object({
  id: z.number().int(),
  deliveryRegionId: z.string(),
  deliveryState: z.string().nullable(),
  deliveryCity: z.string(),
  deliveryPostalCode: z.string(),
  deliveryUser: z.string(),
  deliveryPhone: z.string(),
  deliveryCompany: z.string().nullable(),
  deliveryTaxId: z.string().nullable(),
  deliveryShippingMark: z.string().nullable(),
  deliveryAddress: z.string(),
  deliveryAddress2: z.string().nullable(),
  asDefault: z.boolean(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;
/** Default first, then the most recently changed. */
export const ZAddressList = z.array(ZAddress);

/** The delivery fields of an order or quote placed to a saved address (absent where the address has none). */
export function deliveryOf(address: TAddress): Omit<TAddressInput, 'asDefault'> {
  return {
    deliveryRegionId: address.deliveryRegionId,
    deliveryState: address.deliveryState ?? undefined,
    deliveryCity: address.deliveryCity,
    deliveryTaxId: address.deliveryTaxId ?? undefined,
    deliveryShippingMark: address.deliveryShippingMark ?? undefined,
    deliveryPostalCode: address.deliveryPostalCode,
    deliveryUser: address.deliveryUser,
    deliveryPhone: address.deliveryPhone,
    deliveryCompany: address.deliveryCompany ?? undefined,
    deliveryAddress: address.deliveryAddress,
    deliveryAddress2: address.deliveryAddress2 ?? undefined,
  };
}
