/**
 * The default state backend: one JSON file per stack, `.triton-iac/<stack>.state.json` under the
 * working directory, replaced atomically on every write, guarded by `<state>.lock`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ReconcilerError } from '../errors.js';
import { writeFileAtomic } from '../private/atomic-write.js';
import type { LockRequest, StateBackend, StateSnapshot } from './backend.js';
import { parseStateDocument, type StateDocument } from './document.js';
import { checkReadOwnership, nextDocumentToWrite, type StateOwner } from './private/ownership.js';
import { acquireFileLock, type FileLockOptions, type HeldFileLock } from './file-lock.js';

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
  private lastWritten: { readonly text: string; readonly version: string } | undefined;

  constructor(options: LocalStateBackendOptions) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(options.stack)) {
      throw new ReconcilerError('STATE_ADDRESS_INVALID', `stack name ${JSON.stringify(options.stack)} cannot name a state file: use letters, digits, '.', '_' and '-'`);
    }
    this.stack = options.stack;
    this.account = options.account;
    this.lockOptions = options.lock ?? {};
    this.location = resolve(options.workingDirectory ?? process.cwd(), options.path ?? join('.triton-iac', `${options.stack}.state.json`));
  }

  /** The lock file's path. */
  get lockPath(): string {
    return `${this.location}.lock`;
  }

  private owner(): StateOwner {
    return { stack: this.stack, account: this.account, location: this.location, noun: 'state file' };
  }

  async read(): Promise<StateSnapshot | undefined> {
    const text = await this.readText();
    if (text === undefined) return undefined;
    const doc = parseStateDocument(text, this.location);
    checkReadOwnership(doc, this.owner());
    return { doc, version: versionOf(text) };
  }

  async write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot> {
    const next = nextDocumentToWrite(doc, this.owner());
    const current = await this.readText();
    const ours = current !== undefined && current === this.lastWritten?.text;
    if (current !== undefined && !ours) parseStateDocument(current, this.location); // never overwrite a corrupt file
    const currentVersion = current === undefined ? undefined : ours ? this.lastWritten!.version : versionOf(current);
    if (currentVersion !== expectedVersion) {
      throw new ReconcilerError(
        'STATE_CONFLICT',
        `state file ${this.location} changed since it was read (expected ${expectedVersion ?? 'no file'}, found ${currentVersion ?? 'no file'}); another run wrote it. Re-run the command to plan against the new state.`,
      );
    }
    const text = `${JSON.stringify(next, null, 2)}\n`;
    try {
      await mkdir(join(this.location, '..'), { recursive: true });
      await writeFileAtomic(this.location, text);
    } catch (error) {
      throw new ReconcilerError('STATE_IO', `cannot write state file ${this.location}: ${(error as Error).message}`, { cause: error });
    }
    this.lastWritten = { text, version: versionOf(text) };
    return { doc: next, version: this.lastWritten.version };
  }

  async lock(request: LockRequest): Promise<void> {
    if (this.held) return;
    try {
      await mkdir(join(this.location, '..'), { recursive: true });
    } catch (error) {
      throw new ReconcilerError('STATE_IO', `cannot create the state directory for ${this.location}: ${(error as Error).message}`, { cause: error });
    }
    this.held = await acquireFileLock(this.lockPath, `state ${this.location}`, request, this.lockOptions);
  }

  async unlock(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    await held?.release();
  }

  private async readText(): Promise<string | undefined> {
    try {
      return await readFile(this.location, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new ReconcilerError('STATE_IO', `cannot read state file ${this.location}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** The file's version: a digest of its exact text (an opaque compare-and-swap token within one process). */
function versionOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
