export * from './errors.js';
export * from './graph.js';
export * from './consistency.js';
export * from './plan/index.js';
export * from './core/index.js';
export * from './render/index.js';
export * from './state/index.js';
export * from './engine/entry-points.js';
export { createSecretResolver, generatePassword, type EngineSecretResolver } from './engine/secrets.js';
