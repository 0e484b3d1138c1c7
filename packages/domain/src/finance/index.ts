export * from './finance.schemas.js';
export * from './invoice.js';
