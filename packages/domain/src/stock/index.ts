export * from './stock.calls.js';
export * from './stock.schemas.js';
export * from './stock-order-status.js';
export * from './stock-pricing.js';
