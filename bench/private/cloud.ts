/**
 * One emulated cloud for one tool: an emulator on loopback with account `acme`, a home directory
 * whose `~/.ssh` holds the account key (both the vendor CLIs and triton-iac find it there by its
 * fingerprint), the environment both kinds of tool read, and the emulator's request counters.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.js';
import {
  createCloudApiClient,
  createMantaClient,
  loadKeyMaterial,
  type CloudApiClient,
  type MantaClient,
} from '../../provider/index.js';
import { writeTestKey, type TestKeyPair } from '../../scripts/support/keys.js';

/** Requests counted by the emulator, per service and operation. */
export interface RequestCounts {
  readonly cloudapi: Record<string, number>;
  readonly manta: Record<string, number>;
  readonly total: number;
}

/** A running emulated cloud and what a tool needs to reach it. */
export interface BenchCloud {
  readonly emulator: RunningEmulator;
  /** The tool's working directory (also its HOME). */
  readonly cwd: string;
  /** Environment for `triton`, the `manta` tools and `triton-iac`. */
  readonly env: NodeJS.ProcessEnv;
  /** Clients for out-of-band changes, signed with the account key. */
  readonly cloudapi: CloudApiClient;
  readonly manta: MantaClient;
  counts(): Promise<RequestCounts>;
  resetCounts(): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulator with `options` (latency, window, …) for account `acme`, keyed with `key`. */
export async function startCloud(key: TestKeyPair, options: EmulatorOptions): Promise<BenchCloud> {
  const emulator = await startEmulator({ accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }], ...options });
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-bench-'));
  mkdirSync(join(dir, '.ssh'), { mode: 0o700 });
  writeTestKey(key, 'rsa', join(dir, '.ssh'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'] ?? '',
    HOME: dir,
    TRITON_URL: emulator.cloudapiUrl,
    TRITON_ACCOUNT: 'acme',
    TRITON_KEY_ID: key.md5,
    TRITON_TLS_INSECURE: '1',
    MANTA_URL: emulator.mantaUrl,
    MANTA_USER: 'acme',
    MANTA_KEY_ID: key.md5,
    MANTA_TLS_INSECURE: '1',
    NO_COLOR: '1',
    // A request timeline of every triton-iac run (provider/private/request-trace.ts), when asked for.
    ...(process.env['TRITON_IAC_TRACE'] !== undefined ? { TRITON_IAC_TRACE: process.env['TRITON_IAC_TRACE'] } : {}),
  };
  const signer = loadKeyMaterial(key.privateOpenSsh);
  const cloudapi = createCloudApiClient({ url: emulator.cloudapiUrl, account: 'acme', signer });
  const manta = createMantaClient({ url: emulator.mantaUrl, account: 'acme', signer });
  const statsUrl = `${emulator.cloudapiUrl}/--emulator/stats`;
  return {
    emulator,
    cwd: dir,
    env,
    cloudapi,
    manta,
    counts: async () => (await (await fetch(statsUrl)).json()) as RequestCounts,
    resetCounts: async () => {
      await fetch(statsUrl, { method: 'DELETE' });
    },
    close: async () => {
      await Promise.all([cloudapi.close(), manta.close()]);
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
