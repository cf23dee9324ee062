/**
 * The start of most integration tests: a real emulator on loopback with one account whose owner
 * key is generated for the test, and the real CloudAPI and Manta clients signing with that key.
 * Test-specific helpers (the handler context, the engine's stack) build on this one.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.js';
import {
  createCloudApiClient,
  createMantaClient,
  loadKeyMaterial,
  type CloudApiClient,
  type MantaClient,
  type Signer,
} from '../../provider/index.js';
import { generateTestKey, type TestKeyPair, type TestKeyType } from '../../scripts/support/keys.js';

/** Options for {@link startAccountWorld}: the emulator's own options plus who the owner is. */
export interface AccountWorldOptions extends EmulatorOptions {
  /** The account's login. @default 'acme' */
  readonly account?: string;
  /** The owner's key. @default a fresh key of {@link AccountWorldOptions.keyType} */
  readonly ownerKey?: TestKeyPair;
  /** The type of the generated owner key (ignored when `ownerKey` is given). @default 'rsa' */
  readonly keyType?: TestKeyType;
}

/** A running emulator with one account and clients signed as its owner. */
export interface AccountWorld {
  readonly emulator: RunningEmulator;
  /** The account's login. */
  readonly account: string;
  readonly ownerKey: TestKeyPair;
  /** The owner's signer, for building further clients (other options, other versions). */
  readonly signer: Signer;
  readonly cloudapi: CloudApiClient;
  readonly manta: MantaClient;
  /** Closes both clients, then the emulator. */
  close(): Promise<void>;
}

/**
 * Starts an emulator whose only account is `options.account`, owned by a key generated for the
 * test, and connects both clients to it. `options.accounts`, when given, replaces the account list
 * (the owner's account is still the one the clients sign for).
 */
export async function startAccountWorld(options: AccountWorldOptions = {}): Promise<AccountWorld> {
  const { account = 'acme', ownerKey: givenKey, keyType = 'rsa', ...emulatorOptions } = options;
  const ownerKey = givenKey ?? generateTestKey(keyType, `owner@${account}`);
  const emulator = await startEmulator({
    accounts: [{ login: account, keys: [ownerKey.publicOpenSsh] }],
    ...emulatorOptions,
  });
  const signer = loadKeyMaterial(ownerKey.privateOpenSsh);
  const cloudapi = createCloudApiClient({ url: emulator.cloudapiUrl, account, signer });
  const manta = createMantaClient({ url: emulator.mantaUrl, account, signer });
  return {
    emulator,
    account,
    ownerKey,
    signer,
    cloudapi,
    manta,
    async close() {
      await Promise.all([cloudapi.close(), manta.close()]);
      await emulator.close();
    },
  };
}
