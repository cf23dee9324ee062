/**
 * Sub-users for access tests: each made by the owner with its own generated key, and a CloudAPI
 * client signed as it, so what a test checks is what the server decides for that user.
 */
import { createCloudApiClient, loadKeyMaterial, type CloudApiClient } from '../../provider/index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import type { AccountWorld } from './world.js';

/**
 * Creates each of `logins` as a sub-user of `world`'s account with a fresh ed25519 key.
 * @returns a client signed as each sub-user, by login (the caller closes them)
 */
export async function addSubUsers(
  world: AccountWorld,
  logins: readonly string[],
): Promise<Map<string, CloudApiClient>> {
  const clients = new Map<string, CloudApiClient>();
  for (const login of logins) {
    const key = generateTestKey('ed25519', `${login}@${world.account}`);
    await world.cloudapi.createUser({ login, email: `${login}@${world.account}.example`, password: 'secret123' });
    await world.cloudapi.createUserKey(login, { key: key.publicOpenSsh });
    clients.set(
      login,
      createCloudApiClient({
        url: world.emulator.cloudapiUrl,
        account: world.account,
        user: login,
        signer: loadKeyMaterial(key.privateOpenSsh),
      }),
    );
  }
  return clients;
}
