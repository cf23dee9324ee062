/**
 * Changes an account the CLI's `--emulator` left in a working directory the way someone working by
 * hand would: with the vendor `triton` CLI (keys, sub-users, policies, roles), and, for the role tags
 * of a CloudAPI collection (which the vendor CLI cannot set), with a plain signed SetRoleTags request
 * from the account's own key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sshpk from 'sshpk';
import { emulatorOverrides, startEmbeddedEmulator } from '../../../cli/embedded-emulator.js';
import { closeClients, connectStack } from '../../../cli/private/engine.js';
import { withVendorTriton } from './vendor-triton.js';

/** A fresh OpenSSH public key line, written to `dir/name.pub`; returns the file. */
export function publicKeyFile(dir: string, name: string): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const line = sshpk.parseKey(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'pem').toString('ssh');
  const file = join(dir, `${name}.pub`);
  writeFileSync(file, `${line} ${name}\n`);
  return file;
}

/** Writes `body` as JSON to `dir/name.json` (the file `triton rbac ... -a FILE` reads); returns the file. */
export function jsonFile(dir: string, name: string, body: object): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

/** Sets the role tags of `path` in `account` directly (what `triton` cannot do for a collection). */
export async function setRoleTagsByHand(
  cwd: string,
  account: string,
  path: string,
  roles: readonly string[],
): Promise<void> {
  const emulator = await startEmbeddedEmulator({ cwd, accounts: [account] });
  try {
    const clients = await connectStack(
      { name: 'by-hand', account, resources: [] } as unknown as Parameters<typeof connectStack>[0],
      { env: {}, overrides: emulatorOverrides(emulator, account) },
    );
    try {
      await clients.cloudapi.setRoleTags(path, roles);
    } finally {
      await closeClients(clients);
    }
  } finally {
    await emulator.close();
  }
}

export { withVendorTriton };
