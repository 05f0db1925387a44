export * from './product.js';
export * from './price.js';
