export * from './business-time.js';
export * from './opening-hours.js';
