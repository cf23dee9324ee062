/**
 * The vendor `triton` CLI pointed at a test emulator, as a user's shell would have it: a HOME whose
 * ~/.ssh holds the account key, and TRITON_* naming the emulator and that key.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { writeTestKey } from '../../../scripts/support/keys.js';
import type { TestEmulator } from './emulator.js';

const run = promisify(execFile);
const TRITON = resolve('node_modules/.bin/triton');

/** The environment and runner of the vendor CLI for one emulator. */
export interface VendorTriton {
  readonly env: NodeJS.ProcessEnv;
  /** Runs `triton ...args`; its stdout, or an error carrying its stderr. */
  triton(...args: string[]): Promise<string>;
  /** Runs `triton ...args`, which must fail; its stderr. */
  tritonFails(...args: string[]): Promise<string>;
}

/** The vendor CLI set up for `t`'s account, with a HOME made under the temp dir (`homePrefix`). */
export function vendorTriton(t: TestEmulator, homePrefix: string): VendorTriton {
  const home = mkdtempSync(join(tmpdir(), homePrefix));
  mkdirSync(join(home, '.ssh'));
  writeTestKey(t.key, 'rsa', join(home, '.ssh'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: home,
    TRITON_URL: t.emulator.cloudapiUrl,
    TRITON_ACCOUNT: 'acme',
    TRITON_KEY_ID: t.key.md5,
    TRITON_TLS_INSECURE: '1',
  };
  return {
    env,
    async triton(...args) {
      try {
        return (await run(TRITON, args, { env, timeout: 120_000 })).stdout;
      } catch (err) {
        const e = err as { stderr?: string; message: string };
        throw new Error(`triton ${args.join(' ')} failed: ${e.stderr ?? e.message}`);
      }
    },
    async tritonFails(...args) {
      try {
        await run(TRITON, args, { env, timeout: 120_000 });
      } catch (err) {
        return (err as { stderr: string }).stderr;
      }
      throw new Error(`triton ${args.join(' ')} succeeded`);
    },
  };
}
