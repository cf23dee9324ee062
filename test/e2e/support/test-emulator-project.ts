/**
 * A working directory for the binary pointed at a test emulator (`startTestEmulator`), as a user's
 * shell would have it: the account key in `~/.ssh` (HOME is the directory) and TRITON_* naming the
 * emulator and that key.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeTestKey } from '../../../scripts/support/keys.js';
import type { TestEmulator } from '../../emulator/support/emulator.js';
import { projectDir } from './cli.js';

/**
 * A fresh directory whose app is `app` (relative to the repository), and the environment for `t`,
 * which tells triton-iac the emulator's consistency window (the default, a real cloud's 15 s, has
 * a plan after an apply wait that long for nothing against an emulator without one).
 */
export function projectAgainst(t: TestEmulator, app: string): { cwd: string; env: Record<string, string> } {
  const cwd = projectDir(app);
  mkdirSync(join(cwd, '.ssh'), { mode: 0o700 });
  writeTestKey(t.key, 'rsa', join(cwd, '.ssh'));
  return {
    cwd,
    env: {
      TRITON_URL: t.emulator.cloudapiUrl,
      TRITON_KEY_ID: t.key.md5,
      TRITON_TLS_INSECURE: '1',
      TRITON_IAC_CONSISTENCY_WINDOW_MS: String(t.emulator.context.consistency.windowMs),
    },
  };
}
