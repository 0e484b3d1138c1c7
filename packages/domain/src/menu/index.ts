export * from './vendors.schemas.js';
