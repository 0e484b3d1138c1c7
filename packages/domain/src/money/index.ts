export * from './gst.js';
export * from './money.js';
