import { timeScaleFlag, timingFlag } from '../private/timing-flags.js';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import {
  checkCatalogSeed,
  EmulatorStartError,
  type CatalogSeed,
  startEmulator,
  type EmulatorAccountOption,
  type EmulatorOptions,
  MANTA_MONITOR_PORT_OFFSET as MONITOR_PORT_OFFSET,
} from '../../emulator/index.js';
import { UsageError, type Command, type CommandIo } from '../command.js';
import { keylessWarnings, readyLines, startFailure } from '../private/emulator-output.js';
import {
  expectPositionals,
  intFlag,
  mantaVersionFlag,
  parseArgs,
  type FlagSpec,
  type ParsedArgs,
} from '../private/args.js';

const HELP = `Usage: triton-iac emulator [options]

Runs a local CloudAPI and Manta on loopback until SIGINT or SIGTERM, then saves its state.

Options:
  --host HOST                    listen address (default 127.0.0.1; any other host must be given
                                 explicitly, and is plain HTTP unless --tls-cert is given)
  --port N                       CloudAPI port (default 0: a free port)
  --manta-port N                 Manta port (default 0: a free port)
  --data-dir DIR                 keep state in DIR across restarts (default: in memory)
  --account LOGIN                create account LOGIN if missing (repeatable)
  --key LOGIN=PUBKEY_FILE        add the OpenSSH public key in PUBKEY_FILE to LOGIN (repeatable)
  --consistency-window-ms N      reads may be N ms stale after writes (default 0)
  --stale-read-rate R            share of reads inside the window served stale, 0-1 (default 0.5)
  --latency-ms N                 add about N ms to each request (default 0)
  --fault-rate R                 fail this share of requests, 0-1 (default 0)
  --throttle-rps N               above N requests a second (both services together, counted per
                                 one-second window) answer 420, Manta 503 Throttled, with Retry-After
  --seed N                       seed for faults and stale reads (default 1)
  --lose-answers OP[,OP...]      lose the first successful answer of each named operation on each
                                 path (CreateMachineSnapshot, PutDirectory, ...): the write takes
                                 effect, then the connection is reset
  --no-job-exec                  accept Manta jobs but do not run their commands
  --provision-ms MS              how long a new instance stays provisioning (default: the timing
                                 profile's; given alone, the fast profile)
  --timing fast|realistic        how long jobs take (deletes, stops, NIC changes, snapshots,
                                 images, volumes): realistic, a production datacenter's (the
                                 default; see the emulator's README), or fast, tens of ms for tests
                                 (the default of --emulator and of --provision-ms)
  --time-scale S                 multiply every job's duration by S, e.g. 0.1 or 1/10 (default 0.1
                                 with realistic timing, 1 with fast)
  --machine-limit N              how many instances an account may have (default 20)
  --catalog FILE                 serve the packages, networks, datacenters and provisioning limits
                                 of the JSON file FILE instead of the built-in ones (see the
                                 emulator's README: "Seeding the catalog"); kept in --data-dir
  --ram-limit MIB                how much RAM an account's instances may have together (default:
                                 no limit)
  --servers N                    compute nodes instances are placed on, by affinity rules, RAM and
                                 disk (default 3)
  --server-ram-mb MIB            RAM of each compute node (default 131072)
  --server-disk-mb MIB           disk of each compute node (default 4194304)
  --delegate-datasets            a datacenter whose operator enabled delegated datasets
                                 (experimental_cloudapi_delegate_dataset): CreateMachine takes
                                 delegate_dataset (default: refused with CloudAPI's message)
  --no-fabrics                   a datacenter without fabrics: no default fabric, fabric requests
                                 answer 501 (default: fabrics, each account with VLAN 2 and its
                                 default network)
  --no-fixture-machines          new accounts start with no machines, as on a real datacenter
                                 (default: web-1, web-2 and builder; CloudAPI's own tests want none)
  --manta-version 1|2            the Manta line to answer as: 1 (mantav1, with jobs and snaplinks,
                                 the default) or 2 (Manta v2: no jobs, no snaplinks)
  --manta-operator LOGIN         make LOGIN (created if missing) a Manta operator, as UFDS's
                                 operators group: it may read and write every account's namespace,
                                 list with sort=none / skip_owner_check=true (repeatable)
  --manta-upload-timeout-ms N    refuse an object upload that sends nothing for N ms with 408
                                 UploadTimeout (default 45000, as muskie; 0: never)
  --manta-monitor                also open muskie's monitoring listener on the Manta port + 800
                                 (GET /metrics, /kang/snapshot), as muskie's monitoring.test.js reads
  --tls-cert FILE --tls-key FILE serve HTTPS with this PEM certificate and key
  --attestation-root FILE        trust the PEM root CA certificate(s) in FILE for key attestation
                                 (repeatable): a key added with an attestation chain that verifies
                                 to one is listed attested, with its PIN/touch policy (default: none
                                 trusted, every attestation refused)
  --datacenter NAME              serve datacenter NAME of one cloud, each on its own CloudAPI port
                                 (repeatable; the first on --port): machines, images, networks,
                                 fabrics, volumes and firewall rules per datacenter, the account's
                                 users, keys, roles and policies shared (default: one datacenter)
  --replication-delay-ms N       an account-wide write made through one datacenter reaches the
                                 others and Manta N ms later, plus up to 20% (seeded by --seed)
                                 jitter (default 0; needs --datacenter)
  --json                         print the ready line as JSON

With no --account, an account "demo" is created with a fresh key pair, written to the data
directory (or to a temporary folder that is removed when the emulator stops). The ready line is
followed by shell lines to paste: they load that key into ssh-agent (starting one if needed) and
export TRITON_URL, TRITON_ACCOUNT, TRITON_KEY_ID, MANTA_URL, MANTA_USER and MANTA_KEY_ID for the
triton and manta tools and for triton-iac. An account given without --key is warned about: no
request can be signed as it.

Examples:
  triton-iac emulator --account acme --key acme=~/.ssh/id_rsa.pub --port 8080
  triton-iac emulator --data-dir .emulator      # then paste the lines it prints
`;

/** `triton-iac emulator`: runs the local CloudAPI and Manta. */
export const emulatorCommand: Command = {
  name: 'emulator',
  help: HELP,
  async run(argv, io) {
    const options = emulatorArgs(argv, io);
    const running = await startEmulator(options.emulator).catch((err: unknown) => {
      throw err instanceof EmulatorStartError
        ? new UsageError(startFailure(err, options.attestationRootFiles), { cause: err })
        : err;
    });
    // Listen for the signals before announcing readiness: a supervisor may stop us the moment it
    // reads the ready line, and the state must still be saved.
    const stopped = waitForSignal();
    const host = options.emulator.host ?? '127.0.0.1';
    if (options.emulator.tls === undefined && !['127.0.0.1', '::1', 'localhost'].includes(host)) {
      io.stderr.write(
        `warning: serving plain HTTP without TLS on ${host}: requests and signatures can be read on the network\n`,
      );
    }
    io.stderr.write(keylessWarnings(running));
    io.stdout.write(`${readyLines(running, options.json, options.explicitHost)}\n`);
    await stopped;
    await running.close();
    return 0;
  },
};

interface EmulatorArgs {
  readonly emulator: EmulatorOptions;
  readonly json: boolean;
  readonly explicitHost: boolean;
  /** The `--attestation-root` file of each trusted root, by its index. */
  readonly attestationRootFiles: readonly string[];
}

const FLAGS: FlagSpec = {
  host: 'string',
  port: 'string',
  'manta-port': 'string',
  'data-dir': 'string',
  account: 'repeat',
  key: 'repeat',
  'consistency-window-ms': 'string',
  'stale-read-rate': 'string',
  'latency-ms': 'string',
  'fault-rate': 'string',
  'throttle-rps': 'string',
  'lose-answers': 'string',
  seed: 'string',
  'no-job-exec': 'boolean',
  'provision-ms': 'string',
  timing: 'string',
  'time-scale': 'string',
  'machine-limit': 'string',
  catalog: 'string',
  'ram-limit': 'string',
  servers: 'string',
  'server-ram-mb': 'string',
  'server-disk-mb': 'string',
  'no-fabrics': 'boolean',
  'no-fixture-machines': 'boolean',
  'delegate-datasets': 'boolean',
  'manta-version': 'string',
  'manta-upload-timeout-ms': 'string',
  'manta-operator': 'repeat',
  'manta-monitor': 'boolean',
  'tls-cert': 'string',
  'tls-key': 'string',
  'attestation-root': 'repeat',
  datacenter: 'repeat',
  'replication-delay-ms': 'string',
  json: 'boolean',
};

function emulatorArgs(argv: readonly string[], io: CommandIo): EmulatorArgs {
  const args = parseArgs(argv, FLAGS, 'emulator');
  expectPositionals(args, 'emulator', 0, 0, '[options]');
  const opts: { -readonly [K in keyof EmulatorOptions]: EmulatorOptions[K] } = {};
  const host = args.strings.get('host');
  if (host !== undefined) {
    opts.host = host;
    opts.allowNonLoopback = true;
  }
  const set = <K extends keyof EmulatorOptions>(key: K, value: EmulatorOptions[K] | undefined): void => {
    if (value !== undefined) opts[key] = value;
  };
  set('port', intFlag(args, 'port', 0, 65535));
  set('mantaPort', intFlag(args, 'manta-port', 0, 65535));
  const dataDir = args.strings.get('data-dir');
  if (dataDir !== undefined) opts.dataDir = resolve(io.cwd, dataDir);
  set('consistencyWindowMs', intFlag(args, 'consistency-window-ms', 0, 3_600_000));
  set('latencyMs', intFlag(args, 'latency-ms', 0, 600_000));
  set('faultRate', rateFlag(args, 'fault-rate'));
  set('staleReadRate', rateFlag(args, 'stale-read-rate'));
  set('throttleRps', intFlag(args, 'throttle-rps', 1, 10_000_000));
  set('seed', intFlag(args, 'seed', 0, 2 ** 32 - 1));
  set('loseAnswers', operationsFlag(args.strings.get('lose-answers')));
  if (args.booleans.has('no-job-exec')) opts.jobExec = false;
  set('provisionMs', intFlag(args, 'provision-ms', 0, 3_600_000));
  // A standalone emulator is what a person, a vendor CLI or a client's test suite talks to: it
  // behaves like a datacenter (realistic jobs, ten times faster), so that a second command sees an
  // instance still provisioning as it would on a real cloud (node-triton's `triton inst wait`
  // test). `--provision-ms` alone keeps the fast profile it was written for; tests embed the
  // emulator with the fast profile.
  const timing =
    timingFlag(args.strings.get('timing'), '--timing') ??
    (args.strings.has('provision-ms') ? undefined : ('realistic' as const));
  set('timing', timing);
  set(
    'timeScale',
    timeScaleFlag(args.strings.get('time-scale'), '--time-scale') ?? (timing === 'realistic' ? 0.1 : undefined),
  );
  set('machineLimit', intFlag(args, 'machine-limit', 1, 1_000_000));
  const catalog = args.strings.get('catalog');
  if (catalog !== undefined) opts.catalog = readCatalog(catalog, io);
  set('ramLimitMb', intFlag(args, 'ram-limit', 1, 1_000_000_000));
  for (const [flag, value] of [
    ['--machine-limit', opts.machineLimit],
    ['--ram-limit', opts.ramLimitMb],
  ] as const)
    if (opts.catalog?.limits !== undefined && value !== undefined)
      throw new UsageError(
        `${flag} ${value} and the limits of --catalog ${catalog} both set the account's limits; give them in one place`,
      );
  set('servers', intFlag(args, 'servers', 1, 10_000));
  set('serverRamMb', intFlag(args, 'server-ram-mb', 1, 1_000_000_000));
  set('serverDiskMb', intFlag(args, 'server-disk-mb', 1, 1_000_000_000_000));
  if (args.booleans.has('no-fabrics')) opts.fabrics = false;
  if (args.booleans.has('no-fixture-machines')) opts.fixtureMachines = false;
  if (args.booleans.has('delegate-datasets')) opts.delegateDatasets = true;
  set('mantaVersion', mantaVersionFlag(args.strings.get('manta-version'), '--manta-version'));
  set('mantaUploadTimeoutMs', intFlag(args, 'manta-upload-timeout-ms', 0, 3_600_000));
  set('datacenters', args.repeats.get('datacenter'));
  set('replicationDelayMs', intFlag(args, 'replication-delay-ms', 0, 3_600_000));
  if (opts.replicationDelayMs !== undefined && opts.datacenters === undefined)
    throw new UsageError(
      `--replication-delay-ms ${opts.replicationDelayMs} needs two or more datacenters to replicate between: give --datacenter NAME for each`,
    );
  if (args.booleans.has('manta-monitor')) {
    opts.mantaMonitor = true;
    if (opts.mantaPort !== undefined && opts.mantaPort + MONITOR_PORT_OFFSET > 65535)
      throw new UsageError(
        `--manta-monitor listens on the Manta port + ${MONITOR_PORT_OFFSET}: --manta-port ${opts.mantaPort} leaves no such port; give --manta-port ${65535 - MONITOR_PORT_OFFSET} or lower`,
      );
  }

  const accounts = new Map<string, string[]>();
  const operators = args.repeats.get('manta-operator') ?? [];
  for (const login of [...(args.repeats.get('account') ?? []), ...operators])
    if (!accounts.has(login)) accounts.set(login, []);
  if (operators.length > 0) opts.mantaOperators = operators;
  for (const spec of args.repeats.get('key') ?? []) {
    const { login, key } = readKeySpec(spec, io);
    accounts.set(login, [...(accounts.get(login) ?? []), key]);
  }
  const accountList: EmulatorAccountOption[] = [...accounts].map(([login, keys]) => ({ login, keys }));
  if (accountList.length > 0) opts.accounts = accountList;

  const tlsCert = args.strings.get('tls-cert');
  const tlsKey = args.strings.get('tls-key');
  if ((tlsCert === undefined) !== (tlsKey === undefined))
    throw new UsageError('--tls-cert and --tls-key must be given together');
  if (tlsCert !== undefined && tlsKey !== undefined)
    opts.tls = { cert: readFlagFile('--tls-cert', tlsCert, io), key: readFlagFile('--tls-key', tlsKey, io) };
  const roots: string[] = [];
  const rootFiles: string[] = [];
  for (const path of args.repeats.get('attestation-root') ?? []) {
    const text = readFlagFile('--attestation-root', path, io);
    // A file may hold several certificates (a bundle); each is a root of its own.
    const certs = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [text];
    for (const cert of certs) {
      roots.push(cert);
      rootFiles.push(expandHome(path, io));
    }
  }
  if (roots.length > 0) opts.trustedAttestationRoots = roots;
  return {
    emulator: opts,
    json: args.booleans.has('json'),
    explicitHost: host !== undefined,
    attestationRootFiles: rootFiles,
  };
}

/** `--key LOGIN=PUBKEY_FILE` (or `--key=LOGIN=PUBKEY_FILE`): the login and the public key text. */
function readKeySpec(spec: string, io: CommandIo): { login: string; key: string } {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new UsageError(`--key "${spec}" must be LOGIN=PUBKEY_FILE`);
  const login = spec.slice(0, eq);
  const file = expandHome(spec.slice(eq + 1), io);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--key ${login}=${file}: cannot read the public key file (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (text.includes('PRIVATE KEY'))
    throw new UsageError(`--key ${login}=${file}: that is a private key; give the .pub file`);
  return { login, key: text.trim() };
}

function waitForSignal(): Promise<void> {
  return new Promise((resolveWait) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolveWait();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

/** The text of the file a flag names (`~` expanded), or a usage error naming the flag, the file and why. */
function readFlagFile(flag: string, path: string, io: CommandIo): string {
  const file = expandHome(path, io);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag} ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** `--catalog FILE`: the JSON catalog, checked before anything starts. */
function readCatalog(path: string, io: CommandIo): CatalogSeed {
  const text = readFlagFile('--catalog', path, io);
  const file = expandHome(path, io);
  try {
    const catalog = JSON.parse(text) as CatalogSeed;
    checkCatalogSeed(catalog);
    return catalog;
  } catch (err) {
    throw new UsageError(`--catalog ${file}: ${(err as Error).message}`);
  }
}

function rateFlag(args: ParsedArgs, name: string): number | undefined {
  const text = args.strings.get(name);
  if (text === undefined) return undefined;
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new UsageError(`--${name} "${text}" must be a number from 0 to 1`);
  return rate;
}

/** `--lose-answers`: operation names, comma-separated (the names the emulator's stats count). */
function operationsFlag(text: string | undefined): readonly string[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(',').map((n) => n.trim());
  const bad = names.find((n) => !/^[A-Z][A-Za-z]+$/.test(n));
  if (bad !== undefined)
    throw new UsageError(
      `--lose-answers ${JSON.stringify(text)}: ${JSON.stringify(bad)} is not an operation name (as CreateMachineSnapshot or PutDirectory)`,
    );
  return names;
}

function expandHome(path: string, io: CommandIo): string {
  if (path === '~' || path.startsWith('~/')) return `${io.env['HOME'] ?? homedir()}${path.slice(1)}`;
  return resolve(io.cwd, path);
}
