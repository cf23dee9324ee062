/**
 * Pulumi resource classes, one per kind with a Pulumi rule in its descriptor, as
 * `pulumi.dynamic.Resource` subclasses backed by `dynamicProvider`. Arguments are the manifest
 * properties of the kind (`common/resource-properties.ts`) as Pulumi inputs, minus what the library
 * derives (key fingerprints, object MD5 and size), with defaulted fields optional, plus
 * `connection`. A user's password is a Pulumi secret. Generated from the kind descriptors into
 * `generated/resources.ts` (`npx tsx scripts/kind-types.ts`).
 */
export * from './generated/resources.js';
export type { PulumiConnection } from './private/context.js';
