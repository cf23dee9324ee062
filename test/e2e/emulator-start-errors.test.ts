/**
 * `triton-iac emulator` that cannot start says why in terms the person can act on (which port or
 * file, what is wrong, what to do) and exits non-zero: a taken port or a damaged data file is not a
 * bug to report.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Policy, TritonApp, TritonStack } from '../../index.js';
import { projectDir, runCli, stopClis } from './support/cli.js';

const SLOW = 180_000;
const dirs: string[] = [];
const servers: Server[] = [];

afterEach(async () => {
  await stopClis();
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function workDir(): string {
  const dir = projectDir();
  dirs.push(dir);
  return dir;
}

/** A port that another process (this test) listens on. */
async function takenPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

describe('triton-iac emulator, when it cannot start', () => {
  it(
    'names a port in use and the flag to pick another, and exits 1',
    async () => {
      const port = await takenPort();
      const cwd = workDir();
      const cloudapi = await runCli(['emulator', '--account', 'acme', '--port', String(port)], { cwd });
      expect(cloudapi.code).toBe(1);
      expect(cloudapi.stderr).toContain(
        `cannot start the emulator: the CloudAPI port ${port} on 127.0.0.1 is already in use by another process; pick another with --port N (--port 0 picks a free one), or stop the process that listens on ${port}.`,
      );
      expect(cloudapi.stderr).not.toMatch(/report it|unexpected/);
      expect(cloudapi.stdout).toBe('');

      const mantaSide = await runCli(['emulator', '--account', 'acme', '--manta-port', String(port)], { cwd });
      expect(mantaSide.code).toBe(1);
      expect(mantaSide.stderr).toContain(`the Manta port ${port} on 127.0.0.1 is already in use`);
      expect(mantaSide.stderr).toContain('--manta-port N');
      expect(mantaSide.stderr).not.toMatch(/report it|unexpected/);
    },
    SLOW,
  );

  it(
    'names a truncated data file and what to do with it, leaves it as it was, and exits 1',
    async () => {
      const cwd = workDir();
      const dataDir = join(cwd, 'state');
      mkdirSync(dataDir);
      const identity = join(dataDir, 'identity.json');
      writeFileSync(identity, '{"accounts": [{"login": "ac');
      const r = await runCli(['emulator', '--data-dir', dataDir], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`cannot start the emulator: the data file ${identity} is not valid JSON (`);
      expect(r.stderr).toContain('move that file out of the data directory');
      expect(r.stderr).toContain('or start with a fresh --data-dir');
      expect(r.stderr).not.toMatch(/report it|unexpected/);
      expect(readFileSync(identity, 'utf8')).toBe('{"accounts": [{"login": "ac');
    },
    SLOW,
  );

  it(
    'names a Manta data file that is valid JSON but not the saved state',
    async () => {
      const cwd = workDir();
      const dataDir = join(cwd, 'state');
      mkdirSync(join(dataDir, 'manta'), { recursive: true });
      const namespace = join(dataDir, 'manta', 'namespace.json');
      writeFileSync(namespace, '{"entries": 42}\n');
      const r = await runCli(['emulator', '--account', 'acme', '--data-dir', dataDir], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`the data file ${namespace} does not hold the emulator's saved state (`);
      expect(r.stderr).not.toMatch(/report it|unexpected/);
    },
    SLOW,
  );

  it(
    'names a damaged data file of the emulator a command embeds (--emulator), not a bug to report',
    async () => {
      const cwd = workDir();
      const app = new TritonApp({ generator: 'test' });
      new Policy(new TritonStack(app, 'prod', { account: 'acme' }), 'p', { rules: ['CAN getmachine'] });
      writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
      const dataDir = join(cwd, '.triton-iac', 'emulator');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'identity.json'), '{"accounts": [');
      const r = await runCli(['plan', '--emulator', 'app.json'], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`the data file ${join(dataDir, 'identity.json')} is not valid JSON`);
      expect(r.stderr).toContain("The emulator's saved data is damaged (for --emulator, in .triton-iac/emulator)");
      expect(r.stderr).not.toMatch(/report it|unexpected/);
    },
    SLOW,
  );
});
