export * from './enums.js';
export * from './finance.js';
export * from './locations.js';
export * from './menu.js';
export * from './operations.js';
export * from './orders.js';
export * from './people.js';
export * from './stock.js';
