import { ZAddressInput, isValidationKey, validationMessage, VALIDATION_MESSAGES, type TAddress, type TAddressInput, type TLocale } from '@cubeshop/shared';

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

export const REQUIRED_ADDRESS_FIELDS: readonly TAddressField[] = ['deliveryRegionId', 'deliveryCity', 'deliveryPostalCode', 'deliveryUser', 'deliveryPhone', 'deliveryAddress'];

export function emptyAddressValues(asDefault = false): TAddressFormValues {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Record<TAddressField, string>;
  return { ...values, asDefault };
}

export function addressToValues(address: TAddress): TAddressFormValues {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f] ?? ''])) as Record<TAddressField, string>;
  return { ...values, asDefault: address.asDefault };
}

/** The request body (POST / PUT /api/address); blank optional fields are sent empty (absent). */
export function valuesToInput(values: TAddressFormValues): TAddressInput {
  return { ...values } as unknown as TAddressInput;
}

/** A failing rule as a sentence in the page's language (shared rule keys carry their numbers). */
function sentence(message: string, code: string, issue: { minimum?: unknown; maximum?: unknown }, locale: TLocale): string {
  if (!isValidationKey(message)) return message;
  const params: Record<string, string | number> = {};
  if (VALIDATION_MESSAGES[message].en.includes('{')) {
    if (code === 'too_small' && issue.minimum !== undefined) params.min = Number(issue.minimum);
    if (code === 'too_big' && issue.maximum !== undefined) params.max = Number(issue.maximum);
  }
  return validationMessage(message, locale, params);
}

export type TAddressErrors = Partial<Record<TAddressField, string>>;

/**
 * Spec section 5 with the shared schema the server applies: required region, city, postal code,
 * receiver (at least 2 characters), phone (digits, spaces, + - ( )), detailed address. Each
 * field keeps its first failing message.
 */
export function validateAddress(values: TAddressFormValues, locale: TLocale): TAddressErrors {
  const result = ZAddressInput.safeParse(valuesToInput(values));
  if (result.success) return {};
  const errors: TAddressErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as TAddressField;
    if (!ADDRESS_FIELDS.includes(field) || errors[field]) continue;
    // A region that is not two letters (or not chosen) reads as "required" in the form.
    const message = field === 'deliveryRegionId' && values.deliveryRegionId.trim() === '' ? 'v.required' : issue.message;
    errors[field] = sentence(message, issue.code, issue as { minimum?: unknown; maximum?: unknown }, locale);
  }
  return errors;
}

/** The banner on submit: the first failing field in form order, with its label. */
export function firstAddressError(errors: TAddressErrors, label: (field: TAddressField) => string): string | null {
  for (const field of ADDRESS_FIELDS) {
    const message = errors[field];
    if (message) return `${label(field)}: ${message}`;
  }
  return null;
}
