export * from './product.js';
export * from './price.js';
export * from './admin.js';
export { maxOrderable, ZStockSummary, type TStockSummary } from './stock.js';
export * from './admin-tree.js';
export * from './sheet.js';
export * from './search.js';
