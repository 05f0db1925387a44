import type { TLocale, TOrderDetail, TOrderLine } from '@cubeshop/shared';

// A made-up order of any number of lines, as TOrderDetail, for the document tests and the
// benchmark (bench/documents.mjs renders a 200-line order without a database).

const NAMES: [string, string][] = [
  ['轨道 三阶磁力魔方', 'Orbit 3x3 Magnetic Cube'],
  ['轨道 四阶竞速魔方', 'Orbit 4x4 Speed Cube'],
  ['轨道 五阶魔方 镜面版', 'Orbit 5x5 Mirror Edition'],
  ['轨道 金字塔魔方', 'Orbit Pyraminx'],
  ['轨道 计时器（专业比赛用）', 'Orbit Competition Timer'],
];

export function sampleOrder(lineCount: number, locale: TLocale, id = 10_000_123): TOrderDetail {
  const items: TOrderLine[] = Array.from({ length: lineCount }, (_, i) => {
    const [zh, en] = NAMES[i % NAMES.length]!;
    const quantity = 12 + (i % 5) * 12;
    const price = 8 + (i % 7) * 3.5;
    const actualQuantity = i === 1 ? quantity - 2 : quantity;
    return {
      id: 500 + i,
      orderId: id,
      itemId: 100_000 + i,
      name: `${locale === 'zh' ? zh : en} #${i + 1}`,
      supplier: locale === 'zh' ? '轨道' : 'Orbit',
      type: i % 2 ? 'black' : 'stickerless',
      typeName: i % 2 ? (locale === 'zh' ? '黑色' : 'Black') : locale === 'zh' ? '实色' : 'Stickerless',
      quantity,
      actualQuantity,
      currency: 'USD',
      price,
      discountPrice: price,
      amount: price * quantity,
      tierMinQuantity: null,
      actualPrice: price,
      actualAmount: price * actualQuantity,
      moq: 12,
      orderMultiple: 12,
      nw: 0.085,
      gw: 0.125,
      volume: 0.000343,
      volumeWeight: 0.069,
      totalGw: 0.125 * quantity,
      totalVolume: 0.000343 * quantity,
      totalVolumeWeight: 0.069 * quantity,
      image: '',
      thumbnail: '',
      createdTime: '2025-03-01T02:00:00.000Z',
    };
  });
  const goods = items.reduce((a, l) => a + l.actualAmount, 0);
  const round = (v: number) => Math.round(v * 100) / 100;
  const freight = 86.5;
  const surcharge = round((goods + freight) * 0.03);
  const total = round(goods + freight + surcharge);
  return {
    id,
    createdTime: '2025-03-01T02:00:00.000Z',
    updatedTime: '2025-03-02T02:00:00.000Z',
    status: 'outbound',
    logisticsStatus: 'inTransit',
    trackingNumber: 'JD0146000999',
    currency: 'USD',
    lineCount,
    quantity: items.reduce((a, l) => a + l.quantity, 0),
    actualQuantity: items.reduce((a, l) => a + l.actualQuantity, 0),
    goodsAmount: round(goods),
    discount: 0,
    expressFee: freight,
    surcharge,
    totalAmount: total,
    actualTotalPrice: total,
    paymentStatus: 'partially_paid',
    expressMethod: { id: 'dhl', name: 'DHL Express' },
    payMethod: { id: 'tt', name: locale === 'zh' ? '电汇' : 'Bank transfer (T/T)' },
    deliveryRegionId: 'CN',
    deliveryUser: '李伟',
    preview: [],
    amount: round(goods),
    freeShipping: false,
    expressFeeBase: freight,
    surchargePercent: 3,
    chargeableWeight: 12.5,
    totalNw: 8.5,
    totalGw: 12.5,
    totalVolume: 0.0343,
    totalVolumeWeight: 6.9,
    zone: { code: 'CN', name: locale === 'zh' ? '中国大陆' : 'Mainland China' },
    transitDays: { min: 2, max: 5 },
    exchangeRate: 7.1,
    cny: { goodsAmount: round(goods * 7.1), expressFee: round(freight * 7.1), surcharge: round(surcharge * 7.1), totalAmount: round(total * 7.1) },
    deliveryState: '广东省',
    deliveryCity: '深圳市',
    deliveryPostalCode: '518057',
    deliveryPhone: '+86 138 1234 5678',
    deliveryCompany: '深圳魔方贸易有限公司',
    deliveryTaxId: '91440300MA5ABCDE12',
    deliveryShippingMark: 'SZMF/2025',
    deliveryAddress: '南山区科技园路 1 号',
    deliveryAddress2: 'A 座 1201',
    comment: null,
    actualGoodsAmount: round(goods),
    actualExpressFee: freight,
    actualSurcharge: surcharge,
    balance: round(total - 100),
    carrier: 'dhl',
    trackingUrl: null,
    cancelReason: null,
    bankTransfer: { accountName: 'Cubeshop Trading Ltd', bank: 'Bank of China, Shenzhen Branch', bankAddress: null, swift: 'BKCHCNBJ45A', accountNumber: '7563 0000 1234', reference: String(id) },
    items,
    history: [],
    messages: [],
    documents: [],
  };
}
