export * from './checkout.schemas.js';
export * from './orders.calls.js';
export * from './pricing.js';
