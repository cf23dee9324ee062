export * from './errors.js';
export * from './graph.js';
export * from './consistency.js';
export * from './plan/index.js';
export * from './render/index.js';
export * from './state/index.js';
