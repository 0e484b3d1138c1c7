export * from './links.js';
export * from './vendors.calls.js';
export * from './vendors.rules.js';
export * from './vendors.schemas.js';
