/**
 * The flags every command that loads an app or talks to a cloud takes (which stacks, the account,
 * the embedded emulator's settings, time-outs, context), and what they mean.
 */
import { UsageError } from '../command.js';
import { intFlag, mantaVersionFlag, type FlagSpec, type ParsedArgs } from './args.js';
import { timeScaleFlag, timingFlag } from './timing-flags.js';
import type { TimingProfileName } from '../../emulator/core/timing.js';
import { CONTEXT_HELP, contextFlags } from './context.js';

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
  'replication-window-ms': 'string',
  'emulator-manta-version': 'string',
  'emulator-replication-delay-ms': 'string',
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
  --emulator-replication-delay-ms N
                              how long the embedded emulator takes to show a user, key, role or
                              policy written through one of its datacenters in the others
  --profile NAME              use this ~/.triton profile (default: TRITON_PROFILE, then the current one)
  --stack NAME[,NAME]         work on these stacks of a multi-stack app (repeatable); the others'
                              state is still read for what these refer to
  --account LOGIN             the account an rbac.json is applied to (default: TRITON_ACCOUNT)
  --consistency-window-ms N   how long the cloud may serve stale reads after a write
                              (default: TRITON_IAC_CONSISTENCY_WINDOW_MS, else 15000; 0 with --emulator)
  --replication-window-ms N   how long a user, key, role or policy written through one datacenter
                              may stay unseen by another (default 60000): a refusal naming one is
                              retried that long, each wait shown
  --max-requests N            at most N requests in flight per service (default 32 to CloudAPI,
                              64 to Manta; the client sends fewer while the cloud throttles or
                              slows down)
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
  /** `--replication-window-ms`: how long an account-wide write may stay unseen by another datacenter. */
  readonly replicationWindowMs: number | undefined;
  /** With `--emulator`: how long its account-wide writes take to reach its other datacenters. */
  readonly emulatorReplicationDelayMs: number | undefined;
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
    replicationWindowMs: intFlag(args, 'replication-window-ms', 0, 3_600_000),
    emulatorReplicationDelayMs: intFlag(args, 'emulator-replication-delay-ms', 0, 3_600_000),
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
