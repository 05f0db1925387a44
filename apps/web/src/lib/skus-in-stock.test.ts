import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { skusClaim } from './skus-in-stock';

describe('skusClaim', () => {
  it('rounds the real count down to a round figure, with a plus only when it was rounded', () => {
    expect(skusClaim(3187)).toEqual({ count: 3100, skus: '3,100+' });
    expect(skusClaim(3100)).toEqual({ count: 3100, skus: '3,100' });
    expect(skusClaim(467)).toEqual({ count: 460, skus: '460+' });
    expect(skusClaim(42)).toEqual({ count: 42, skus: '42' });
    expect(skusClaim(1)).toEqual({ count: 1, skus: '1' });
    expect(skusClaim(0)).toEqual({ count: 0, skus: '0' });
  });

  it('reads in both languages with plural forms', async () => {
    await i18n.loadLanguages(['en', 'zh']);
    const en = i18n.getFixedT('en', 'common');
    const zh = i18n.getFixedT('zh', 'common');
    expect(en('footer.advantages.stock', skusClaim(1))).toBe('1 SKU in stock');
    expect(en('footer.advantages.stock', skusClaim(3187))).toBe('3,100+ SKUs in stock');
    expect(zh('footer.advantages.stock', skusClaim(3187))).toBe('3,100+ SKU 现货');
  });
});
