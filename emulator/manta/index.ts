/** The local Manta object store of the emulator. */
export { createMantaService } from './service.js';
export { MantaState, isLoopbackUrl } from './state.js';
export type { MantaStateOptions } from './state.js';
export { MantaError, notFound } from './errors.js';
export { NamespaceStore } from './namespace.js';
export type { ListOptions, Listing, ObjectMeta, PersistedSection } from './namespace.js';
export { BlobStore } from './blob-store.js';
export type { BlobInfo, BlobWriteOptions } from './blob-store.js';
export { JobEngine } from './jobs.js';
export type { JobEngineOptions, JobErrorRecord, JobView } from './job-types.js';
export { MultipartEngine, MIN_PART_SIZE, MAX_PART_NUM } from './multipart.js';
export type { UploadView } from './multipart.js';
export { checkRead, checkWrite, checkCommit, parseEtagList } from './conditional.js';
export type { ConditionalHeaders, ConditionalTarget, ReadCondition } from './conditional.js';
export type { Entry, DirectoryEntry, ObjectEntry, ListingEntry } from './entries.js';
export { ACCOUNT_DIRS } from './private/paths.js';
