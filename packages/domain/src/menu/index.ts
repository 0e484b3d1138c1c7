export * from './links.js';
export * from './menu-admin.schemas.js';
export * from './menu-item-status.js';
export * from './menus.calls.js';
export * from './vendors.calls.js';
export * from './vendors.rules.js';
export * from './vendors.schemas.js';
