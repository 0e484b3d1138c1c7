export * from './kiosks.calls.js';
export * from './kiosks.schemas.js';
