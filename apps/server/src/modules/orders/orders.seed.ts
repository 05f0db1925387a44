import { convertMinor, paymentStatusOf, type TCurrency, type TLogisticsStatus, type TOrderStatus } from '@cubeshop/shared';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { seededRandom } from '../../lib/random.js';
import type { PricingItem } from '../catalog/catalog.module.js';
import { lineInput, percentOf, priceGoods } from '../shipping/shipping.quote.js';
import { lineSnapshot } from './orders.mapper.js';
import type { NewOrderItemRow, NewOrderRow, OrdersRepository } from './orders.repository.js';

const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'CA', 'AU', 'JP', 'KR', 'CN', 'BR', 'ES', 'IT', 'NL', 'SE', 'PL', 'SG'];
const METHODS = [
  { id: 'dhl', zh: 'DHL 快递', en: 'DHL Express' },
  { id: 'fedex', zh: '联邦快递', en: 'FedEx' },
  { id: 'ems', zh: 'EMS', en: 'EMS' },
];
const PAYS = [
  { id: 'tt', zh: '电汇', en: 'Bank transfer (T/T)', bp: 0 },
  { id: 'paypal', zh: 'PayPal', en: 'PayPal', bp: 440 },
];
/** Statuses as a busy shop holds them: most orders done, a working set open. */
const STATUS_MIX: [TOrderStatus, number][] = [
  ['complete', 0.55],
  ['confirm', 0.12],
  ['outbound', 0.1],
  ['delivery', 0.13],
  ['cancel', 0.1],
];
const LOGISTICS_OF: Record<TOrderStatus, TLogisticsStatus[]> = {
  confirm: ['pending'],
  outbound: ['pending', 'inTransit'],
  delivery: ['inTransit', 'outForDelivery', 'delivered'],
  complete: ['delivered'],
  cancel: ['pending'],
};

const FIRST = [
  'Tom',
  'Anna',
  'James',
  'Maria',
  'David',
  'Laura',
  'Peter',
  'Sofia',
  'Michael',
  'Emma',
  'Lucas',
  'Olivia',
  'Daniel',
  'Julia',
  'Marco',
  'Chloe',
  'Ivan',
  'Hannah',
  'Kenji',
  'Sara',
];
const LAST = [
  'Smith',
  'Müller',
  'Johnson',
  'Rossi',
  'Garcia',
  'Martin',
  'Brown',
  'Novak',
  'Kowalski',
  'Silva',
  'Tanaka',
  'Kim',
  'Dubois',
  'Jensen',
  'Lopez',
  'Wilson',
  'Fischer',
  'Andersson',
  'Costa',
  'Nguyen',
];
const XING = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴'];
const MING = ['小明', '伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰'];
const COMPANY = ['Cubes Ltd', 'Puzzle Trading', 'Toys GmbH', 'Speedcube Shop', 'Hobby World', '魔方专营店', '玩具贸易有限公司'];

/**
 * A seeded buyer's name and company (the order seeder's receivers, the CLI's seeded accounts):
 * varied as in a running shop, so a staff search by a name fragment finds a few percent of the
 * orders, not all of them. About a third are Chinese names; two in five have a company.
 */
export function seedPerson(i: number): { name: string; company: string | null } {
  const chinese = i % 3 === 2;
  const name = chinese
    ? `${XING[i % XING.length]}${MING[Math.floor(i / 3) % MING.length]}`
    : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const surname = chinese ? XING[i % XING.length]! : LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  return { name, company: i % 5 < 2 ? `${surname} ${COMPANY[i % COMPANY.length]}` : null };
}

export interface OrderSeedInput {
  count: number;
  buyerIds: readonly number[];
  items: readonly PricingItem[];
  cnyPerUsd: number;
  /** Orders are spread over this many days before now. */
  days?: number;
  seed?: number;
}

/**
 * Synthetic orders for the staff queue's benchmark (`npx cubeshop seed --orders N`): real
 * products and buyers, consistent amounts (the database's checks hold), statuses, payment states,
 * countries and dates spread as in a running shop. Written in batches, each in one transaction.
 */
export function createOrderSeeder(repo: OrdersRepository, events: Pick<ClusterEvents, 'publish'>) {
  return {
    async seed({ count, buyerIds, items, cnyPerUsd, days = 730, seed = 42 }: OrderSeedInput, onBatch?: (done: number) => void): Promise<number> {
      if (!buyerIds.length || !items.length) throw new Error('seeding orders needs buyers and products');
      const r = seededRandom(seed);
      const now = Date.now();
      const BATCH = 300;
      let done = 0;
      while (done < count) {
        const batch: {
          order: NewOrderRow;
          lines: NewOrderItemRow[];
          status: TOrderStatus;
          logistics: TLogisticsStatus;
          tracking: string | null;
          createdAt: Date;
        }[] = [];
        for (let i = 0; i < Math.min(BATCH, count - done); i++) {
          const n = done + i;
          const currency: TCurrency = r.next() < 0.6 ? 'USD' : 'CNY';
          const lineCount = r.int(1, r.next() < 0.05 ? 40 : 6);
          const picked: { item: PricingItem; typeCode: string; quantity: number }[] = [];
          for (let position = 0; position < lineCount; position++) {
            const item = r.pick(items);
            const type = item.types.length ? r.pick(item.types) : undefined;
            picked.push({ item, typeCode: type?.code ?? '', quantity: Math.max(item.moq, 1) * (item.orderMultiple ?? 1) * r.int(1, 12) });
          }
          // Priced and weighed as a placed order is (shipping.quote.ts): tiers, volumetric and chargeable weight.
          const goods = priceGoods(
            picked.map((p) => lineInput(p.quantity, p.item)),
            currency,
            cnyPerUsd,
          );
          const lines: NewOrderItemRow[] = picked.map((p, position) => {
            const priced = goods.lines[position]!;
            return lineSnapshot(position, p.item, p.typeCode, p.quantity, priced, priced.tierMinQuantity);
          });
          const goodsFen = goods.goods.fen;
          const goodsMinor = goods.goods.minor;
          const method = r.pick(METHODS);
          const pay = r.pick(PAYS);
          const freightFen = goodsFen > 49_000 ? 0 : r.int(80, 900) * 100;
          const freightMinor = convertMinor(freightFen, currency, cnyPerUsd);
          const surchargeFen = percentOf(goodsFen + freightFen, pay.bp);
          const surchargeMinor = percentOf(goodsMinor + freightMinor, pay.bp);
          const roll = r.next();
          let acc = 0;
          const status = STATUS_MIX.find(([, share]) => (acc += share) >= roll)?.[0] ?? 'complete';
          const logistics = r.pick(LOGISTICS_OF[status]);
          const createdAt = new Date(now - Math.floor(r.next() * days * 86_400_000));
          const totalMinor = goodsMinor + freightMinor + surchargeMinor;
          const paid =
            status === 'confirm' ? (r.next() < 0.4 ? 0 : r.next() < 0.5 ? Math.round(totalMinor / 2) : totalMinor) : status === 'cancel' ? 0 : totalMinor;
          const country = r.pick(COUNTRIES);
          batch.push({
            status,
            logistics,
            tracking: status === 'confirm' || status === 'cancel' ? null : `JD${String(10_000_000_000 + n)}`,
            createdAt,
            lines,
            order: {
              userId: buyerIds[n % buyerIds.length]!,
              idempotencyKey: `seed-${seed}-${n}`,
              requestHash: 'seed',
              currency,
              exchangeRate: cnyPerUsd,
              lineCount,
              pieceCount: goods.pieceCount,
              listFen: goods.list.fen,
              goodsFen,
              freightBaseFen: freightFen,
              freightFen,
              surchargeFen,
              totalFen: goodsFen + freightFen + surchargeFen,
              listMinor: goods.list.minor,
              goodsMinor,
              freightBaseMinor: freightMinor,
              freightMinor,
              surchargeMinor,
              totalMinor,
              freeShipping: freightFen === 0,
              freeShippingThresholdMinor: null,
              totalNwG: goods.totalNwG,
              totalGwG: goods.totalGwG,
              totalVolumeCm3: goods.totalVolumeCm3,
              totalVolumeWeightG: goods.totalVolumeWeightG,
              chargeableWeightG: goods.chargeableWeightG,
              expressMethodId: method.id,
              expressNameZh: method.zh,
              expressNameEn: method.en,
              zoneCode: country,
              zoneNameZh: country,
              zoneNameEn: country,
              transitMinDays: 3,
              transitMaxDays: 9,
              payMethodId: pay.id,
              payNameZh: pay.zh,
              payNameEn: pay.en,
              surchargeBp: pay.bp,
              regionId: country,
              state: null,
              city: 'City',
              postalCode: String(10000 + (n % 89999)),
              // The buyer's own name and company (buyer i of the CLI's seed is seedPerson(i + 1)).
              receiver: seedPerson((n % buyerIds.length) + 1).name,
              phone: `+1 555 ${String(1000000 + (n % 8999999))}`,
              company: seedPerson((n % buyerIds.length) + 1).company,
              taxId: null,
              shippingMark: null,
              address: `${n % 400} Seed Street`,
              address2: null,
              comment: null,
              paymentStatus: paymentStatusOf(totalMinor, paid, 0),
              paidMinor: paid,
            },
          });
        }
        await repo.insertSeeded(batch);
        events.publish('orders.changed', { count: batch.length });
        done += batch.length;
        onBatch?.(done);
      }
      await repo.vacuumAnalyze();
      return done;
    },
  };
}
