export * from './calls.js';
export * from './declared-paths.calls.js';
export * from './json-text.js';
export * from './wire.js';
