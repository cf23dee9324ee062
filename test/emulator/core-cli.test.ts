import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startEmulator } from '../../emulator/index.js';
import { call, signatureHeaders } from '../../scripts/support/signer.js';

const MAIN = resolve('cli/main.ts');
const DRIVER = `import(${JSON.stringify(MAIN)}).then((m) => m.main(process.argv.slice(1))).then((c) => { process.exitCode = c; })`;

/** Starts `triton-iac emulator ARGS` as a child process and resolves with its first stdout line. */
function startCli(args: string[]): {
  firstLine: Promise<string>;
  exit: Promise<number | null>;
  stop: () => void;
  stderr: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', DRIVER, 'emulator', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolveLine, reject) => {
    lines.once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code} before it was ready: ${stderr}`)));
  });
  const exit = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { firstLine, exit, stop: () => child.kill('SIGTERM'), stderr: () => stderr };
}

describe('triton-iac emulator', () => {
  it('prints one JSON ready line, serves the given account and key, and saves its state on SIGTERM', async () => {
    const key = generateTestKey('ed25519', 'cli@test');
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-'));
    const pub = join(dir, 'acme.pub');
    writeFileSync(pub, `${key.publicOpenSsh}\n`);
    const cli = startCli([
      '--json',
      '--account',
      'acme',
      '--key',
      `acme=${pub}`,
      '--data-dir',
      join(dir, 'state'),
      '--seed',
      '5',
    ]);
    try {
      const ready = JSON.parse(await cli.firstLine);
      expect(ready).toMatchObject({ accounts: [{ login: 'acme', keys: [key.md5] }], dataDir: join(dir, 'state') });
      expect(ready.cloudapiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.mantaUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const sign = { keyId: `/acme/keys/${key.md5}`, key };
      const created = await call(ready.cloudapiUrl, 'POST', '/my/users', {
        sign,
        body: { login: 'kept', email: 'kept@example.com', password: 'secret123' },
      });
      expect(created.status).toBe(201);
    } finally {
      cli.stop();
    }
    expect(await cli.exit).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'state', 'identity.json'), 'utf8'));
    expect(saved.accounts[0].users.map((u: { login: string }) => u.login)).toEqual(['kept']);
  });

  it('names a bad flag value and exits 1', () => {
    let message = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '-e', DRIVER, 'emulator', '--fault-rate', '2'], {
        stdio: 'pipe',
      });
    } catch (err) {
      message = String((err as { stderr: Buffer }).stderr);
      expect((err as { status: number }).status).toBe(1);
    }
    expect(message).toContain('--fault-rate "2" must be a number from 0 to 1');
  });

  it('refuses --manta-monitor when the Manta port leaves no port 800 above it', () => {
    let message = '';
    try {
      const args = ['emulator', '--manta-monitor', '--manta-port', '65000'];
      execFileSync(process.execPath, ['--import', 'tsx', '-e', DRIVER, ...args], { stdio: 'pipe' });
    } catch (err) {
      message = String((err as { stderr: Buffer }).stderr);
      expect((err as { status: number }).status).toBe(1);
    }
    expect(message).toContain('--manta-port 65000 leaves no such port; give --manta-port 64735 or lower');
  });
});

describe('TLS', () => {
  it('serves HTTPS on both listeners when given a certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const key = generateTestKey('ed25519');
    const em = await startEmulator({
      accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }],
      tls: { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') },
    });
    const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
    try {
      expect(em.cloudapiUrl).toMatch(/^https:/);
      expect(em.mantaUrl).toMatch(/^https:/);
      const res = await request(`${em.cloudapiUrl}/my`, {
        dispatcher,
        headers: signatureHeaders('GET', '/my', { keyId: `/acme/keys/${key.md5}`, key }),
      });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { login: string }).login).toBe('acme');
    } finally {
      await dispatcher.close();
      await em.close();
    }
  });
});
