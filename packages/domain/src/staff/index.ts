export * from './staff.calls.js';
export * from './staff.schemas.js';
