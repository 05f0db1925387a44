import { cartLine } from '@/test/msw/fixtures';
import { shop } from '@/test/msw/shop';

/** A plain product: 10 pieces at ¥80, 0.12 kg each. */
export const plainLine = () => cartLine({ id: 11, itemId: 100001, name: 'GAN 356 M', quantity: 10, price: 80, discountPrice: 80 });

/** A wholesale product sold by the carton of 6 (MOQ 6), ¥60 listed, ¥50 now, 0.5 kg each. */
export const cartonLine = () =>
  cartLine({
    id: 12,
    itemId: 100002,
    name: 'MoYu WeiLong WRM',
    supplier: { id: 2, name: 'MoYu' },
    quantity: 6,
    moq: 6,
    orderMultiple: 6,
    price: 60,
    discountPrice: 50,
    discountPercent: 17,
    gw: 0.5,
  });

/**
 * The two lines in the fake shop's cart: goods ¥800 + ¥300 = ¥1,100 (¥60 saved), 16 pieces,
 * 1.2 + 3 = 4.2 kg gross: too heavy for China Post (2 kg at most), DHL ¥150 + 4 × ¥50 = ¥350.
 */
export function seedCart(): void {
  shop.cart = [plainLine(), cartonLine()];
}
