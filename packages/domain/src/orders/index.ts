export * from './checkout.schemas.js';
export * from './pricing.js';
