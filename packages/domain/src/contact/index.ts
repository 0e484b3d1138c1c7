export * from './contact.calls.js';
export * from './contact.schemas.js';
