/**
 * Looks at the cloud the CLI's `--emulator` left in a working directory with the vendor `triton`
 * CLI (node_modules/.bin/triton), as a person checking the result by hand would: the emulator is
 * started on the same data, and `triton` signs with the account's key from a private HOME.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sshpk from 'sshpk';
import { startEmbeddedEmulator } from '../../../cli/embedded-emulator.js';
import { REPO } from './cli.js';

const run = promisify(execFile);
const TRITON = join(REPO, 'node_modules', '.bin', 'triton');

/** Runs `body` with a `triton(...args)` that returns the vendor CLI's standard output. */
export async function withVendorTriton<T>(
  cwd: string,
  account: string,
  body: (triton: (...args: string[]) => Promise<string>) => Promise<T>,
): Promise<T> {
  const emulator = await startEmbeddedEmulator({ cwd, accounts: [account] });
  try {
    const home = join(cwd, '.vendor-home');
    mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 });
    const keyFile = emulator.keyFiles.get(account)!;
    copyFileSync(keyFile, join(home, '.ssh', 'id_rsa'));
    copyFileSync(`${keyFile}.pub`, join(home, '.ssh', 'id_rsa.pub'));
    const md5 = sshpk.parsePrivateKey(readFileSync(keyFile, 'utf8'), 'auto').fingerprint('md5').toString();
    const env = {
      PATH: process.env['PATH'] ?? '',
      HOME: home,
      TRITON_URL: emulator.running.cloudapiUrl,
      TRITON_ACCOUNT: account,
      TRITON_KEY_ID: md5,
      TRITON_TLS_INSECURE: '1',
    };
    return await body(async (...args) => {
      try {
        return (await run(TRITON, args, { env, timeout: 120_000 })).stdout;
      } catch (error) {
        const e = error as { stderr?: string; message: string };
        throw new Error(`triton ${args.join(' ')} failed: ${e.stderr ?? e.message}`);
      }
    });
  } finally {
    await emulator.close();
  }
}
