import { describe, expect, it } from 'vitest';
import { emptyAddressValues, firstAddressError, validateAddress, type TAddressFormValues } from './address-form';

const valid: TAddressFormValues = {
  ...emptyAddressValues(),
  deliveryRegionId: 'US',
  deliveryCity: 'New York',
  deliveryPostalCode: '10001',
  deliveryUser: 'Jane Doe',
  deliveryPhone: '+1 (212) 555-0100',
  deliveryAddress: '350 Fifth Avenue',
};
const label = (field: string) =>
  ({ deliveryRegionId: 'Country or region', deliveryUser: 'Receiver name', deliveryPhone: 'Phone', deliveryCity: 'City' })[field] ?? field;

describe('address validation (docs/requirements.md, Validation)', () => {
  it('accepts a complete address; company, tax id, shipping mark, state and line 2 are optional', () => {
    expect(validateAddress(valid, 'en')).toEqual({});
  });

  it('requires region, city, postal code, receiver, phone and detailed address', () => {
    const errors = validateAddress(emptyAddressValues(), 'en');
    expect(Object.keys(errors).sort()).toEqual(['deliveryAddress', 'deliveryCity', 'deliveryPhone', 'deliveryPostalCode', 'deliveryRegionId', 'deliveryUser']);
    expect(errors.deliveryRegionId).toBe('This field is required');
    expect(errors.deliveryUser).toBe('This field is required');
  });

  it('needs a receiver name of at least 2 characters and a phone of digits, spaces, + - ( )', () => {
    const errors = validateAddress({ ...valid, deliveryUser: 'J', deliveryPhone: 'call me' }, 'en');
    expect(errors.deliveryUser).toBe('At least 2 characters');
    expect(errors.deliveryPhone).toBe('Invalid phone number');
    expect(validateAddress({ ...valid, deliveryPhone: 'abc' }, 'zh').deliveryPhone).toBe('电话号码无效');
  });

  it('shows the first failing field in form order in the banner, and none when valid', () => {
    const errors = validateAddress({ ...valid, deliveryRegionId: '', deliveryPhone: 'x', deliveryUser: '' }, 'en');
    expect(firstAddressError(errors, label)).toBe('Country or region: This field is required');
    expect(firstAddressError(validateAddress({ ...valid, deliveryPhone: 'x' }, 'en'), label)).toBe('Phone: Invalid phone number');
    expect(firstAddressError({}, label)).toBeNull();
  });
});
