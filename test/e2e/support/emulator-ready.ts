/** Waiting for a `triton-iac emulator` child to be ready, on its output (an event, not a delay). */
import type { ChildProcess } from 'node:child_process';

/** The emulator's ready output, and its standard error as it grows. */
export interface EmulatorReady {
  /** Standard output up to and including the last `export` line. */
  readonly stdout: string;
  /** Standard error so far (warnings come before the ready lines). */
  stderr(): string;
}

/**
 * Reads the child's output until its last ready line (`export MANTA_URL=…`).
 * @throws Error with everything it printed when it exits before that.
 */
export async function emulatorReady(child: ChildProcess): Promise<EmulatorReady> {
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  let stdout = '';
  for await (const chunk of child.stdout!) {
    stdout += (chunk as Buffer).toString();
    if (/^export MANTA_URL=.*$/m.test(stdout)) return { stdout, stderr: () => stderr };
  }
  throw new Error(`the emulator exited before it was ready: ${stdout}${stderr}`);
}
