import { z } from 'zod';
import { ZAddressInput, type TAddress, type TAddressInput, type TLocale } from '@cubeshop/shared';
import { formMessage, issueMessage } from '@/lib/form-rules';

/** The address modal's fields, in the order they show (the banner names the first failing one). */
export const ADDRESS_FIELDS = [
  'deliveryRegionId',
  'deliveryState',
  'deliveryCity',
  'deliveryPostalCode',
  'deliveryUser',
  'deliveryPhone',
  'deliveryCompany',
  'deliveryTaxId',
  'deliveryShippingMark',
  'deliveryAddress',
  'deliveryAddress2',
] as const;
export type TAddressField = (typeof ADDRESS_FIELDS)[number];

export type TAddressFormValues = Record<TAddressField, string> & { asDefault: boolean };

export const REQUIRED_ADDRESS_FIELDS: readonly TAddressField[] = [
  'deliveryRegionId',
  'deliveryCity',
  'deliveryPostalCode',
  'deliveryUser',
  'deliveryPhone',
  'deliveryAddress',
];

/** A new address: empty, in the country or region the buyer registered with (when there is one). */
export function emptyAddressValues(asDefault = false, regionId: string | null = null): TAddressFormValues {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Record<TAddressField, string>;
  return { ...values, deliveryRegionId: regionId ?? '', asDefault };
}

export function addressToValues(address: TAddress): TAddressFormValues {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f] ?? ''])) as Record<TAddressField, string>;
  return { ...values, asDefault: address.asDefault };
}

/** The request body (POST / PUT /api/address); blank optional fields are sent empty (absent). */
export function valuesToInput(values: TAddressFormValues): TAddressInput {
  return { ...values };
}

/**
 * The form's validation (react-hook-form's zod resolver): docs/requirements.md, Validation with the shared schema
 * the server applies, ZAddressInput. Required: region, city, postal code, receiver (at least 2
 * characters), phone (digits, spaces, + - ( )), detailed address. Each issue's message is a rule
 * key with its numbers ('v.minLength|min=2', lib/form-rules.ts); the resolver keeps the first
 * one of each field, and the modal shows it in the page's language.
 */
export const addressFormSchema = z
  .object({ ...(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.string()])) as Record<TAddressField, z.ZodString>), asDefault: z.boolean() })
  .superRefine((values, ctx) => {
    const result = ZAddressInput.safeParse(valuesToInput(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      // A region that is not chosen reads as "required" (the shared rule speaks of a two-letter code).
      const blankRegion = issue.path[0] === 'deliveryRegionId' && values.deliveryRegionId.trim() === '';
      ctx.addIssue({ code: 'custom', path: issue.path, message: blankRegion ? 'v.required' : issueMessage(issue) });
    }
  });

export type TAddressErrors = Partial<Record<TAddressField, string>>;

/** Each failing field's first message as a sentence in `locale`, as the modal shows them. */
export function validateAddress(values: TAddressFormValues, locale: TLocale): TAddressErrors {
  const result = addressFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: TAddressErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as TAddressField;
    if (!ADDRESS_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = addressMessage(issue.message, locale);
  }
  return errors;
}

/** A form message (rule key) as a sentence in the page's language. */
export function addressMessage(message: string | undefined, locale: TLocale): string {
  return formMessage(message, locale, (key) => key);
}

/** The banner on submit: the first failing field in form order, with its label. */
export function firstAddressError(errors: TAddressErrors, label: (field: TAddressField) => string): string | null {
  for (const field of ADDRESS_FIELDS) {
    const message = errors[field];
    if (message) return `${label(field)}: ${message}`;
  }
  return null;
}
