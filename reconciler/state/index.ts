export * from './document.js';
export * from './backend.js';
export * from './local-backend.js';
export * from './file-lock.js';
export * from './operations.js';
export * from './write-only.js';
export * from './push.js';
export * from './held-locks.js';
