/**
 * What every command that talks to a cloud does first: parse the common flags, load the app, pick
 * the stacks, and connect (to the cloud named by the profile and environment, or to an embedded
 * emulator with `--emulator`).
 */
import type { StackManifest } from '../../common/manifest.js';
import { UsageError, type CommandIo } from '../command.js';
import { APP_TIMEOUT_ENV, TUNABLE_DEFAULTS } from '../../common/tunables.js';
import { loadApp, resolveAppPath, selectOneStack, selectStacks, type LoadedApp } from './app-loader.js';
import {
  emulatorOverrides,
  startEmbeddedEmulator,
  withoutCloudSettings,
  type EmbeddedEmulator,
} from '../embedded-emulator.js';
import { contextOf } from './context.js';
import {
  type Clients,
  closeClients,
  connectStack,
  type EngineOptions,
  type ProgressEvent,
  type ReadAhead,
} from './engine.js';
import { ProgressReporter, waitLine } from './progress.js';
import { rateWaits } from './rate-waits.js';
import { checkWorkingDirectory, whileWorkingDirectoryExists } from './working-dir.js';
import { guardLocks } from './interrupts.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { stateHistoryKeepOf } from './drift-config.js';
import { declaredByOtherStacks, orderStacks, WriteLog, type Plan } from '../../reconciler/index.js';
import { crossStackStates, refuseNamesNotApplied, withOtherAppsOutputs } from './cross-stack-states.js';
import { datacentersNamed } from '../../common/kinds/datacenter-scope.js';
import type { CommonOptions } from './common-options.js';

// The common flags are read in common-options.ts; the commands take them from here with the session.
export {
  APP_FLAGS,
  COMMON_FLAGS,
  COMMON_HELP,
  commonOptions,
  parseDuration,
  type CommonOptions,
} from './common-options.js';

/** Loads the app named by the first positional word (or the project default); prints its synth warnings on stderr. */
export async function loadAppFor(appArg: string | undefined, common: CommonOptions, io: CommandIo): Promise<LoadedApp> {
  let path: string;
  try {
    path = resolveAppPath(appArg, io.cwd);
  } catch (err) {
    // "No app found" is not the news when the whole directory is gone.
    checkWorkingDirectory(io.cwd);
    throw err;
  }
  const account =
    common.account ??
    firstSet(io.env['TRITON_ACCOUNT'], io.env['SDC_ACCOUNT']) ??
    (common.emulator ? 'demo' : undefined);
  const deadline = appDeadline(path, common, io);
  try {
    const loading = loadApp(
      path,
      { ...(account !== undefined ? { account } : {}), ...(common.stack !== undefined ? { stack: common.stack } : {}) },
      contextOf(common.context, io.cwd),
      deadline.reached,
    );
    const app = await whileWorkingDirectoryExists(io.cwd, loading);
    for (const warning of app.warnings ?? []) io.stderr.write(`Warning: ${warning}\n`);
    return app;
  } finally {
    deadline.cancel();
  }
}

/**
 * The app time-out: `reached` rejects once the program has taken longer than it to build its app
 * (a default export whose promise never settles, a top-level await on nothing), with a clear error
 * naming the file, so that the CLI never hangs saying nothing. `cancel` once the app is loaded.
 */
function appDeadline(
  path: string,
  common: CommonOptions,
  io: CommandIo,
): { readonly reached: Promise<never>; cancel(): void } {
  const ms = common.appTimeoutMs ?? parseAppTimeoutEnv(io.env[APP_TIMEOUT_ENV]) ?? TUNABLE_DEFAULTS.appTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new UsageError(
            `app ${path} did not build its app within ${formatMs(ms)}: loading it, or the promise its default export returned, never settled (an await on something that never finishes?). Fix the program, or give it longer with --app-timeout or ${APP_TIMEOUT_ENV}`,
          ),
        ),
      ms,
    );
  });
  // Nobody may be listening when it fires (a JSON app loads without it): not an unhandled rejection.
  reached.catch(() => undefined);
  return { reached, cancel: () => clearTimeout(timer) };
}

/** `TRITON_IAC_APP_TIMEOUT_MS` as a number of ms, or `undefined` when unset or not a positive whole number. */
function parseAppTimeoutEnv(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function formatMs(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000}m` : ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** A connection to the cloud (or the embedded emulator) for a set of stacks. */
export interface Session {
  readonly app: LoadedApp;
  readonly stacks: readonly StackManifest[];
  /**
   * The engine options for `stack`, connecting on first use. A stack referring to other stacks'
   * objects gets them (`crossStack`) as their state holds them now, less those a plan noted with
   * {@link Session.notePlanned} creates or replaces first.
   */
  options(stack: StackManifest, extra?: Partial<EngineOptions>): Promise<EngineOptions>;
  /** Per stack, the other apps' outputs it read (`StackOutputs`): state location to output names. */
  readonly outputsRead: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** Records a plan made in this run: what it creates, replaces or deletes is known to later stacks only after apply. */
  notePlanned(plan: Plan): void;
  /**
   * Refuses to apply `stack` when it names objects of a stack this run leaves out that its state
   * does not hold (`refuseNamesNotApplied`).
   */
  refuseNamesNotApplied(stack: StackManifest): Promise<void>;
  /** Closes every connection and the embedded emulator. */
  close(): Promise<void>;
}

/**
 * The stacks of `app` that the command works on: all, or the one `--stack` names, each after the
 * stacks of the same account whose objects it names (`orderStacks`). An rbac.json has one stack,
 * whatever `--stack` says.
 * @throws UsageError for an unknown stack; ReconcilerError `GRAPH_INVALID` for stacks naming each
 *   other's objects in a circle.
 */
export function stacksOf(app: LoadedApp, common: CommonOptions): StackManifest[] {
  // One app is one graph: a stack comes after the stacks whose objects it names (destroy reverses it).
  return orderStacks(selectStacks(app.manifest, app.kind === 'rbac-json' ? undefined : common.stack, app.path));
}

/**
 * The one stack of `app` that the command works on (see {@link stacksOf}).
 * @throws UsageError for an unknown stack, or several stacks and no `--stack`.
 */
export function oneStackOf(app: LoadedApp, common: CommonOptions): StackManifest {
  return selectOneStack(app.manifest, app.kind === 'rbac-json' ? undefined : common.stack, app.path);
}

/**
 * The environment the clients read their settings from: with the embedded emulator, none of the
 * user's cloud settings (the emulator's are given as overrides); else `--profile` on top of them.
 */
export function cloudEnv(common: CommonOptions, io: CommandIo, embedded: boolean): NodeJS.ProcessEnv {
  return embedded
    ? withoutCloudSettings(io.env)
    : { ...io.env, ...(common.profile !== undefined ? { TRITON_PROFILE: common.profile } : {}) };
}

/** A read-ahead under way (`plan-read-ahead.ts`), with the clients it reads through: what a session can take. */
export interface PlanReadAhead {
  readonly ahead: ReadAhead<Clients>;
  readonly clients: Clients;
  /** Whether a session would connect for `stack` exactly as the read-ahead did. */
  usableFor(stack: StackManifest): boolean;
  /** Stops it and closes its clients (when no session took them). */
  close(): Promise<void>;
}

/**
 * Opens a session on `app`'s stacks (all, or the one `--stack` names).
 * @throws UsageError for an unknown stack.
 */
export async function openSession(
  app: LoadedApp,
  common: CommonOptions,
  io: CommandIo,
  readAhead?: PlanReadAhead,
): Promise<Session> {
  const stacks = stacksOf(app, common);
  let emulator: EmbeddedEmulator | undefined;
  if (common.emulator) {
    emulator = await startEmbeddedEmulator({
      cwd: io.cwd,
      accounts: stacks.map((s) => s.account),
      // Every datacenter the app's stacks name, also those of stacks this run leaves alone: the
      // emulator's data is kept between commands, and the next may work on those.
      datacenters: datacentersNamed(app.manifest.stacks),
      ...(common.emulatorReplicationDelayMs !== undefined
        ? { replicationDelayMs: common.emulatorReplicationDelayMs }
        : {}),
      ...(common.emulatorMantaVersion !== undefined ? { mantaVersion: common.emulatorMantaVersion } : {}),
      ...common.emulatorTiming,
    });
  }
  const connected = new Map<string, Clients>();
  // One write log per account for the whole command: the consistency window after a write covers
  // the writes of every stack of the account, not only the stack that made it.
  const writeLogs = new Map<string, WriteLog>();
  const writeLogOf = (account: string): WriteLog => {
    let log = writeLogs.get(account);
    if (log === undefined) writeLogs.set(account, (log = new WriteLog()));
    return log;
  };
  const env = cloudEnv(common, io, emulator !== undefined);
  // Warnings always reach stderr: they say what the user must know and no other line says (a
  // password taken as set, an unmanaged object left alone). Without --debug the engine's other lines
  // stay quiet: everything they say about an apply is also in the progress lines and the summary.
  const warn = (m: string, fields?: Readonly<Record<string, unknown>>): void =>
    void io.stderr.write(`warning: ${m}${fieldsText(fields)}\n`);
  const log = common.debug
    ? {
        debug: (m: string, fields?: Readonly<Record<string, unknown>>) =>
          void io.stderr.write(`debug: ${m}${fieldsText(fields)}\n`),
        info: (m: string, fields?: Readonly<Record<string, unknown>>) =>
          void io.stderr.write(`${m}${fieldsText(fields)}\n`),
        warn,
      }
    : { debug: () => undefined, info: () => undefined, warn };
  // A wait for a service's rate limit is told on stderr, unless an apply's progress display listens.
  const waits = new ProgressReporter({ ...io, stdout: io.stderr });
  const unlisten = rateWaits.listen(waits.rateWait);
  // From here a signal releases any state lock the command takes (and saves the embedded emulator's data).
  const unguard = guardLocks(
    (line) => void io.stderr.write(line),
    emulator !== undefined ? () => emulator.close() : undefined,
  );
  const pending = new Set<string>();
  const clientsOf = async (stack: StackManifest): Promise<Clients> => {
    let clients = connected.get(stack.name);
    if (clients === undefined) {
      const overrides = emulator ? emulatorOverrides(emulator, stack.account) : undefined;
      clients = await connectStack(stack, {
        env,
        ...(io.env['HOME'] ? { home: io.env['HOME'] } : {}),
        ...(overrides ? { overrides } : {}),
        ...(common.maxRequests !== undefined ? { maxRequests: common.maxRequests } : {}),
        onRateHold: rateWaits.tell,
      });
      connected.set(stack.name, clients);
    }
    return clients;
  };
  const crossStackOf = (stack: StackManifest): Promise<EngineOptions['crossStack']> =>
    crossStackStates(stack, app.manifest.stacks, { io, common, clientsOf, pending });
  const session: Session = {
    app,
    stacks,
    outputsRead: new Map(),
    refuseNamesNotApplied: (stack) =>
      refuseNamesNotApplied(stack, app.manifest.stacks, stacks, { io, common, clientsOf, pending }),
    notePlanned(plan) {
      for (const c of plan.changes)
        if (c.action === 'create' || c.action === 'replace' || c.action === 'delete') pending.add(c.address);
    },
    async options(stack, extra = {}) {
      let clients = connected.get(stack.name);
      // The clients a read-ahead connected for this stack, and its listings (see read-ahead.ts).
      const ahead = emulator === undefined && readAhead?.usableFor(stack) ? readAhead : undefined;
      // Its clients were made with the default request cap: a run that sets its own makes its own.
      if (clients === undefined && ahead !== undefined && common.maxRequests === undefined) {
        clients = ahead.clients;
        connected.set(stack.name, clients);
      }
      clients ??= await clientsOf(stack);
      const crossStack = await crossStackOf(stack);
      const windowMs = common.consistencyWindowMs ?? (emulator ? 0 : undefined);
      const keep = stateHistoryKeepOf(io.cwd);
      return {
        ...(keep !== undefined ? { stateHistoryKeep: keep } : {}),
        // Every apply records who can do what, for drift to compare with (drift passes its own).
        sensor: {},
        clients,
        handlers: defaultHandlers(),
        workDir: io.cwd,
        env: io.env,
        log,
        ...(windowMs !== undefined ? { consistencyWindowMs: windowMs } : {}),
        ...(common.replicationWindowMs !== undefined ? { replicationWindowMs: common.replicationWindowMs } : {}),
        ...(common.lockTimeoutMs !== undefined ? { lockTimeoutMs: common.lockTimeoutMs } : {}),
        // Every command that takes the lock says so when it waits for it (apply, destroy, a saved plan, import).
        onLockWait: (m: string) => void io.stderr.write(`${m}\n`),
        onLockTakeOver: (m: string) => void io.stderr.write(`${m}.\n`),
        // A command without a progress display of its own (plan, drift) still says when it waits;
        // apply and destroy pass their progress reporter instead, which shows waits among the rest.
        onProgress: (event: ProgressEvent) => {
          if (event.type === 'wait') io.stderr.write(`${waitLine(event)}\n`);
        },
        ...(ahead !== undefined && clients === ahead.clients ? { readAhead: ahead.ahead } : {}),
        // Every stack of the app, not only those this run works on: a resource moved to a stack
        // that is not applied now is still declared there.
        declaredElsewhere: declaredByOtherStacks(app.manifest.stacks, stack),
        writeLog: writeLogOf(stack.account),
        ...(crossStack !== undefined ? { crossStack } : {}),
        ...extra,
      };
    },
    async close() {
      unlisten();
      waits.stop();
      // The command's locks are released by now; a signal from here on ends the process as usual.
      unguard();
      // A read-ahead's clients a stack took are closed with the others; its own close closes them otherwise.
      if (readAhead !== undefined && ![...connected.values()].includes(readAhead.clients)) await readAhead.close();
      else readAhead?.ahead.stop();
      for (const clients of connected.values()) await closeClients(clients);
      connected.clear();
      await emulator?.close();
    },
  };
  // Other apps' outputs are read once, before any plan: the stacks worked on hold their values.
  try {
    const read = await withOtherAppsOutputs(stacks, { io, common, clientsOf, pending });
    return { ...session, stacks: read.stacks, outputsRead: read.outputsRead };
  } catch (error) {
    await session.close();
    throw error;
  }
}

function fieldsText(fields: Readonly<Record<string, unknown>> | undefined): string {
  return fields === undefined || Object.keys(fields).length === 0 ? '' : ` ${JSON.stringify(fields)}`;
}

function firstSet(...values: (string | undefined)[]): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}
