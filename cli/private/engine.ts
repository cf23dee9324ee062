/**
 * The engine calls the commands make, behind one module so that the commands depend on the
 * engine's published contract (`reconciler/engine.ts`) in a single place.
 */
import type { EngineClients } from '../../reconciler/index.js';

/** The engine types the commands use, re-exported so that they name one module. */
export type {
  ApplyResult,
  ChangeAction,
  ConnectOverrides,
  DriftItem,
  DriftReport,
  EngineClients as Clients,
  EngineLogger,
  EngineOptions,
  ProgressEvent,
  RefreshChange,
  RecordFoundResult,
} from '../../reconciler/index.js';

/** The engine functions the CLI calls. */
export {
  connectStack,
  planStack,
  applyPlan,
  applyStack,
  applyReviewed,
  planDestroy,
  driftStack,
  importResource,
  recordFound,
  openStateBackend,
  refreshStack,
  ReadAhead,
  localStateStacks,
} from '../../reconciler/index.js';

/** Closes the connections the clients hold. */
export async function closeClients(clients: EngineClients | undefined): Promise<void> {
  if (clients === undefined) return;
  // The work is done by now; a connection that fails to close cleanly must not turn success into an error.
  await Promise.allSettled([clients.cloudapi.close(), clients.manta.close()]);
}
