/**
 * triton-iac: declare Triton CloudAPI and Manta objects as TypeScript constructs.
 *
 * This entry re-exports the construct library and the manifest types; the client lives at
 * `triton-iac/provider` and the emulator at `triton-iac/emulator`.
 */
export * from './constructs/index.js';
export * from './common/manifest.js';
export * from './common/resource-properties.js';
export { TritonIacError, type ErrorHints, type TritonIacErrorOptions } from './common/errors.js';
