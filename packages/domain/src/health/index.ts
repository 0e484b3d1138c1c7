export * from './health.calls.js';
export * from './health.schemas.js';
