export * from './auth.calls.js';
export * from './auth.schemas.js';
export * from './messages.js';
export * from './phone.js';
