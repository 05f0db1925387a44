import { describe, expect, it } from 'vitest';
import type { TAddress } from '@cubeshop/shared';
import { pickAddress } from './pick-address';

const address = (id: number, asDefault = false, regionId = 'US', postal = '10001'): TAddress => ({
  id,
  deliveryRegionId: regionId,
  deliveryState: null,
  deliveryCity: 'New York',
  deliveryPostalCode: postal,
  deliveryUser: 'Jane',
  deliveryPhone: '+1 212',
  deliveryCompany: null,
  deliveryTaxId: null,
  deliveryShippingMark: null,
  deliveryAddress: '350 Fifth Avenue',
  deliveryAddress2: null,
  asDefault,
  createdTime: '',
  updatedTime: '',
});

describe('address selection', () => {
  it('keeps the chosen address, else the default, else the first', () => {
    const list = [address(1), address(2, true), address(3)];
    expect(pickAddress(list, 3)?.id).toBe(3);
    expect(pickAddress(list, null)?.id).toBe(2);
    expect(pickAddress(list, 99)?.id).toBe(2);
    expect(pickAddress([address(5), address(6)], null)?.id).toBe(5);
    expect(pickAddress([], 1)).toBeNull();
    expect(pickAddress(undefined, null)).toBeNull();
  });
});
