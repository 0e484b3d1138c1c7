export * from './calls.js';
export * from './wire.js';
