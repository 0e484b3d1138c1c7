export * from './site.calls.js';
export * from './site.schemas.js';
