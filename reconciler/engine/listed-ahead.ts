/**
 * The shape of collections listed ahead of a plan's read (made by `read-ahead.ts`, taken by the
 * live source): its own file, of types only, so that the engine's options can name it without
 * importing the reader.
 */
import type { ParsedStateFile } from '../state/local-backend.js';

/**
 * Collections listed ahead of a read, by key, with the clients they were listed through (sharing
 * the user list and directory listings as `readLive` does). See `ReadAhead`.
 */
export interface ListedAhead<Clients = unknown> {
  /** The clients the listings were made with: a read through other clients cannot use them. */
  readonly clients: Clients;
  /** The account they were made for: a read for another cannot use them. */
  readonly account: string;
  /** `clients` with the listings shared, to read the rest through. */
  readonly sharedClients: Clients;
  /** The listing of `key` under way or done, given out once; `undefined` when it was not listed ahead. */
  take(key: string): Promise<readonly unknown[]> | undefined;
  /** How many listings {@link take} has given out. */
  readonly taken: number;
  /** The state file the listings were named by, already parsed, once (see `LocalStateBackendOptions.parsed`). */
  takeStateFile?(): ParsedStateFile | undefined;
}
