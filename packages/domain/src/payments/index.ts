export * from './payments.calls.js';
export * from './payments.schemas.js';
