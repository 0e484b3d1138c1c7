export * from './audit.calls.js';
export * from './audit.schemas.js';
export * from './audit-time.js';
