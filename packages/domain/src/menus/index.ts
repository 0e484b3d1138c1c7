export * from './menu-admin.schemas.js';
export * from './menu-item-status.js';
export * from './menus.calls.js';
