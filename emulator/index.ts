/** The local CloudAPI and Manta emulator (`triton-iac/emulator`). */
export { startEmulator } from './start.js';
export { MONITOR_PORT_OFFSET as MANTA_MONITOR_PORT_OFFSET } from './manta/monitor.js';
export type {
  EmulatorAccountOption,
  EmulatorOptions,
  MantaServiceFactory,
  RunningEmulator,
  StartedAccount,
} from './start.js';
export type { EmulatorContext, MantaObjectWriter, Service } from './core/index.js';
export type { CloudApiRoute } from './cloudapi/route.js';
export { EmulatorError, invalidArgument, notFound } from './core/errors.js';
export { EmulatorStartError } from './core/start-error.js';
export type { EmulatorStartProblem } from './core/start-error.js';
export type { Reply, RequestContext } from './core/types.js';
export { writeEmulatorSeed } from './seed.js';
export type { EmulatorSeed, SeedKey, SeedProfile, SeedSnapshot } from './seed.js';
export type { SeedAccessKey, SeedFabricNetwork, SeedFabricVlan, SeedVolume } from './seed-networks-volumes.js';
export { checkCatalogSeed, type CatalogSeed, type LimitSeed } from './cloudapi/state.js';
