export * from './account.js';
export * from './settings.js';
export * from './chat.js';
export * from './catalog.js';
export * from './cart.js';
export * from './addresses.js';
export * from './shipping.js';
export * from './orders.js';
