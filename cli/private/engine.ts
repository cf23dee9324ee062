/**
 * The engine's entry points the commands call (plan, apply, drift, import, …), and the types they
 * take and give, behind one module: every command runs the engine through here. The engine's pure,
 * plain-data parts (plan documents, rendering, the state document) the commands import from
 * `reconciler/index.js` directly.
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
  checkSavedPlan,
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
