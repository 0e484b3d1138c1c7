export * from './finance.calls.js';
export * from './finance.schemas.js';
export * from './invoice.js';
export * from './report-comparison.js';
