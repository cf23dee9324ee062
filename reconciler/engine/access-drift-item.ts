/**
 * The shape of one access-drift finding, on its own so that the engine's API types
 * (`api-types.ts`) and the sensor that computes it (`access-sensor.ts`) share it without an import
 * circle through the census.
 */
import type { AccessChange } from '../../common/access/index.js';

/** A permission gained or lost since the last apply. */
export interface AccessDriftItem extends AccessChange {
  /** The parts of the chains no stack manages, such as `role ops`, `role tag ops on /acme/machines`. */
  readonly unmanaged: readonly string[];
}
