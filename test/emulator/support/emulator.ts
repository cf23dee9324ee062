import { generateTestKey, type TestKeyPair } from '../../../scripts/support/keys.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/index.js';
import { call, type SignOptions, type TestResponse } from '../../../scripts/support/signer.js';

/** An emulator started for a test with one account `acme` and its key. */
export interface TestEmulator {
  readonly emulator: RunningEmulator;
  readonly key: TestKeyPair;
  /** Signing options for the account owner. */
  readonly owner: SignOptions;
  /** Calls CloudAPI signed as the owner (or as `as`). */
  api(
    method: string,
    path: string,
    body?: unknown,
    as?: SignOptions,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  close(): Promise<void>;
}

let sharedKey: TestKeyPair | undefined;

/** One RSA key per test file: generating keys is the slow part of starting. */
export function accountKey(): TestKeyPair {
  sharedKey ??= generateTestKey('rsa', 'acme@test');
  return sharedKey;
}

/** Starts an emulator with account `acme` (owner key from {@link accountKey}) and `options`. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const key = accountKey();
  const emulator = await startEmulator({ accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }], ...options });
  const owner: SignOptions = { keyId: `/acme/keys/${key.md5}`, key };
  return {
    emulator,
    key,
    owner,
    api: (method, path, body, as, headers) =>
      call(emulator.cloudapiUrl, method, path, {
        sign: as ?? owner,
        ...(body !== undefined ? { body } : {}),
        ...(headers !== undefined ? { headers } : {}),
      }),
    close: () => emulator.close(),
  };
}

/**
 * Reads machine `id` until `done` holds for it: a machine action is a job that ends a provisioning
 * time later (emulator/core/timing.ts), as on a real datacenter, so a test that needs its effect
 * waits for it, as the vendor CLI's `-w` does. Bounded by the test's budget, never by a duration.
 */
export async function machineWhen(
  t: TestEmulator,
  id: string,
  done: (machine: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  for (;;) {
    const machine = (await t.api('GET', `/my/machines/${id}`)).body as Record<string, unknown>;
    if (done(machine)) return machine;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
