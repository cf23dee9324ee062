export * from './difference.js';
export * from './run.js';
export { createReady, createSafely, type CreateOutcome } from './create-safely.js';
export { deleteObject, updateInPlace } from './writes.js';
