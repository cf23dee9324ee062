/**
 * The default state backend: one JSON file per stack, `.triton-iac/<stack>.state.json` under the
 * working directory, replaced atomically on every write, guarded by `<state>.lock`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { checkStackName } from '../../common/rules/stack-name.js';
import { ReconcilerError } from '../errors.js';
import { writeFileAtomic } from '../private/atomic-write.js';
import type { LockHolder, LockRequest, StateBackend, StateSnapshot } from './backend.js';
import { parseStateDocument, type StateDocument } from './document.js';
import { checkReadOwnership, nextDocumentToWrite, type StateOwner } from './private/ownership.js';
import { equalsParts, serializeStateParts } from './private/serialize.js';
import { acquireFileLock, forceReleaseFileLock, type FileLockOptions, type HeldFileLock } from './file-lock.js';

/** The directory of state files, under the working directory. */
const STATE_DIR = '.triton-iac';
const STATE_SUFFIX = '.state.json';

/** Options for {@link LocalStateBackend}. */
export interface LocalStateBackendOptions {
  /** The stack whose state this is; a file of another stack is refused. */
  readonly stack: string;
  /** The account; a file of another account is refused. */
  readonly account: string;
  /** Relative paths resolve against it. @default process.cwd() */
  readonly workingDirectory?: string;
  /** The state file. @default `.triton-iac/<stack>.state.json` */
  readonly path?: string;
  /** Lock polling knobs. */
  readonly lock?: FileLockOptions;
  /**
   * The file as parsed moments ago (by a plan's read-ahead): the first {@link LocalStateBackend.read}
   * that finds the file holding exactly this text takes this document instead of parsing it again.
   */
  readonly parsed?: ParsedStateFile;
}

/** A state file's text and the document parsed from it. */
export interface ParsedStateFile {
  /** The file's absolute path. */
  readonly location: string;
  readonly text: string;
  readonly doc: StateDocument;
}

/** Where {@link LocalStateBackend} keeps the state of `stack`: `path`, or `.triton-iac/<stack>.state.json`, under `workDir`. */
export function localStatePath(workDir: string, stack: string, path?: string): string {
  return resolve(workDir, path ?? join(STATE_DIR, `${stack}${STATE_SUFFIX}`));
}

/** The stacks whose state is kept in `workDir` at the default place, by name (none when there is no such directory). */
export async function localStateStacks(workDir: string): Promise<string[]> {
  const names = await readdir(join(workDir, STATE_DIR)).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(STATE_SUFFIX)).map((n) => n.slice(0, -STATE_SUFFIX.length));
}

/** The local-file {@link StateBackend}. */
export class LocalStateBackend implements StateBackend {
  /** Absolute path of the state file. */
  readonly location: string;
  private readonly stack: string;
  private readonly account: string;
  private readonly lockOptions: FileLockOptions;
  private held: HeldFileLock | undefined;
  /**
   * The text this backend last wrote and its version. A file that still holds exactly that text was
   * valid when written and has that version: the next write neither parses nor hashes it again
   * (with group commit, that was most of a large apply's CPU: the whole file, twice, per write).
   */
  private lastWritten: WrittenFile | undefined;
  private parsed: ParsedStateFile | undefined;
  /** Numbers this backend's own writes (their versions need no digest: see {@link write}). */
  private writes = 0;

  constructor(options: LocalStateBackendOptions) {
    // Synth and the manifest validator refuse such a name first; this is the last guard before a file name.
    const nameProblem = checkStackName(options.stack);
    if (nameProblem !== undefined) {
      throw new ReconcilerError('STATE_ADDRESS_INVALID', `${nameProblem}; it cannot name a state file`);
    }
    this.stack = options.stack;
    this.account = options.account;
    this.lockOptions = options.lock ?? {};
    this.location = localStatePath(options.workingDirectory ?? process.cwd(), options.stack, options.path);
    if (options.parsed?.location === this.location) this.parsed = options.parsed;
  }

  /** The lock file's path. */
  get lockPath(): string {
    return `${this.location}.lock`;
  }

  private owner(): StateOwner {
    return { stack: this.stack, account: this.account, location: this.location, noun: 'state file' };
  }

  async read(): Promise<StateSnapshot | undefined> {
    const bytes = await this.readBytes();
    if (bytes === undefined) return undefined;
    const text = bytes.toString('utf8');
    // Parsing and checking a large state takes milliseconds that a plan spends while its reads are
    // answered: a document parsed moments ago from this very text is taken instead, once.
    const parsed = this.parsed;
    this.parsed = undefined;
    const doc = parsed !== undefined && parsed.text === text ? parsed.doc : parseStateDocument(text, this.location);
    checkReadOwnership(doc, this.owner());
    // A file this backend wrote keeps the version its write returned, so that either compares equal.
    const ours = this.lastWritten !== undefined && equalsParts(bytes, this.lastWritten.parts);
    return { doc, version: ours ? this.lastWritten!.version : versionOf(text) };
  }

  async write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot> {
    const next = nextDocumentToWrite(doc, this.owner());
    // The file as this backend left it (the same inode, unchanged since) is not read again: reading
    // and comparing megabytes per group-committed write was a large apply's biggest cost after
    // printing them. Anything else is read and compared byte for byte, as always.
    const untouched = this.lastWritten !== undefined && (await this.unchangedSince(this.lastWritten));
    const bytes = untouched ? undefined : await this.readBytes();
    const ours =
      untouched ||
      (bytes !== undefined && this.lastWritten !== undefined && equalsParts(bytes, this.lastWritten.parts));
    let currentVersion: string | undefined;
    if (ours) currentVersion = this.lastWritten!.version;
    else if (bytes !== undefined) {
      const current = bytes.toString('utf8');
      parseStateDocument(current, this.location); // never overwrite a corrupt file
      currentVersion = versionOf(current);
    }
    if (currentVersion !== expectedVersion) {
      throw new ReconcilerError(
        'STATE_CONFLICT',
        `state file ${this.location} changed since it was read (expected ${expectedVersion ?? 'no file'}, found ${currentVersion ?? 'no file'}); another run wrote it. Re-run the command to plan against the new state.`,
      );
    }
    const parts = serializeStateParts(next);
    let identity: FileIdentity | undefined;
    try {
      await mkdir(join(this.location, '..'), { recursive: true });
      const { ino } = await writeFileAtomic(this.location, parts);
      identity = await fileIdentity(this.location);
      // Replaced by someone else between the rename and the look: it is not known as ours.
      if (identity?.ino !== ino) identity = undefined;
    } catch (error) {
      throw new ReconcilerError('STATE_IO', `cannot write state file ${this.location}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    // The version of a file this backend wrote is only ever compared by this backend, with the
    // bytes it wrote at hand (above): a write number serves, without hashing megabytes per write.
    this.lastWritten = { parts, identity, version: `write:${process.pid}:${++this.writes}` };
    return { doc: next, version: this.lastWritten.version };
  }

  /**
   * Whether the file is still the one `written` left: the same inode, size, change and modification
   * times. Every writer of this tool replaces the file (a new inode); only an editor writing the
   * same number of bytes in place within one tick of the file system's clock could pass unseen, and
   * the lock keeps other runs out anyway.
   */
  private async unchangedSince(written: WrittenFile): Promise<boolean> {
    if (written.identity === undefined) return false;
    const now = await fileIdentity(this.location).catch(() => undefined);
    return (
      now !== undefined &&
      now.ino === written.identity.ino &&
      now.size === written.identity.size &&
      now.ctimeNs === written.identity.ctimeNs &&
      now.mtimeNs === written.identity.mtimeNs
    );
  }

  async lock(request: LockRequest): Promise<void> {
    if (this.held) return;
    try {
      await mkdir(join(this.location, '..'), { recursive: true });
    } catch (error) {
      throw new ReconcilerError(
        'STATE_IO',
        `cannot create the state directory for ${this.location}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    this.held = await acquireFileLock(this.lockPath, `state ${this.location}`, request, this.lockOptions);
  }

  async unlock(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    await held?.release();
  }

  async forceUnlock(lockId: string): Promise<LockHolder> {
    return forceReleaseFileLock(this.lockPath, `state ${this.location}`, lockId);
  }

  private async readBytes(): Promise<Buffer | undefined> {
    try {
      return await readFile(this.location);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new ReconcilerError('STATE_IO', `cannot read state file ${this.location}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}

/** What tells a file from any other and from its own later changes. */
interface FileIdentity {
  readonly ino: bigint;
  readonly size: bigint;
  readonly ctimeNs: bigint;
  readonly mtimeNs: bigint;
}

/** What this backend last wrote: its bytes (as parts), the file it made, and the version it returned. */
interface WrittenFile {
  readonly parts: readonly Buffer[];
  /** `undefined` when the file could not be told apart as ours right after the write. */
  readonly identity: FileIdentity | undefined;
  readonly version: string;
}

/** The identity of the file at `path`, or `undefined` when there is none. */
async function fileIdentity(path: string): Promise<FileIdentity | undefined> {
  try {
    const { ino, size, ctimeNs, mtimeNs } = await stat(path, { bigint: true });
    return { ino, size, ctimeNs, mtimeNs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file's version: a digest of its exact text (an opaque compare-and-swap token within one process). */
function versionOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
