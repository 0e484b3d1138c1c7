export * from './availability.js';
export * from './capacity.js';
export * from './kitchen.calls.js';
export * from './kitchen.schemas.js';
