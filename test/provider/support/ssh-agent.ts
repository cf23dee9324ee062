/**
 * Starts a real `ssh-agent -D -a <socket>` for one test file and adds keys with `ssh-add`.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A running agent. */
export interface TestAgent {
  readonly socket: string;
  /** Adds a private key file (mode 0600) to the agent. */
  add(path: string): void;
  stop(): Promise<void>;
}

/** Starts the agent and waits (bounded) for its socket. */
export async function startAgent(): Promise<TestAgent> {
  const socket = join(mkdtempSync(join(tmpdir(), 'triton-iac-agent-')), 'agent.sock');
  const child: ChildProcess = spawn('ssh-agent', ['-D', '-a', socket], { stdio: 'ignore' });
  for (let i = 0; i < 5000 && !existsSync(socket); i += 1) await sleep(20); // a budget far past any load
  if (!existsSync(socket)) {
    child.kill();
    throw new Error(`ssh-agent did not create ${socket}`);
  }
  return {
    socket,
    add: (path) => {
      execFileSync('ssh-add', ['-q', path], { env: { ...process.env, SSH_AUTH_SOCK: socket }, stdio: 'pipe' });
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
