/**
 * A local cloud for a test: the emulator `--emulator` runs, started in this process on loopback,
 * with a key made for each account the apps name, and the engine driving it exactly as the
 * `apply`, `plan`, `drift` and `destroy` commands do. Nothing outlives `close()`: the emulator
 * keeps its data in memory, the keys are never written, and the state files' temporary folder is
 * removed (also when the process exits without `close()`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest, StackManifest } from '../common/manifest.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/index.js';
import { defaultHandlers } from '../provider/handlers/registry.js';
import { createCloudApiClient, createMantaClient, type CloudApiClient, type MantaClient } from '../provider/index.js';
import {
  applyReviewed,
  readCrossStackObjects,
  declaredByOtherStacks,
  openStateBackend,
  driftStack,
  planDestroy,
  planStack,
  WriteLog,
  type EngineClients,
  type EngineOptions,
  type ProgressEvent,
} from '../reconciler/index.js';
import {
  appApplied,
  appDrift,
  appPlan,
  stacksOf,
  type AppApplied,
  type AppDrift,
  type AppInput,
  type AppPlan,
  type StackSelection,
} from './app-runs.js';
import { TestingError } from './errors.js';
import { cloudapiUrlFor } from './datacenters.js';
import { datacentersNamed } from '../common/kinds/datacenter-scope.js';
import { generateTestKey, type TestKey } from './keys.js';

/** Options of {@link LocalCloud.start}: the emulator's (faults, window, timing, …) and the engine's. */
export interface LocalCloudOptions extends Omit<
  EmulatorOptions,
  'accounts' | 'dataDir' | 'host' | 'allowNonLoopback' | 'demoAccount'
> {
  /**
   * Accounts made at start; an account an app names is made when the app is first run.
   * @default none
   */
  readonly accounts?: readonly string[];
  /**
   * The consistency window, for the emulator and the engine alike.
   * @default 0 (every read sees every write)
   */
  readonly consistencyWindowMs?: number;
  /** Where `Secret.fromEnv` values are read. @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** Where relative object content files are read from. @default process.cwd() */
  readonly contentDir?: string;
  /** Told of each action as applies and destroys proceed. */
  readonly onProgress?: (event: ProgressEvent) => void;
}

/** Options of {@link LocalCloud.apply} and {@link LocalCloud.destroy}. */
export interface ApplyOptions extends StackSelection {
  /** Throw an `AssertionError` listing the failed actions when one fails. @default true */
  readonly throwOnFailure?: boolean;
  /** Adopt live objects that differ from the declaration (`--adopt`). @default false */
  readonly adopt?: boolean;
  /**
   * Only these addresses and what they depend on (`--target`): a cheap part of a stack whose
   * instances or images a test does not need. @default every resource
   */
  readonly targets?: readonly string[];
}

/** The CloudAPI and Manta clients of one identity. */
export interface CloudClients {
  readonly cloudapi: CloudApiClient;
  readonly manta: MantaClient;
}

/** Directories of clouds not closed yet, removed when the process exits. */
const openDirs = new Set<string>();
let exitHookSet = false;

/** A running local cloud; see the module comment. */
export class LocalCloud {
  /** The running emulator (its URLs, `settled()`, and `context` for a look inside). */
  readonly emulator: RunningEmulator;
  /** The temporary folder holding the stacks' local state files. */
  readonly workDir: string;
  readonly #options: LocalCloudOptions;
  readonly #owners = new Map<string, TestKey>();
  readonly #subUsers = new Map<string, TestKey>();
  readonly #clients: CloudClients[] = [];
  readonly #ownerClients = new Map<string, CloudClients>();
  readonly #writeLogs = new Map<string, WriteLog>();
  #closed: Promise<void> | undefined;

  private constructor(emulator: RunningEmulator, workDir: string, options: LocalCloudOptions) {
    this.emulator = emulator;
    this.workDir = workDir;
    this.#options = options;
  }

  /** Starts a local cloud. Call {@link close} when done (an `afterEach`/`after` hook, or `await using`). */
  static async start(options: LocalCloudOptions = {}): Promise<LocalCloud> {
    const { accounts, env: _env, contentDir: _dir, onProgress: _progress, ...emulatorOptions } = options;
    const workDir = mkdtempSync(join(tmpdir(), 'triton-iac-testing-'));
    openDirs.add(workDir);
    if (!exitHookSet) {
      exitHookSet = true;
      process.once('exit', () => {
        for (const dir of openDirs) rmSync(dir, { recursive: true, force: true });
      });
    }
    let emulator: RunningEmulator;
    try {
      // No demo account: the accounts are those the test and its apps name, each with a key made here.
      emulator = await startEmulator({
        timing: 'fast',
        ...emulatorOptions,
        demoAccount: false,
        consistencyWindowMs: options.consistencyWindowMs ?? 0,
      });
    } catch (err) {
      forget(workDir);
      throw err;
    }
    const cloud = new LocalCloud(emulator, workDir, options);
    for (const login of accounts ?? []) cloud.#owner(login);
    return cloud;
  }

  /**
   * Starts a local cloud serving every datacenter the stacks of `app` name (`datacenter`), one
   * CloudAPI each, the first also for stacks that name none; otherwise as {@link start}.
   */
  static async startFor(app: AppInput, options: LocalCloudOptions = {}): Promise<LocalCloud> {
    const names = datacentersNamed(stacksOf(app).manifest.stacks);
    return LocalCloud.start({ ...(names.length > 0 ? { datacenters: names } : {}), ...options });
  }

  /** The CloudAPI URL (the first datacenter's). */
  get cloudapiUrl(): string {
    return this.emulator.cloudapiUrl;
  }

  /** The Manta URL. */
  get mantaUrl(): string {
    return this.emulator.mantaUrl;
  }

  /**
   * Plans and applies every stack of `app` (or `options.stack`), as `triton-iac apply
   * --auto-approve` does.
   * @throws AssertionError listing the failed actions (unless `throwOnFailure: false`)
   * @throws the engine's errors as the command would print them (a conflict, a broken expectation)
   */
  async apply(app: AppInput, options: ApplyOptions = {}): Promise<AppApplied> {
    return this.#carryOut('apply', app, options);
  }

  /** Deletes every object the stacks of `app` manage, in the reverse order, as `triton-iac destroy --auto-approve` does. */
  async destroy(app: AppInput, options: ApplyOptions = {}): Promise<AppApplied> {
    return this.#carryOut('destroy', app, options);
  }

  /** Plans every stack of `app` against this cloud, changing nothing: the plans as data. */
  async plan(
    app: AppInput,
    options: StackSelection & { readonly destroy?: boolean; readonly targets?: readonly string[] } = {},
  ): Promise<AppPlan> {
    const { manifest, stacks } = stacksOf(app, options);
    const plans = [];
    // What an earlier stack's plan makes or replaces is known to the stacks after it only once applied.
    const pending = new Set<string>();
    for (const stack of options.destroy === true ? [...stacks].reverse() : stacks) {
      const opts = {
        ...(await this.#engineOptions(manifest, stack, [], pending)),
        ...(options.targets !== undefined ? { targets: options.targets } : {}),
      };
      const plan = options.destroy === true ? await planDestroy(stack, opts) : await planStack(stack, opts);
      for (const c of plan.changes) if (c.action === 'create' || c.action === 'replace') pending.add(c.address);
      plans.push(plan);
    }
    return appPlan(plans);
  }

  /**
   * Compares the cloud with every stack of `app` as `triton-iac drift` does (each difference
   * confirmed by a second read).
   * @throws ReconcilerError `STATE_NOT_FOUND` for a stack never applied here
   */
  async drift(app: AppInput, options: StackSelection = {}): Promise<AppDrift> {
    const { manifest, stacks } = stacksOf(app, options);
    const reports = [];
    for (const stack of stacks)
      reports.push({ ...(await driftStack(stack, await this.#engineOptions(manifest, stack, []))), stack: stack.name });
    return appDrift(reports);
  }

  /**
   * Clients signed as the owner of `account` (made when missing), to look at the cloud or change
   * it behind the stack's back, through datacenter `datacenter` (default: the first). Closed by
   * {@link close}.
   */
  clients(account: string, datacenter?: string): CloudClients {
    const id = `${account}\u0000${datacenter ?? ''}`;
    let clients = this.#ownerClients.get(id);
    if (clients === undefined) {
      const url = cloudapiUrlFor(this.emulator, {
        name: `(clients of ${account})`,
        ...(datacenter !== undefined ? { connection: { datacenter } } : {}),
      });
      this.#ownerClients.set(id, (clients = this.#connect(account, undefined, this.#owner(account), undefined, url)));
    }
    return clients;
  }

  /**
   * Clients signed as sub-user `user` of `account`, which must exist in the cloud (apply the stack
   * that declares it first): a key made for the test is added to the user, as its owner would,
   * so requests are decided by the account's roles and policies as the user's would be.
   * @param options.roles roles every request takes up (`as-role`, Manta's `Role` header)
   */
  async clientsAs(
    user: string | { readonly login: string },
    account: string,
    options: { readonly roles?: readonly string[] } = {},
  ): Promise<CloudClients> {
    const login = typeof user === 'string' ? user : user.login;
    const id = `${account}/${login}`;
    let key = this.#subUsers.get(id);
    if (key === undefined) {
      const candidate = generateTestKey(`triton-iac-testing@${login}`);
      const owner = this.clients(account);
      try {
        await owner.cloudapi.createUserKey(login, { key: candidate.publicKey, name: 'triton-iac-testing' });
      } catch (err) {
        throw new TestingError(
          `cannot sign as sub-user ${JSON.stringify(login)} of account ${account}: adding a test key to it failed (${(err as Error).message}); apply the stack that declares the user first`,
          { cause: err },
        );
      }
      this.#subUsers.set(id, (key = candidate));
    }
    return this.#connect(account, login, key, options.roles);
  }

  /**
   * Stops the emulator, closes every client and removes the temporary folder. Safe to call twice
   * and after a failed test; resolves once everything is gone.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      try {
        await Promise.allSettled(this.#clients.flatMap((c) => [c.cloudapi.close(), c.manta.close()]));
        await this.emulator.close();
      } finally {
        forget(this.workDir);
      }
    })();
    return this.#closed;
  }

  /** `await using cloud = await LocalCloud.start()` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #carryOut(what: 'apply' | 'destroy', app: AppInput, options: ApplyOptions): Promise<AppApplied> {
    const { manifest, stacks } = stacksOf(app, options);
    const warnings: string[] = [];
    const done = [];
    for (const stack of what === 'destroy' ? [...stacks].reverse() : stacks) {
      const opts = {
        ...(await this.#engineOptions(manifest, stack, warnings)),
        ...(options.adopt === true ? { adopt: true } : {}),
        ...(options.targets !== undefined ? { targets: options.targets } : {}),
      };
      const { plan, result } = await applyReviewed(stack, opts, async () => true, what);
      done.push({ plan, ...(result !== undefined ? { result } : {}) });
    }
    return appApplied(what, done, warnings, options.throwOnFailure !== false);
  }

  async #engineOptions(
    manifest: Manifest,
    stack: StackManifest,
    warnings: string[],
    pending: ReadonlySet<string> = new Set(),
  ): Promise<EngineOptions> {
    if (this.#closed !== undefined) throw new TestingError('this LocalCloud is closed: start another one');
    let writeLog = this.#writeLogs.get(stack.account);
    if (writeLog === undefined) this.#writeLogs.set(stack.account, (writeLog = new WriteLog()));
    // Its datacenter must be served (the error names the stack) before anything is planned.
    cloudapiUrlFor(this.emulator, stack);
    const clients: EngineClients =
      stack.user === undefined
        ? this.clients(stack.account, stack.connection?.datacenter)
        : this.#connect(
            stack.account,
            stack.user,
            this.#subUserKey(stack),
            stack.connection?.roles,
            cloudapiUrlFor(this.emulator, stack),
          );
    const { env, contentDir, onProgress } = this.#options;
    return {
      clients,
      handlers: defaultHandlers(),
      workDir: this.workDir,
      consistencyWindowMs: this.#options.consistencyWindowMs ?? 0,
      env: env ?? process.env,
      ...(contentDir !== undefined ? { contentDir } : {}),
      ...(onProgress !== undefined ? { onProgress } : {}),
      sensor: {},
      declaredElsewhere: declaredByOtherStacks(manifest.stacks, stack),
      ...(stack.crossStack !== undefined ? { crossStack: await this.#crossStack(manifest, stack, pending) } : {}),
      writeLog,
      log: { debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m) },
    };
  }

  /** The objects of other stacks `stack` refers to, from their state here (as the CLI reads them). */
  async #crossStack(
    manifest: Manifest,
    stack: StackManifest,
    pending: ReadonlySet<string>,
  ): Promise<EngineOptions['crossStack']> {
    return readCrossStackObjects(
      stack,
      manifest.stacks,
      async (other) =>
        openStateBackend(other, {
          workDir: this.workDir,
          clients: this.clients(other.account),
          consistencyWindowMs: this.#options.consistencyWindowMs ?? 0,
        }),
      pending,
    );
  }

  /** The key of the sub-user a stack acts as: one `clientsAs` added earlier. */
  #subUserKey(stack: StackManifest): TestKey {
    const key = this.#subUsers.get(`${stack.account}/${stack.user}`);
    if (key === undefined)
      throw new TestingError(
        `stack ${stack.name} acts as sub-user ${stack.user} of account ${stack.account}: call clientsAs(${JSON.stringify(stack.user)}, ${JSON.stringify(stack.account)}) once that user exists, so the cloud has a key to sign with`,
      );
    return key;
  }

  #owner(account: string): TestKey {
    let key = this.#owners.get(account);
    if (key === undefined) {
      key = generateTestKey(`owner@${account}`);
      this.emulator.addAccount({ login: account, keys: [key.publicKey] });
      this.#owners.set(account, key);
    }
    return key;
  }

  #connect(
    account: string,
    user: string | undefined,
    key: TestKey,
    roles: readonly string[] | undefined,
    cloudapiUrl: string = this.emulator.cloudapiUrl,
  ): CloudClients {
    if (this.#closed !== undefined) throw new TestingError('this LocalCloud is closed: start another one');
    const common = {
      account,
      signer: key.signer,
      ...(user !== undefined ? { user } : {}),
      ...(roles !== undefined ? { roles } : {}),
    };
    const clients = {
      cloudapi: createCloudApiClient({ url: cloudapiUrl, ...common }),
      manta: createMantaClient({ url: this.emulator.mantaUrl, ...common }),
    };
    this.#clients.push(clients);
    return clients;
  }
}

function forget(dir: string): void {
  openDirs.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}
