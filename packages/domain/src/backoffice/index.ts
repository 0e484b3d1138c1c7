export * from './backoffice.calls.js';
export * from './backoffice.schemas.js';
export * from './combo-text.js';
export * from './comparison.js';
export * from './csv.js';
