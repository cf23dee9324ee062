/**
 * The engine's entry points the commands call (plan, apply, drift, import, …), and the types they
 * take and give, behind one module: every command runs the engine through here. The engine's pure,
 * plain-data parts (plan documents, rendering, the state document) the commands import from
 * `reconciler/index.js` directly.
 */
import type { Clients } from '../../provider/handlers/clients.js';
import type { EngineOptions as ReconcilerEngineOptions } from '../../reconciler/index.js';

/** The engine types the commands use, re-exported so that they name one module. */
export type {
  ApplyResult,
  ChangeAction,
  DriftItem,
  DriftReport,
  EngineLogger,
  ProgressEvent,
  RefreshChange,
  RecordFoundResult,
} from '../../reconciler/index.js';

/** The API clients the CLI connects (the provider's; the engine takes them as its `EngineClients`). */
export type { Clients };

/** The engine's options with the clients the CLI connects, so that a command reading them back gets them whole. */
export type EngineOptions = ReconcilerEngineOptions<Clients>;

/** The engine functions the CLI calls. */
export {
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

/** Connecting to the cloud is the provider's (the engine imports no provider code). */
export { connectStack, type ConnectOverrides } from '../../provider/connect.js';

/** Closes the connections the clients hold. */
export async function closeClients(clients: Clients | undefined): Promise<void> {
  if (clients === undefined) return;
  // The work is done by now; a connection that fails to close cleanly must not turn success into an error.
  await Promise.allSettled([clients.cloudapi.close(), clients.manta.close()]);
}
