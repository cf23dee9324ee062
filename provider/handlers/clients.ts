/** The API clients a handler call receives as `ctx.clients`. */
import type { CloudApiClient } from '../cloudapi/client.js';
import type { MantaClient } from '../manta/client.js';
import type { ClientsBundle } from '../../common/contract/clients.js';

/**
 * The bundle of API clients the provider layer builds once per run and every handler shares. It
 * extends the engine's view of it (the contract's `ClientsBundle`), so the compiler checks that the
 * engine can take it.
 */
export interface Clients extends ClientsBundle {
  /** The signed CloudAPI client of the stack's datacenter. */
  readonly cloudapi: CloudApiClient;
  /** The signed Manta client. */
  readonly manta: MantaClient;
}
