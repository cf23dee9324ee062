/**
 * `triton-iac emulator --datacenter NAME ...` (issue 44): the ready line lists each datacenter's
 * CloudAPI, bad names are refused naming the flag, and the data directory keeps each datacenter's
 * objects apart (`datacenters/<name>/`) and the account-wide ones shared across a restart.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startEmulator } from '../../emulator/index.js';
import { call } from '../../scripts/support/signer.js';
import { main } from '../../cli/main.js';

const MAIN = resolve('cli/main.ts');
const DRIVER = `import(${JSON.stringify(MAIN)}).then((m) => m.main(process.argv.slice(1))).then((c) => { process.exitCode = c; })`;
const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** Runs `triton-iac emulator ARGS` in this process, which must refuse them: its exit code and stderr. */
async function refused(args: string[]): Promise<{ status: number; stderr: string }> {
  let stderr = '';
  const sink = (write: (text: string) => void): NodeJS.WritableStream =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        write(chunk.toString());
        done();
      },
    });
  const io = { stdout: sink(() => undefined), stderr: sink((t) => (stderr += t)), env: {}, cwd: tmpdir() };
  const status = await main(['emulator', ...args], io);
  return { status, stderr };
}

describe('triton-iac emulator --datacenter', () => {
  it("lists each datacenter in the JSON ready line and keeps each one's objects in its own data folder", async () => {
    const key = generateTestKey('ed25519', 'dc-cli@test');
    const dir = mkdtempSync(join(tmpdir(), 'emu-dc-cli-'));
    const pub = join(dir, 'acme.pub');
    writeFileSync(pub, `${key.publicOpenSsh}\n`);
    const state = join(dir, 'state');
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', '-e', DRIVER, 'emulator', '--json', '--account', 'acme', '--key', `acme=${pub}`],
        ...['--datacenter', 'us-east-1', '--datacenter', 'us-west-1', '--replication-delay-ms', '0'],
        ...['--no-fixture-machines', '--timing', 'fast', '--data-dir', state],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exit = new Promise<number | null>((done) => child.once('exit', done));
    const sign = { keyId: `/acme/keys/${key.md5}`, key };
    try {
      const line = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout }).once('line', done);
        child.once('exit', (code) => fail(new Error(`emulator exited with ${code}: ${stderr}`)));
      });
      const ready = JSON.parse(line);
      expect(ready.datacenters.map((d: { name: string }) => d.name)).toEqual(['us-east-1', 'us-west-1']);
      expect(ready.datacenters[0].cloudapiUrl).toBe(ready.cloudapiUrl);
      const west: string = ready.datacenters[1].cloudapiUrl;
      expect(west).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const made = await call(west, 'POST', '/my/machines', { sign, body: { image: IMAGE, package: 'g4-highcpu-1G' } });
      expect(made.status).toBe(201);
      const user = { login: 'kept', email: 'kept@example.com', password: 'secret123' };
      expect((await call(ready.cloudapiUrl, 'POST', '/my/users', { sign, body: user })).status).toBe(201);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
    expect(existsSync(join(state, 'identity.json'))).toBe(true);
    expect(existsSync(join(state, 'datacenters', 'us-west-1', 'cloudapi.json'))).toBe(true);

    const again = await startEmulator({
      dataDir: state,
      datacenters: ['us-east-1', 'us-west-1'],
      demoAccount: false,
      fixtureMachines: false,
    });
    try {
      const [east, west] = again.datacenters.map((d) => d.cloudapiUrl);
      const names = async (url: string, path: string): Promise<string[]> =>
        ((await call(url, 'GET', path, { sign })).body as { name?: string; login?: string }[]).map(
          (o) => o.login ?? o.name ?? '',
        );
      expect(await names(west!, '/my/machines')).toHaveLength(1);
      expect(await names(east!, '/my/machines')).toEqual([]);
      expect(await names(east!, '/my/users')).toEqual(['kept']);
      expect(await names(west!, '/my/users')).toEqual(['kept']);
    } finally {
      await again.close();
    }
  });

  it('refuses a repeated or unusable datacenter name, and a replication delay without datacenters', async () => {
    const twice = await refused(['--datacenter', 'us-east-1', '--datacenter', 'us-east-1']);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toContain('--datacenter "us-east-1" (number 2) is refused: each datacenter is named once');
    await expect(startEmulator({ datacenters: ['us-east-1', '../etc'], demoAccount: false })).rejects.toMatchObject({
      code: 'EMULATOR_DATACENTER_INVALID',
      message: expect.stringContaining('datacenters[1] "../etc" is refused'),
    });
    expect((await refused(['--replication-delay-ms', '3000'])).stderr).toContain(
      '--replication-delay-ms 3000 needs two or more datacenters',
    );
  });
});
