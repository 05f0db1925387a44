import { FREE_SHIPPING_THRESHOLD_USD_CENTS } from '@cubeshop/shared';
import type { ShippingService } from '../../modules/shipping/shipping.service.js';
import type { ShippingTables } from '../../modules/shipping/shipping.repository.js';

/**
 * Demo shipping configuration (docs/orders.md): 7 destination zones, 7 shipping methods with a
 * rate row per zone they serve, 5 payment methods and the free-shipping threshold. Prices are in
 * fen and weights in grams, modelled on published 2024 retail rates from mainland China (rounded).
 */

/** Destination zones; REST is the zone of every region not listed elsewhere. */
export const ZONES = [
  { code: 'CN', nameZh: '中国大陆', nameEn: 'Mainland China', regions: ['CN'] },
  { code: 'EAST_ASIA', nameZh: '东亚', nameEn: 'East Asia', regions: ['HK', 'MO', 'TW', 'JP', 'KR', 'MN'] },
  { code: 'SOUTHEAST_ASIA', nameZh: '东南亚', nameEn: 'Southeast Asia', regions: ['SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'MM', 'KH', 'LA', 'BN', 'TL'] },
  { code: 'NORTH_AMERICA', nameZh: '北美', nameEn: 'North America', regions: ['US', 'CA', 'MX', 'PR'] },
  {
    code: 'EUROPE',
    nameZh: '欧洲',
    nameEn: 'Europe',
    regions: [
      'AT',
      'BE',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SK',
      'SI',
      'ES',
      'SE',
      'GB',
      'CH',
      'NO',
      'IS',
      'LI',
      'MC',
      'SM',
      'VA',
      'AD',
      'AL',
      'BA',
      'ME',
      'MK',
      'RS',
      'MD',
      'UA',
      'BY',
      'RU',
      'GI',
      'FO',
      'GL',
      'XK',
    ],
  },
  {
    code: 'OCEANIA',
    nameZh: '大洋洲',
    nameEn: 'Oceania',
    regions: ['AU', 'NZ', 'FJ', 'PG', 'NC', 'PF', 'WS', 'TO', 'VU', 'SB', 'KI', 'FM', 'MH', 'PW', 'NR', 'TV', 'CK', 'NU'],
  },
  { code: 'REST', nameZh: '其他地区', nameEn: 'Rest of the world', regions: [] as string[] },
] as const;

/** Landlocked countries: sea freight does not serve them (keep it simple: no inland haulage). */
export const LANDLOCKED = [
  'AF',
  'AM',
  'AZ',
  'AT',
  'BY',
  'BT',
  'BO',
  'BW',
  'BF',
  'BI',
  'CF',
  'TD',
  'CZ',
  'SZ',
  'ET',
  'HU',
  'KZ',
  'XK',
  'KG',
  'LA',
  'LS',
  'LI',
  'LU',
  'MW',
  'ML',
  'MD',
  'MN',
  'NP',
  'NE',
  'MK',
  'PY',
  'RW',
  'SM',
  'RS',
  'SK',
  'SS',
  'CH',
  'TJ',
  'UG',
  'VA',
  'ZM',
  'ZW',
  'UZ',
  'AD',
  'TM',
];

type ZoneCode = (typeof ZONES)[number]['code'];
/** [first weight g, first price fen, step g, step price fen, minimum fen, max weight g, transit min, transit max] */
type Rate = [number, number, number, number, number, number, number, number];

interface MethodSeed {
  id: string;
  nameZh: string;
  nameEn: string;
  excludedRegions?: string[];
  rates: Partial<Record<ZoneCode, Rate>>;
}

const KG = 1_000;
/** The same first/step weights for every zone of a method. */
const express = (first: number, step: number, maxKg: number, prices: Partial<Record<ZoneCode, [number, number, number, number]>>) =>
  Object.fromEntries(
    Object.entries(prices).map(([zone, [firstFen, stepFen, tMin, tMax]]) => [zone, [first, firstFen, step, stepFen, firstFen, maxKg * KG, tMin, tMax] as Rate]),
  ) as Partial<Record<ZoneCode, Rate>>;

export const METHODS: MethodSeed[] = [
  {
    id: 'sf',
    nameZh: '顺丰速运',
    nameEn: 'SF Express (mainland China)',
    // first kg ¥13, each further kg ¥4, up to 50 kg, 1-3 days
    rates: { CN: [1 * KG, 1_300, 1 * KG, 400, 1_300, 50 * KG, 1, 3] },
  },
  {
    id: 'ems',
    nameZh: 'EMS 邮政特快专递',
    nameEn: 'EMS',
    // first 0.5 kg + each 0.5 kg, up to 30 kg
    rates: express(500, 500, 30, {
      CN: [1_500, 500, 2, 5],
      EAST_ASIA: [11_500, 4_000, 3, 7],
      SOUTHEAST_ASIA: [12_500, 4_500, 5, 10],
      NORTH_AMERICA: [18_000, 7_500, 7, 15],
      EUROPE: [22_000, 7_500, 7, 15],
      OCEANIA: [17_000, 6_500, 7, 14],
      REST: [26_000, 10_000, 10, 20],
    }),
  },
  {
    id: 'dhl',
    nameZh: 'DHL 国际快递',
    nameEn: 'DHL Express',
    excludedRegions: ['RU', 'BY'],
    rates: express(500, 500, 300, {
      EAST_ASIA: [18_000, 4_500, 2, 4],
      SOUTHEAST_ASIA: [20_000, 5_000, 3, 5],
      NORTH_AMERICA: [26_000, 7_000, 3, 6],
      EUROPE: [28_000, 7_500, 3, 6],
      OCEANIA: [27_000, 7_200, 3, 6],
      REST: [33_000, 9_000, 4, 8],
    }),
  },
  {
    id: 'fedex',
    nameZh: 'FedEx 联邦快递',
    nameEn: 'FedEx International Priority',
    excludedRegions: ['RU', 'BY'],
    rates: express(500, 500, 300, {
      EAST_ASIA: [18_500, 4_600, 2, 4],
      SOUTHEAST_ASIA: [20_500, 5_200, 3, 5],
      NORTH_AMERICA: [25_000, 6_800, 2, 5],
      EUROPE: [29_000, 7_800, 3, 6],
      OCEANIA: [27_500, 7_300, 3, 6],
      REST: [34_000, 9_200, 4, 8],
    }),
  },
  {
    id: 'ups',
    nameZh: 'UPS 国际快递',
    nameEn: 'UPS Worldwide Express',
    excludedRegions: ['RU', 'BY'],
    rates: express(500, 500, 300, {
      EAST_ASIA: [19_000, 4_800, 2, 4],
      SOUTHEAST_ASIA: [21_000, 5_300, 3, 5],
      NORTH_AMERICA: [25_500, 6_900, 2, 5],
      EUROPE: [27_500, 7_300, 3, 6],
      OCEANIA: [28_000, 7_400, 3, 6],
      REST: [33_500, 9_100, 4, 8],
    }),
  },
  {
    id: 'chinapost',
    nameZh: '中国邮政航空小包',
    nameEn: 'China Post Registered Air Mail',
    // first 100 g (registration included) + each 100 g, up to 2 kg
    rates: express(100, 100, 2, {
      EAST_ASIA: [2_000, 600, 7, 15],
      SOUTHEAST_ASIA: [2_200, 700, 10, 20],
      NORTH_AMERICA: [2_600, 1_000, 15, 30],
      EUROPE: [2_600, 900, 15, 30],
      OCEANIA: [2_500, 900, 15, 25],
      REST: [3_000, 1_200, 20, 40],
    }),
  },
  {
    id: 'sea',
    nameZh: '海运',
    nameEn: 'Sea freight (LCL)',
    excludedRegions: LANDLOCKED,
    // per kg (each started kg), a high minimum charge, up to 10 t
    rates: {
      EAST_ASIA: [1 * KG, 500, 1 * KG, 500, 120_000, 10_000 * KG, 7, 15],
      SOUTHEAST_ASIA: [1 * KG, 600, 1 * KG, 600, 130_000, 10_000 * KG, 10, 20],
      NORTH_AMERICA: [1 * KG, 900, 1 * KG, 900, 180_000, 10_000 * KG, 25, 40],
      EUROPE: [1 * KG, 1_000, 1 * KG, 1_000, 180_000, 10_000 * KG, 30, 45],
      OCEANIA: [1 * KG, 900, 1 * KG, 900, 160_000, 10_000 * KG, 20, 35],
      REST: [1 * KG, 1_200, 1 * KG, 1_200, 200_000, 10_000 * KG, 30, 60],
    },
  },
];

const NO_INSTRUCTIONS = { receiver: '', account: '', noteZh: '', noteEn: '' };

/**
 * Payment methods; surcharge in basis points of goods + freight. Western Union, Alipay and WeChat
 * Pay carry placeholder instructions to buyers (receiver, account, a note in both languages) that
 * the owner replaces in Settings, with the QR picture to scan; PayPal and bank transfer (the
 * bankTransfer setting) have none.
 */
export const PAYMENTS = [
  { id: 'paypal', nameZh: 'PayPal', nameEn: 'PayPal', surchargeBp: 440, instructions: NO_INSTRUCTIONS },
  { id: 'tt', nameZh: '银行电汇 (T/T)', nameEn: 'Bank transfer (T/T)', surchargeBp: 0, instructions: NO_INSTRUCTIONS },
  {
    id: 'westernunion',
    nameZh: '西联汇款',
    nameEn: 'Western Union',
    surchargeBp: 0,
    instructions: {
      receiver: 'ZHANG SAN (张三, Cubeshop demo)',
      account: '',
      noteZh: '收款人所在地：中国广东省深圳市。请在汇款附言中填写订单号。\n汇款后请通过在线客服告诉我们汇款监控号 (MTCN)，我们核对后即安排发货。',
      noteEn:
        'Receiver in Shenzhen, Guangdong, China. Quote the order number in the message of the transfer.\nAfter sending, tell customer service the MTCN (tracking number); we ship once it is confirmed.',
    },
  },
  {
    id: 'alipay',
    nameZh: '支付宝',
    nameEn: 'Alipay',
    surchargeBp: 0,
    instructions: {
      receiver: 'Cubeshop 魔方商城（演示）',
      account: 'pay@cubeshop.example',
      noteZh: '请向上述支付宝账户转账，并在备注中填写订单号。\n到账后我们会尽快安排发货。',
      noteEn: 'Send the amount to the Alipay account above and put the order number in the remark.\nWe ship as soon as it arrives.',
    },
  },
  {
    id: 'wechat',
    nameZh: '微信支付',
    nameEn: 'WeChat Pay',
    surchargeBp: 0,
    instructions: {
      receiver: 'Cubeshop 魔方商城（演示）',
      account: 'WeChat ID: cubeshop_pay',
      noteZh: '请添加上述微信号或扫描收款码付款，转账说明中填写订单号。\n到账后我们会尽快安排发货。',
      noteEn: 'Add the WeChat ID above or scan the payment code, and write the order number in the transfer note.\nWe ship as soon as it arrives.',
    },
  },
];

/** The demo tables as rows. */
export function demoShippingTables(): ShippingTables {
  return {
    zones: ZONES.map((z, i) => ({ code: z.code, nameZh: z.nameZh, nameEn: z.nameEn, position: i, isDefault: z.code === 'REST' })),
    zoneRegions: ZONES.flatMap((z) => z.regions.map((regionId) => ({ regionId, zoneCode: z.code }))),
    methods: METHODS.map((m, i) => ({ id: m.id, nameZh: m.nameZh, nameEn: m.nameEn, position: i, active: true, excludedRegions: m.excludedRegions ?? [] })),
    rates: METHODS.flatMap((m) =>
      Object.entries(m.rates).map(([zoneCode, r]) => {
        const [firstWeightG, firstPriceFen, stepWeightG, stepPriceFen, minChargeFen, maxWeightG, transitMinDays, transitMaxDays] = r;
        return { methodId: m.id, zoneCode, firstWeightG, firstPriceFen, stepWeightG, stepPriceFen, minChargeFen, maxWeightG, transitMinDays, transitMaxDays };
      }),
    ),
    payments: PAYMENTS.map((p, i) => ({ ...p, position: i, active: true, qrImage: null })),
  };
}

/**
 * Loads the demo shipping tables and, when missing, the free-shipping threshold
 * (FREE_SHIPPING_THRESHOLD_USD_CENTS). Rows are written by key, so running it again refreshes
 * them. Tests call it on their fresh database.
 */
export async function seedShipping(services: { shipping: ShippingService }): Promise<void> {
  await services.shipping.upsert(demoShippingTables(), { cents: FREE_SHIPPING_THRESHOLD_USD_CENTS, onlyIfMissing: true });
}
