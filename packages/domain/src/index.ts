export * from './auth/index.js';
export * from './constants.js';
export * from './dates/index.js';
export * from './locations/index.js';
export * from './menu/index.js';
export * from './money/index.js';
export * from './notifications/outbox.schemas.js';
export * from './orders/index.js';
