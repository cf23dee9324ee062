/**
 * What every command that talks to a cloud does first: parse the common flags, load the app, pick
 * the stacks, and connect (to the cloud named by the profile and environment, or to an embedded
 * emulator with `--emulator`).
 */
import type { StackManifest } from '../../common/manifest.js';
import { UsageError, type CommandIo } from '../command.js';
import { APP_TIMEOUT_ENV, TUNABLE_DEFAULTS } from '../../common/tunables.js';
import { intFlag, mantaVersionFlag, type FlagSpec, type ParsedArgs } from './args.js';
import { timeScaleFlag, timingFlag } from './timing-flags.js';
import type { TimingProfileName } from '../../emulator/core/timing.js';
import { loadApp, resolveAppPath, selectOneStack, selectStacks, type LoadedApp } from './app-loader.js';
import {
  emulatorOverrides,
  startEmbeddedEmulator,
  withoutCloudSettings,
  type EmbeddedEmulator,
} from '../embedded-emulator.js';
import { CONTEXT_HELP, contextFlags, contextOf } from './context.js';
import {
  type Clients,
  closeClients,
  connectStack,
  type EngineOptions,
  type ProgressEvent,
  type ReadAhead,
} from './engine.js';
import { waitLine } from './progress.js';
import { checkWorkingDirectory, whileWorkingDirectoryExists } from './working-dir.js';
import { guardLocks } from './interrupts.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { stateHistoryKeepOf } from './drift-config.js';
import { declaredByOtherStacks, orderStacks, WriteLog, type Plan } from '../../reconciler/index.js';
import { crossStackStates } from './cross-stack-states.js';

/**
 * The flags of the commands that only build the app (synth, validate, graph, access): which stack,
 * the account of an rbac.json, the context the program reads, and stack traces.
 */
export const APP_FLAGS: FlagSpec = {
  'app-timeout': 'string',
  stack: 'repeat',
  account: 'string',
  debug: 'boolean',
  context: 'repeat',
};

/** The flags every cloud-facing command takes. */
export const COMMON_FLAGS: FlagSpec = {
  'app-timeout': 'string',
  debug: 'boolean',
  emulator: 'boolean',
  profile: 'string',
  stack: 'repeat',
  account: 'string',
  'consistency-window-ms': 'string',
  'emulator-manta-version': 'string',
  'emulator-timing': 'string',
  'emulator-time-scale': 'string',
  'lock-timeout': 'string',
  'max-requests': 'string',
  context: 'repeat',
};

/** Help text for {@link COMMON_FLAGS}, appended to each command's help. */
export const COMMON_HELP = `Common options:
  --emulator                  run against an embedded emulator (state in .triton-iac/emulator,
                              kept between commands); no cloud account needed
  --emulator-manta-version 1|2
                              the Manta line the embedded emulator answers as (default 1,
                              mantav1; 2 is Manta v2, which has no jobs and no snaplinks)
  --emulator-timing fast|realistic, --emulator-time-scale S
                              how long the embedded emulator's jobs take (default fast, 1)
  --profile NAME              use this ~/.triton profile (default: TRITON_PROFILE, then the current one)
  --stack NAME[,NAME]         work on these stacks of a multi-stack app (repeatable); the others'
                              state is still read for what these refer to
  --account LOGIN             the account an rbac.json is applied to (default: TRITON_ACCOUNT)
  --consistency-window-ms N   how long the cloud may serve stale reads after a write
                              (default: TRITON_IAC_CONSISTENCY_WINDOW_MS, else 15000; 0 with --emulator)
  --max-requests N            at most N requests in flight per service (default 32; the client
                              sends fewer while the cloud throttles or slows down)
  --lock-timeout DURATION     wait this long for the state lock, e.g. 30s or 2m (default: fail at once)
  --app-timeout DURATION      wait this long for the app program to build its app (default:
                              TRITON_IAC_APP_TIMEOUT_MS, else 2m); one that never does fails naming it
${CONTEXT_HELP}
  --debug                     print stack traces and engine debug lines on errors`;

/** Options derived from the common flags. */
export interface CommonOptions {
  readonly debug: boolean;
  readonly emulator: boolean;
  readonly profile: string | undefined;
  /** `--stack`: the stacks named, comma-joined (`undefined`: every stack). */
  readonly stack: string | undefined;
  readonly account: string | undefined;
  readonly consistencyWindowMs: number | undefined;
  /** With `--emulator`: the Manta line it answers as (`--emulator-manta-version`). */
  readonly emulatorMantaVersion: 1 | 2 | undefined;
  /** With `--emulator`: how long its jobs take (`--emulator-timing`, `--emulator-time-scale`). */
  readonly emulatorTiming: { readonly timing?: TimingProfileName; readonly timeScale?: number };
  readonly lockTimeoutMs: number | undefined;
  /** `--app-timeout`: how long the app program may take to build its app. */
  readonly appTimeoutMs?: number | undefined;
  /** `--max-requests`: the most requests in flight per service. */
  readonly maxRequests: number | undefined;
  /** The `--context key=value` flags (the project file's context is added when the app is loaded). */
  readonly context: Readonly<Record<string, string>>;
}

/** Reads the common flags. */
export function commonOptions(args: ParsedArgs): CommonOptions {
  return {
    debug: args.booleans.has('debug'),
    emulator: args.booleans.has('emulator'),
    profile: args.strings.get('profile'),
    stack: stackFlag(args),
    account: args.strings.get('account'),
    consistencyWindowMs: intFlag(args, 'consistency-window-ms', 0, 3_600_000),
    emulatorMantaVersion: mantaVersionFlag(args.strings.get('emulator-manta-version'), '--emulator-manta-version'),
    emulatorTiming: embeddedTiming(args),
    lockTimeoutMs: parseDuration(args.strings.get('lock-timeout'), 'lock-timeout'),
    appTimeoutMs: parseDuration(args.strings.get('app-timeout'), 'app-timeout'),
    maxRequests: intFlag(args, 'max-requests', 1, 256),
    context: contextFlags(args),
  };
}

/** `--stack a --stack b` and `--stack a,b` alike, as `a,b`; `undefined` when not given. */
function stackFlag(args: ParsedArgs): string | undefined {
  const given = args.repeats.get('stack');
  if (given === undefined) return undefined;
  const names = given.flatMap((s) => s.split(',')).map((s) => s.trim());
  if (names.some((n) => n === ''))
    throw new UsageError(`--stack ${given.join(',')}: a stack name is empty; give names separated by commas`);
  return [...new Set(names)].join(',');
}

function embeddedTiming(args: ParsedArgs): CommonOptions['emulatorTiming'] {
  const timing = timingFlag(args.strings.get('emulator-timing'), '--emulator-timing');
  const timeScale = timeScaleFlag(args.strings.get('emulator-time-scale'), '--emulator-time-scale');
  return { ...(timing !== undefined ? { timing } : {}), ...(timeScale !== undefined ? { timeScale } : {}) };
}

/**
 * Parses `30s`, `2m`, `500ms` (a bare number is seconds, as in Terraform's `-lock-timeout`).
 * @throws UsageError naming the flag and the accepted forms.
 */
export function parseDuration(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)(ms|s|m)?$/.exec(text.trim());
  if (!m) throw new UsageError(`--${flag} "${text}" must be a duration like 500ms, 30s or 2m`);
  const n = Number(m[1]);
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}

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
  /** Records a plan made in this run: what it creates, replaces or deletes is known to later stacks only after apply. */
  notePlanned(plan: Plan): void;
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
  readonly ahead: ReadAhead;
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
      });
      connected.set(stack.name, clients);
    }
    return clients;
  };
  const crossStackOf = (stack: StackManifest): Promise<EngineOptions['crossStack']> =>
    crossStackStates(stack, app.manifest.stacks, { io, common, clientsOf, pending });
  return {
    app,
    stacks,
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
}

function fieldsText(fields: Readonly<Record<string, unknown>> | undefined): string {
  return fields === undefined || Object.keys(fields).length === 0 ? '' : ` ${JSON.stringify(fields)}`;
}

function firstSet(...values: (string | undefined)[]): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}
