/** The API clients a handler call receives as `ctx.clients`. */
import type { CloudApiClient } from '../cloudapi/client.js';
import type { MantaClient } from '../manta/client.js';

/** The bundle of API clients the provider layer builds once per run and every handler shares. */
export interface Clients {
  /** The signed CloudAPI client of the stack's datacenter. */
  readonly cloudapi: CloudApiClient;
  /** The signed Manta client. */
  readonly manta: MantaClient;
}
