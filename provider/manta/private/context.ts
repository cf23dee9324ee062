/** What every Manta section needs. */
import type { ApiCaller } from '../../http/api-caller.js';

/** Shared by the Manta sections. */
export interface MantaContext {
  readonly caller: ApiCaller;
  /** The account owning the namespace (`/<account>/stor`, `/<account>/jobs`). */
  readonly account: string;
}
