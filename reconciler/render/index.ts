export * from './text.js';
export * from './json.js';
export * from './markdown.js';
export * from './fields.js';
