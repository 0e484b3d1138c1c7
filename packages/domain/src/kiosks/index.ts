export * from './kiosks.schemas.js';
