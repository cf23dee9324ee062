export * from './text.js';
export * from './json.js';
export * from './markdown.js';
export * from './markdown-cell.js';
export * from './fields.js';
export * from './access.js';
export * from './listed.js';
