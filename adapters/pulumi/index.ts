/**
 * triton-iac/pulumi: Pulumi resources for Triton CloudAPI and Manta objects, backed by the same
 * resource handlers as the triton-iac reconciler. Needs the optional peer dependency
 * `@pulumi/pulumi` 3.248.x.
 */
export * from './resources.js';
export { dynamicProvider } from './provider.js';
export type { PulumiInputs, PulumiOutputs } from './operations.js';
export { AdapterError, type AdapterErrorCode } from '../errors.js';
