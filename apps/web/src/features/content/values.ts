import { CUSTOMIZATION, RETURN_DAYS, SHOP_CLAIMS } from '@cubeshop/shared';

/**
 * Interpolation values for content.json: every number the copy states comes from the shared
 * constants (docs/requirements.md, The shop and Constants), so the pages and the server never disagree.
 */
export const claimValues = {
  founded: SHOP_CLAIMS.founded,
  years: SHOP_CLAIMS.years,
  clients: SHOP_CLAIMS.clients,
  countries: SHOP_CLAIMS.countries,
  productTypes: SHOP_CLAIMS.productTypes,
  technicians: SHOP_CLAIMS.technicians,
  supplyChainYears: SHOP_CLAIMS.supplyChainYears,
  brands: SHOP_CLAIMS.brandAuthorizations,
};

export const customizationValues = {
  designFeeMin: CUSTOMIZATION.designFeeUsd[0],
  designFeeMax: CUSTOMIZATION.designFeeUsd[1],
  printingMin: CUSTOMIZATION.printingUsdPerPiece[0].toFixed(1),
  printingMax: CUSTOMIZATION.printingUsdPerPiece[1].toFixed(1),
  minimumPieces: CUSTOMIZATION.minimumPieces,
  designDaysMin: CUSTOMIZATION.designDays[0],
  designDaysMax: CUSTOMIZATION.designDays[1],
  productionDaysMin: CUSTOMIZATION.productionDays[0],
  productionDaysMax: CUSTOMIZATION.productionDays[1],
  shippingDaysMin: CUSTOMIZATION.shippingDays[0],
  shippingDaysMax: CUSTOMIZATION.shippingDays[1],
  cubeCm: CUSTOMIZATION.standardCubeCm,
  printDpi: CUSTOMIZATION.printDpi,
  minImageDpi: CUSTOMIZATION.minImageDpi,
  formats: CUSTOMIZATION.fileFormats.join(' / '),
  totalDaysMin: CUSTOMIZATION.designDays[0] + CUSTOMIZATION.productionDays[0] + CUSTOMIZATION.shippingDays[0],
  totalDaysMax: CUSTOMIZATION.designDays[1] + CUSTOMIZATION.productionDays[1] + CUSTOMIZATION.shippingDays[1],
};

/** The policy's fixed figures; the free-shipping threshold is the owner's setting (lib/shop-settings). */
export const policyValues = {
  returnDays: RETURN_DAYS,
};

/** The digits of a phone number for tel: and wa.me links. */
export function digitsOf(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
