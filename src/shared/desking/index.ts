export * from './finance.js';
export * from './grid.js';
export * from './lease.js';
export * from './tax.js';
export * from './worksheet.js';
