import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CUSTOMIZATION } from '@cubeshop/shared';
import en from '@/locales/en/content.json';
import zh from '@/locales/zh/content.json';
import { claimValues, customizationValues, policyValues } from './values';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

async function translator(lng: 'zh' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { zh: { content: zh }, en: { content: en } },
    ns: ['content'],
    defaultNS: 'content',
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

/** Every value any content key interpolates. */
const everything = {
  ...claimValues,
  ...customizationValues,
  ...policyValues,
  amount: 99,
  skus: '3,100+',
  email: 'service@example.com',
  number: '+86 1',
  caption: 'x',
  current: 1,
  total: 6,
  value: 1,
  name: 'GAN',
  hours: '9:00-18:00',
};

describe('content locales', () => {
  it('zh and en content.json have exactly the same keys (plural forms aside: zh has _other only)', () => {
    const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(base(keys(zh))).toEqual(base(keys(en)));
  });

  it.each(['zh', 'en'] as const)('%s customization copy interpolates the shared constants', async (lng) => {
    const t = await translator(lng);
    const minimum = t('customization.faq.minimum.q', customizationValues);
    expect(minimum).toContain(String(CUSTOMIZATION.minimumPieces));
    expect(minimum).toContain('50');
    const resolution = t('customization.artwork.resolution', customizationValues);
    expect(resolution).toContain(String(CUSTOMIZATION.minImageDpi));
    expect(resolution).toContain('300');
    expect(t('customization.pricing.designFeeValue', customizationValues)).toContain('30-75');
    expect(t('customization.pricing.printingValue', customizationValues)).toContain('1.2-2.2');
    expect(t('customization.artwork.formats', customizationValues)).toContain('JPG / PNG / PDF');
  });

  it.each(['zh', 'en'] as const)('%s leaves no placeholder uninterpolated', async (lng) => {
    const t = await translator(lng);
    for (const key of keys(lng === 'zh' ? zh : en)) {
      const text = t(key, everything);
      expect(text, key).not.toMatch(/\{\{|\}\}/);
      expect(text.trim(), key).not.toBe('');
    }
  });
});
