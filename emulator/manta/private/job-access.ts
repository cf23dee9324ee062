import type { NamespaceStore } from '../namespace.js';
import type { BlobInfo } from '../blob-store.js';
import { loginOf, normalizePath } from './paths.js';

/**
 * Who a job reads as. Marlin keeps the creator's principal and the CreateJob request's conditions
 * with the job (muskie lib/jobs/create.js `setupJob`) and authorizes every object a task will read
 * with them, `fromjob` set (marlin jobsupervisor/lib/worker/worker.js `isAuthorized`).
 */
export interface JobReader {
  /** The account that owns the job. */
  readonly login: string;
  /**
   * For a sub-user: whether its roles, as taken up at CreateJob, grant `getobject` on `path`, an
   * object of the job's account with role tags `roleTags`. Absent for the account owner, who may
   * read all of its own objects.
   */
  readonly mayGetObject?: (path: string, roleTags: readonly string[]) => boolean;
  /**
   * For a sub-user: whether its roles, as taken up at CreateJob, grant `putobject` with the
   * CreateJob request's conditions and `fromjob` true on `resource` (the job's `stor` directory)
   * with role tags `roleTags`; marlin saves every task output as the job's principal. Absent for
   * the account owner, who may write its own job's outputs.
   */
  readonly mayPutObject?: (resource: string, roleTags: readonly string[]) => boolean;
}

/** An object a task may read. */
export interface ReadableObject {
  readonly ok: true;
  /** The canonical path. */
  readonly path: string;
  /** Blob ids of its bytes. */
  readonly blobs: readonly string[];
}

/** Why a task may not read an object: Manta's job error code (full form) and message. */
export interface RefusedRead {
  readonly ok: false;
  /** `ResourceNotFoundError`, `InvalidArgumentError` or `AuthorizationError`. */
  readonly code: string;
  readonly message: string;
  /** The HTTP status a GET of the object would have had (the agent's asset error names it). */
  readonly status: number;
}

/**
 * The one decision on what a job may read, for every input of every phase (map or reduce, the
 * job's inputs and the previous phase's outputs alike) and every asset. In marlin's order (worker.js
 * dispatch pipeline: resolve the owner, locate the object, then authorize): a malformed name, an
 * unknown account or a missing object is `ResourceNotFoundError` "no such object", a directory
 * `InvalidArgumentError`, and an object the job's principal may not get `AuthorizationError`
 * "permission denied". Another account's object is readable only under its `/public` (libmanta
 * lib/auth.js `PUBLIC_STOR_PATH`; Manta does not look at another account's roles); the job's own
 * intermediate objects (`/<login>/jobs/<id>/stor/...`) are always readable by that job.
 */
export function resolveJobRead(
  store: NamespaceStore,
  reader: JobReader,
  jobId: string,
  raw: string,
): ReadableObject | RefusedRead {
  let path: string;
  try {
    path = normalizePath(raw);
  } catch {
    return refused('ResourceNotFoundError', `malformed object name: "${raw}"`, 404);
  }
  const owner = loginOf(path);
  if (store.tryGet(`/${owner}`) === undefined) return refused('ResourceNotFoundError', `no such object: "${raw}"`, 404);
  const entry = store.tryGet(path);
  if (entry === undefined) return refused('ResourceNotFoundError', `no such object: "${raw}"`, 404);
  if (entry.type !== 'object') {
    return refused('InvalidArgumentError', `objects of type "${entry.type}" are not supported: "${raw}"`, 400);
  }
  if (!mayRead(reader, jobId, path, entry.roleTags)) {
    return refused('AuthorizationError', `permission denied: "${raw}"`, 403);
  }
  return { ok: true, path, blobs: entry.blobs };
}

function mayRead(reader: JobReader, jobId: string, path: string, roleTags: readonly string[]): boolean {
  // Anyone may read a /public object, as anyone may GET it.
  if (path.split('/')[2] === 'public') return true;
  const owner = loginOf(path);
  if (owner !== reader.login) return false;
  // What the job wrote itself is fed to its next phase; no role tag was ever asked of it.
  if (path.startsWith(`/${owner}/jobs/${jobId}/stor/`)) return true;
  return reader.mayGetObject === undefined || reader.mayGetObject(path, roleTags);
}

function refused(code: string, message: string, status: number): RefusedRead {
  return { ok: false, code, message, status };
}

/**
 * Whether a job's principal may save its task outputs: marlin writes each output as the job's
 * principal, a `putobject` with the CreateJob active roles, conditions and `fromjob` true, decided
 * by the role tags of `/<login>/jobs/<id>/stor` (see {@link JobReader.mayPutObject}). The owner
 * always may. A refused save fails the task with `InternalError` and leaves nothing behind.
 */
export function mayWriteOutputs(
  store: NamespaceStore,
  reader: JobReader | undefined,
  login: string,
  jobId: string,
): boolean {
  if (reader?.mayPutObject === undefined) return true;
  const stor = `/${login}/jobs/${jobId}/stor`;
  return reader.mayPutObject(stor, store.tryGet(stor)?.roleTags ?? []);
}

/** Stores a task's output or stderr bytes as an object under the job's `stor` (directories made as needed). */
export async function saveTaskObject(
  store: NamespaceStore,
  path: string,
  blob: BlobInfo,
  contentType: string,
): Promise<void> {
  store.mkdirp(path.slice(0, path.lastIndexOf('/')));
  store.commitObject(path, [blob], blob.md5, { contentType, durability: 2, headers: {} });
  await store.save();
}
