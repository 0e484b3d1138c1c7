export * from './locations.schemas.js';
