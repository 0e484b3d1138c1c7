export * from './business-time.js';
