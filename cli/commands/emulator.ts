import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { startEmulator, type EmulatorAccountOption, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.js';
import { UsageError, type Command, type CommandIo } from '../command.js';

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
  --throttle-rps N               answer 420 above N requests per second
  --seed N                       seed for faults and stale reads (default 1)
  --no-job-exec                  accept Manta jobs but do not run their commands
  --tls-cert FILE --tls-key FILE serve HTTPS with this PEM certificate and key
  --json                         print the ready line as JSON

With no --account, an account "demo" is created with a fresh key pair, written to the data
directory (or a temporary one).

Example:
  triton-iac emulator --account acme --key acme=~/.ssh/id_rsa.pub --port 8080
`;

/** `triton-iac emulator`: runs the local CloudAPI and Manta. */
export const emulatorCommand: Command = {
  name: 'emulator',
  summary: 'run a local CloudAPI and Manta emulator',
  help: HELP,
  async run(argv, io) {
    const options = parseArgs(argv, io);
    const running = await startEmulator(options.emulator);
    // Listen for the signals before announcing readiness: a supervisor may stop us the moment it
    // reads the ready line, and the state must still be saved.
    const stopped = waitForSignal();
    const host = options.emulator.host ?? '127.0.0.1';
    if (options.emulator.tls === undefined && !['127.0.0.1', '::1', 'localhost'].includes(host)) {
      io.stderr.write(`warning: serving plain HTTP without TLS on ${host}: requests and signatures can be read on the network\n`);
    }
    io.stdout.write(`${readyLines(running, options.json, options.explicitHost)}\n`);
    await stopped;
    await running.close();
    return 0;
  },
};

interface ParsedArgs {
  readonly emulator: EmulatorOptions;
  readonly json: boolean;
  readonly explicitHost: boolean;
}

function parseArgs(argv: readonly string[], io: CommandIo): ParsedArgs {
  const accounts = new Map<string, string[]>();
  const opts: { -readonly [K in keyof EmulatorOptions]: EmulatorOptions[K] } = {};
  let json = false;
  let explicitHost = false;
  let tlsCert: string | undefined;
  let tlsKey: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') && !arg.startsWith('--key=') ? splitOnce(arg) : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value; see \`triton-iac emulator --help\``);
      return v;
    };
    switch (flag) {
      case '--host':
        opts.host = value();
        opts.allowNonLoopback = true;
        explicitHost = true;
        break;
      case '--port':
        opts.port = intArg(flag, value(), 0, 65535);
        break;
      case '--manta-port':
        opts.mantaPort = intArg(flag, value(), 0, 65535);
        break;
      case '--data-dir':
        opts.dataDir = resolve(io.cwd, value());
        break;
      case '--account': {
        const login = value();
        if (!accounts.has(login)) accounts.set(login, []);
        break;
      }
      case '--key':
      case '--key=': {
        const spec = arg.startsWith('--key=') ? arg.slice(6) : value();
        const eq = spec.indexOf('=');
        if (eq <= 0) throw new UsageError(`--key "${spec}" must be LOGIN=PUBKEY_FILE`);
        const login = spec.slice(0, eq);
        const file = expandHome(spec.slice(eq + 1), io);
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (err) {
          throw new UsageError(`--key ${login}=${file}: cannot read the public key file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
        }
        if (text.includes('PRIVATE KEY')) throw new UsageError(`--key ${login}=${file}: that is a private key; give the .pub file`);
        accounts.set(login, [...(accounts.get(login) ?? []), text.trim()]);
        break;
      }
      case '--consistency-window-ms':
        opts.consistencyWindowMs = intArg(flag, value(), 0, 3_600_000);
        break;
      case '--latency-ms':
        opts.latencyMs = intArg(flag, value(), 0, 600_000);
        break;
      case '--fault-rate':
        opts.faultRate = rateArg(flag, value());
        break;
      case '--stale-read-rate':
        opts.staleReadRate = rateArg(flag, value());
        break;
      case '--throttle-rps':
        opts.throttleRps = intArg(flag, value(), 1, 10_000_000);
        break;
      case '--seed':
        opts.seed = intArg(flag, value(), 0, 2 ** 32 - 1);
        break;
      case '--no-job-exec':
        opts.jobExec = false;
        break;
      case '--json':
        json = true;
        break;
      case '--tls-cert':
        tlsCert = readPem(flag, value(), io);
        break;
      case '--tls-key':
        tlsKey = readPem(flag, value(), io);
        break;
      default:
        throw new UsageError(`unknown option "${arg}"; see \`triton-iac emulator --help\``);
    }
  }
  const accountList: EmulatorAccountOption[] = [...accounts].map(([login, keys]) => ({ login, keys }));
  if (accountList.length > 0) opts.accounts = accountList;
  if ((tlsCert === undefined) !== (tlsKey === undefined)) throw new UsageError('--tls-cert and --tls-key must be given together');
  if (tlsCert !== undefined && tlsKey !== undefined) opts.tls = { cert: tlsCert, key: tlsKey };
  return { emulator: opts, json, explicitHost };
}

function readyLines(running: RunningEmulator, json: boolean, explicitHost: boolean): string {
  const accounts = running.accounts.map((a) => ({ login: a.login, keys: a.keys.map((k) => k.fingerprint) }));
  if (json) {
    return JSON.stringify({
      cloudapiUrl: running.cloudapiUrl,
      mantaUrl: running.mantaUrl,
      accounts,
      dataDir: running.dataDir ?? null,
      ...(running.generatedKey !== undefined ? { generatedKey: { privateKeyPath: running.generatedKey.privateKeyPath, fingerprint: running.generatedKey.fingerprint } } : {}),
    });
  }
  const first = running.accounts[0];
  const lines = [
    `triton-iac emulator: CloudAPI at ${running.cloudapiUrl}, Manta at ${running.mantaUrl}, accounts: ${accounts.map((a) => a.login).join(', ')}; state ${running.dataDir === undefined ? 'in memory' : `in ${running.dataDir}`}${explicitHost && running.cloudapiUrl.startsWith('http:') ? ' (plain HTTP, no TLS)' : ''}`,
  ];
  if (running.generatedKey !== undefined) lines.push(`# demo key pair: ${running.generatedKey.privateKeyPath} (fingerprint ${running.generatedKey.fingerprint})`);
  const keyId = running.generatedKey?.fingerprint ?? first?.keys[0]?.fingerprint ?? '<md5 fingerprint>';
  lines.push(
    `export TRITON_URL=${running.cloudapiUrl} TRITON_ACCOUNT=${first?.login ?? ''} TRITON_KEY_ID=${keyId} TRITON_TLS_INSECURE=1`,
    `export MANTA_URL=${running.mantaUrl} MANTA_USER=${first?.login ?? ''} MANTA_KEY_ID=${keyId} MANTA_TLS_INSECURE=1`,
  );
  return lines.join('\n');
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

function readPem(flag: string, path: string, io: CommandIo): string {
  const file = expandHome(path, io);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag} ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function rateArg(flag: string, text: string): number {
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) throw new UsageError(`${flag} "${text}" must be a number from 0 to 1`);
  return rate;
}

function intArg(flag: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} "${text}" must be a whole number from ${min} to ${max}`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`${flag} "${text}" must be a whole number from ${min} to ${max}`);
  return n;
}

function splitOnce(arg: string): [string, string] {
  const eq = arg.indexOf('=');
  return [arg.slice(0, eq), arg.slice(eq + 1)];
}

function expandHome(path: string, io: CommandIo): string {
  if (path === '~' || path.startsWith('~/')) return `${io.env['HOME'] ?? homedir()}${path.slice(1)}`;
  return resolve(io.cwd, path);
}
