export * from './account.js';
export * from './settings.js';
export * from './chat.js';
export * from './catalog.js';
