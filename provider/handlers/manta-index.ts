/**
 * The Manta resource handlers: directory, object, snaplink and job.
 */
import type { AnyHandler } from '../../reconciler/contract/handler.js';
import { directoryHandler } from './directory.js';
import { jobHandler } from './job.js';
import { objectHandler } from './object.js';
import { snapLinkHandler } from './snaplink.js';
import type { Clients } from './clients.js';

export { directoryHandler, type LiveDirectory } from './directory.js';
export { objectHandler, createObjectHandler, type LiveObject, type ObjectHandlerOptions } from './object.js';
export { snapLinkHandler, LINK_SOURCE_HEADER, type LiveSnapLink } from './snaplink.js';
export { jobHandler, createJobHandler, JobFailedError, type LiveJob } from './job.js';
export type { MantaClients } from './private/manta-support.js';
export type { JobWaitOptions } from './job.js';

/** The Manta handlers, one per kind, for the engine's handler map. */
export const mantaHandlers: readonly AnyHandler<unknown, Clients>[] = [
  directoryHandler,
  objectHandler,
  snapLinkHandler,
  jobHandler,
];
