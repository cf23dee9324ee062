/**
 * Reaches into the cloud the CLI's `--emulator` left in a working directory, between two commands,
 * as a person with the account's key would: to change something out of band, or to look up ids.
 */
import { startEmbeddedEmulator } from '../../../cli/embedded-emulator.js';
import {
  createCloudApiClient,
  createMantaClient,
  resolveConfig,
  type CloudApiClient,
  type MantaClient,
} from '../../../provider/index.js';

/** Runs `body` with clients signed by `account`'s emulator key in `cwd`'s `.triton-iac/emulator`. */
export async function withCloud<T>(
  cwd: string,
  account: string,
  body: (c: { cloudapi: CloudApiClient; manta: MantaClient }) => Promise<T>,
): Promise<T> {
  const emulator = await startEmbeddedEmulator({ cwd, accounts: [account] });
  try {
    const config = await resolveConfig({
      url: emulator.running.cloudapiUrl,
      account,
      keyFile: emulator.keyFiles.get(account)!,
      manta: { url: emulator.running.mantaUrl },
      useAgent: false,
      env: {},
      home: cwd,
    });
    const cloudapi = createCloudApiClient(config.cloudapi!);
    const manta = createMantaClient(config.manta!);
    try {
      return await body({ cloudapi, manta });
    } finally {
      await Promise.all([cloudapi.close(), manta.close()]);
    }
  } finally {
    await emulator.close();
  }
}
