import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorContext, MantaObjectWriter } from '../core/context.js';
import { BlobStore } from './blob-store.js';
import { NamespaceStore } from './namespace.js';
import { JobEngine } from './jobs.js';
import { MultipartEngine } from './multipart.js';
import { normalizePath, parentOf } from './private/paths.js';

/** Options of the Manta state beyond the shared context. */
export interface MantaStateOptions {
  /** Wall-clock limit per job task. @default 60000 */
  readonly taskTimeLimitMs?: number;
  /** Smallest multipart part but the last. @default 5 MiB */
  readonly minPartSize?: number;
  /**
   * Why tasks may not run right now (e.g. the listener is not on loopback), or `undefined` when they may.
   * @default tasks may run
   */
  readonly execBlocked?: () => string | undefined;
  /**
   * How long an object upload may send no byte before it is refused with 408 `UploadTimeout`
   * (muskie's `MUSKIE_DATA_TIMEOUT`); 0 turns the check off. @default 45000
   */
  readonly uploadTimeoutMs?: number;
  /** The Manta line the emulator answers as: 1 (mantav1, with jobs) or 2 (master). @default 1 */
  readonly version?: MantaVersion;
  /**
   * Logins of operator accounts (UFDS's `operators` group): authorized for anything in any
   * account, and the only callers of the operator-only listing parameters and upload deletes.
   * @default none
   */
  readonly operators?: readonly string[];
}

/** A Manta line: 1 is muskie's `mantav1` branch (jobs, snaplinks), 2 is master (Manta v2). */
export type MantaVersion = 1 | 2;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|::1|localhost)$/;

/** Whether a listener URL is on the loopback interface (job tasks run only then). */
export function isLoopbackUrl(url: string): boolean {
  if (url === '') return true;
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Everything the Manta service keeps: the namespace (metadata in `<dataDir>/manta/namespace.json`,
 * bytes in `<dataDir>/manta/blobs/`, or a temporary directory removed at close when there is no
 * data directory), the job engine and the multipart engine.
 */
export class MantaState {
  readonly store: NamespaceStore;
  readonly jobs: JobEngine;
  readonly uploads: MultipartEngine;
  /** See {@link MantaStateOptions.uploadTimeoutMs}. */
  readonly uploadTimeoutMs: number;
  /** See {@link MantaStateOptions.version}. */
  readonly version: MantaVersion;
  /** See {@link MantaStateOptions.operators}. */
  readonly operators: ReadonlySet<string>;
  private readonly tempDir: string | undefined;

  /** @param ctx the emulator context (data directory, job execution switch) */
  constructor(ctx: EmulatorContext, options: MantaStateOptions = {}) {
    const root =
      ctx.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'triton-iac-manta-')) : join(ctx.dataDir, 'manta');
    this.tempDir = ctx.dataDir === undefined ? root : undefined;
    this.uploadTimeoutMs = options.uploadTimeoutMs ?? 45_000;
    this.version = options.version ?? 1;
    this.operators = new Set(options.operators ?? []);
    this.store = new NamespaceStore(new BlobStore(join(root, 'blobs')), ctx.dataDir === undefined ? undefined : root);
    const blocked = options.execBlocked;
    this.jobs = new JobEngine(this.store, {
      exec: ctx.jobExec,
      disabledReason: 'task execution is disabled in this emulator (started with --no-job-exec / jobExec: false)',
      ...(blocked !== undefined ? { execBlocked: blocked } : {}),
      ...(options.taskTimeLimitMs !== undefined ? { timeLimitMs: options.taskTimeLimitMs } : {}),
      tmpRoot: join(root, 'tasks'),
    });
    this.uploads = new MultipartEngine(this.store, options.minPartSize, this.version === 2 ? 799 : 9999);
    this.store.load();
    for (const account of ctx.store.allAccounts()) this.store.ensureAccount(account.account.login);
  }

  /** The writer CloudAPI uses to store exported images in the namespace. */
  writer(): MantaObjectWriter {
    return {
      putObject: async (login, path, data, contentType) => {
        this.store.ensureAccount(login);
        const target = normalizePath(path);
        this.store.mkdirp(parentOf(target));
        this.store.beginObjectWrite(target, {});
        const blob = await this.store.blobs.write(data);
        this.store.commitObject(target, [blob], blob.md5, { contentType, durability: 2, headers: {} });
        await this.store.save();
      },
      isDirectory: async (login, path) => {
        this.store.ensureAccount(login);
        return this.store.tryGet(normalizePath(path))?.type === 'directory';
      },
    };
  }

  /** Stops running tasks, saves the namespace, and removes the temporary directory if there is one. */
  async close(): Promise<void> {
    this.jobs.killAll();
    await this.store.save();
    this.store.blobs.close();
    if (this.tempDir !== undefined) rmSync(this.tempDir, { recursive: true, force: true });
  }
}
