/**
 * `--emulator`: an emulator started inside the command, with its data under
 * `.triton-iac/emulator` in the working directory so the next command sees the same cloud. Each
 * account a stack names gets a key pair generated once and kept beside the data, so every command
 * signs with the same key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sshpk } from '../common/sshpk.js';
import type { RunningEmulator } from '../emulator/index.js';

/** Where `--emulator` keeps its data, relative to the working directory. */
export const EMULATOR_DIR = join('.triton-iac', 'emulator');

/** A running embedded emulator and the key of each account it was started for. */
export interface EmbeddedEmulator {
  readonly running: RunningEmulator;
  readonly dataDir: string;
  /** Private key file per account login. */
  readonly keyFiles: ReadonlyMap<string, string>;
  close(): Promise<void>;
}

/** Options of {@link startEmbeddedEmulator}. */
export interface EmbeddedEmulatorOptions {
  readonly cwd: string;
  /** The account logins the stacks name. */
  readonly accounts: readonly string[];
  /** Passed to the emulator. @default 0 */
  readonly consistencyWindowMs?: number;
  /** The Manta line to answer as (`--emulator-manta-version`). @default 1 */
  readonly mantaVersion?: 1 | 2;
  /** How long its jobs take (`--emulator-timing`). @default 'fast' */
  readonly timing?: 'fast' | 'realistic';
  /** Every job's duration multiplied by it (`--emulator-time-scale`). @default 1 */
  readonly timeScale?: number;
  /**
   * The datacenters to serve, one CloudAPI each (the names the app's stacks give as `datacenter`);
   * a stack that names none works in the first.
   * @default - the emulator's one datacenter
   */
  readonly datacenters?: readonly string[];
  /** How long account-wide writes take to reach the other datacenters (`--emulator-replication-delay-ms`). @default the emulator's */
  readonly replicationDelayMs?: number;
}

/** Starts the embedded emulator on loopback (free ports) with a key for every account. */
export async function startEmbeddedEmulator(options: EmbeddedEmulatorOptions): Promise<EmbeddedEmulator> {
  const dataDir = resolve(options.cwd, EMULATOR_DIR);
  const keysDir = join(dataDir, 'keys');
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const keyFiles = new Map<string, string>();
  const accounts = [...new Set(options.accounts)].map((login) => {
    const file = join(keysDir, `${login}_id_rsa`);
    keyFiles.set(login, file);
    return { login, keys: [ensureKeyPair(file, login)] };
  });
  // Loaded here, not at start-up: only runs with --emulator need the emulator.
  const { startEmulator } = await import('../emulator/index.js');
  const running = await startEmulator({
    dataDir,
    accounts,
    ...(options.consistencyWindowMs !== undefined ? { consistencyWindowMs: options.consistencyWindowMs } : {}),
    ...(options.mantaVersion !== undefined ? { mantaVersion: options.mantaVersion } : {}),
    ...(options.timing !== undefined ? { timing: options.timing } : {}),
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
    ...(options.datacenters !== undefined && options.datacenters.length > 0
      ? { datacenters: options.datacenters }
      : {}),
    ...(options.replicationDelayMs !== undefined ? { replicationDelayMs: options.replicationDelayMs } : {}),
  });
  return { running, dataDir, keyFiles, close: () => running.close() };
}

/** Returns the OpenSSH public key of the pair at `file`, generating the pair the first time. */
function ensureKeyPair(file: string, login: string): string {
  const pubFile = `${file}.pub`;
  if (!existsSync(file) || !existsSync(pubFile)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const parsed = sshpk().parsePrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'pem');
    parsed.comment = `${login}@triton-iac-emulator`;
    writeFileSync(file, parsed.toString('ssh-private'), { mode: 0o600 });
    const pub = parsed.toPublic();
    pub.comment = parsed.comment;
    writeFileSync(pubFile, `${pub.toString('ssh').trim()}\n`);
  }
  return readFileSync(pubFile, 'utf8').trim();
}

/**
 * `env` without the standard clients' connection variables (TRITON_*, SDC_*, MANTA_*), so that a
 * real cloud's key id or profile in the user's shell cannot leak into an `--emulator` run. The
 * tool's own settings (TRITON_IAC_*: the request trace, the throttle timeout) are no connection
 * settings and stay.
 */
export function withoutCloudSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([k]) => !/^(TRITON|SDC|MANTA)_/.test(k) || k.startsWith('TRITON_IAC_')),
  );
}

/** The connection overrides that point a stack of `account` at the embedded emulator. */
export function emulatorOverrides(
  emulator: EmbeddedEmulator,
  account: string,
): { cloudapiUrl: string; mantaUrl: string; account: string; keyFile: string } {
  return {
    cloudapiUrl: emulator.running.cloudapiUrl,
    mantaUrl: emulator.running.mantaUrl,
    account,
    keyFile: emulator.keyFiles.get(account)!,
  };
}
