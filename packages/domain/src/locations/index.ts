export * from './locations.calls.js';
export * from './locations.schemas.js';
