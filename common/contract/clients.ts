/**
 * The clients bundle as the engine sees it. The engine hands the bundle to every handler call
 * (`HandlerContext.clients`) without looking inside, except for the few calls below: it shares one
 * user listing and one listing per Manta directory between the handlers of a read, and keeps a
 * stack's state in Manta. Stated here, below both layers, so that the engine imports no provider
 * code: the provider's `Clients` (`provider/handlers/clients.ts`) extends this bundle, so the
 * compiler checks that its clients fit.
 */

/** What a read of a stored object gives back: its bytes and its etag. */
export interface StoredObject {
  readonly data: Buffer;
  readonly metadata: { readonly etag?: string };
}

/** Cancels a call, including any retry wait (the clients' `CallOptions`). */
interface Cancellable {
  readonly signal?: AbortSignal;
}

/** The object-store calls of the Manta state backend and its history (a `MantaClient` fits). */
export interface StateObjectStore {
  /** The object, or `undefined` when it does not exist. */
  getObjectBuffer(path: string): Promise<StoredObject | undefined>;
  /** Writes an object; `ifMatch: ''` means "only when it does not exist". */
  putObject(
    path: string,
    body: string | Uint8Array,
    options?: { readonly contentType?: string; readonly ifMatch?: string },
  ): Promise<{ readonly etag?: string }>;
  /** Rewrites an object's metadata (the lock's "still mine" check, under `if-match`). */
  putMetadata(
    path: string,
    options: { readonly contentType?: string; readonly headers?: Readonly<Record<string, string>> },
  ): Promise<unknown>;
  /** Deletes an object, under `ifMatch` when given. */
  deleteObject(path: string, options?: { readonly ifMatch?: string }): Promise<void>;
  /** Creates a directory and its missing parents. */
  makeDirectories(path: string): Promise<void>;
  /** Makes `linkPath` a link to the object at `sourcePath`. */
  putSnapLink(linkPath: string, sourcePath: string): Promise<unknown>;
  /** Every entry of a directory. */
  iterateDirectory(
    path: string,
    options?: Cancellable & { readonly pageSize?: number },
  ): AsyncIterable<{ readonly type: string; readonly name: string }>;
}

/** The Manta calls the engine makes itself: the state's object store and directory listings. */
export interface EngineMantaCalls extends StateObjectStore {
  /** One page of a directory (the engine shares each page between the handlers of one read). */
  listDirectory(
    path: string,
    options?: Cancellable & { readonly limit?: number; readonly marker?: string },
  ): Promise<unknown>;
}

/** The CloudAPI calls the engine makes itself. */
export interface EngineCloudApiCalls {
  /** The account's users (the engine shares one listing between the handlers of one read). */
  listUsers(options?: Cancellable): Promise<readonly unknown[]>;
}

/**
 * The API clients a run is given and passes to its handlers: the provider's full `Clients` in
 * practice, of which the engine needs only what is named here.
 */
export interface ClientsBundle {
  /** The CloudAPI client of the stack's datacenter. */
  readonly cloudapi: EngineCloudApiCalls;
  /** The Manta client. */
  readonly manta: EngineMantaCalls;
}
