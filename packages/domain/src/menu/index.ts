export * from './links.js';
export * from './menu-admin.schemas.js';
export * from './vendors.schemas.js';
