import { describe, expect, it } from 'vitest';
import { detail } from '../test/helpers';
import { PROPERTY_KEYS, productProperties } from './properties';

describe('product properties (docs/requirements.md, Screens, Product page)', () => {
  it('lists present fields in the order of the product page, weights with 4 decimals kg and volumes with 4 decimals m³', () => {
    const list = productProperties(detail({ comment: 'Limited run' }));
    expect(list.map((p) => p.key)).toEqual([...PROPERTY_KEYS]);
    const value = Object.fromEntries(list.map((p) => [p.key, p.value]));
    expect(value).toMatchObject({
      itemId: '100001',
      supplier: 'GAN',
      unitNw: '82g',
      nw: '0.0820 kg',
      gw: '0.1220 kg',
      volume: '0.0003 m³',
      volumeWeight: '0.0690 kg',
      totalVolumeWeight: '21.6000 kg',
      pcs: '120',
      barcode: '6900000000007',
      comment: 'Limited run',
    });
  });

  it('leaves out what is missing', () => {
    const list = productProperties(detail({ nw: null, volume: null, comment: '  ', barcode: null, pcs: null, unitGwDesc: null }));
    const keys = list.map((p) => p.key);
    expect(keys).not.toContain('nw');
    expect(keys).not.toContain('volume');
    expect(keys).not.toContain('comment');
    expect(keys).not.toContain('barcode');
    expect(keys).not.toContain('pcs');
    expect(keys).not.toContain('unitGw');
    expect(keys[0]).toBe('itemId');
  });
});
