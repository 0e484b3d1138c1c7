export * from './menu-admin.schemas.js';
export * from './vendors.schemas.js';
