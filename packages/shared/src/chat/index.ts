export * from './api.js';
export * from './events.js';
