export * from './product.js';
export * from './price.js';
export * from './staff.js';
export { maxOrderable, ZStockSummary, type TStockSummary } from './stock.js';
export * from './staff-tree.js';
export * from './sheet.js';
export * from './search.js';
