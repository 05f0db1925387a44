export * from './account.js';
export * from './settings.js';
