/**
 * The object-store calls a state kept in Manta makes, as the engine states them: the provider's
 * Manta client fits them as it is, and the engine imports no provider code (issue 41: the client
 * layer implements the engine's contract, never the reverse).
 */

/** What a read of a stored object gives back: its bytes and its etag. */
export interface StoredObject {
  readonly data: Buffer;
  readonly metadata: { readonly etag?: string };
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
    options?: { readonly pageSize?: number },
  ): AsyncIterable<{ readonly type: string; readonly name: string }>;
}

/** A failed call's HTTP status, read by shape (the provider's `TritonApiError.status`). */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The store answered 404: the object is not there. */
export function isMissingObject(error: unknown): boolean {
  return statusOf(error) === 404;
}

/** 412 PreconditionFailed (stale or create-only) or 409 ConcurrentRequest (lost an in-flight race). */
export function isConditionLost(error: unknown): boolean {
  const status = statusOf(error);
  const apiCode = (error as { apiCode?: unknown } | null)?.apiCode;
  return status === 412 || (status === 409 && typeof apiCode === 'string' && /ConcurrentRequest/.test(apiCode));
}
