import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyState, parseStateDocument, type StateResource } from './document.js';
import { LocalStateBackend } from './local-backend.js';
import { readHolder } from './file-lock.js';
import { putResource } from './operations.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function startChild(script: string, ...args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', join(fixtures, script), ...args], { stdio: 'pipe' });
  children.push(child);
  return child;
}

function waitForLine(child: ChildProcessWithoutNullStreams, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.split('\n').includes(line)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before printing ${line}: ${err}`)));
  });
}

const exited = (child: ChildProcessWithoutNullStreams): Promise<NodeJS.Signals | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.signalCode)
    : new Promise((resolve) => child.on('exit', (_c, signal) => resolve(signal)));

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'triton-iac-state-'));

describe('LocalStateBackend read and write', () => {
  it('has no state before the first write and stores under .triton-iac/<stack>.state.json, owner-only', async () => {
    const dir = tempDir();
    const backend = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: dir });
    expect(await backend.read()).toBeUndefined();
    const written = await backend.write(emptyState('prod', 'acme'), undefined);
    expect(backend.location).toBe(join(dir, '.triton-iac', 'prod.state.json'));
    expect(written.doc.serial).toBe(1);
    expect(statSync(backend.location).mode & 0o777).toBe(0o600);
    expect((await backend.read())!.doc).toEqual(written.doc);
  });

  it('increments the serial on every write and refuses a write based on an outdated version', async () => {
    const backend = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: tempDir() });
    const first = await backend.write(emptyState('prod', 'acme'), undefined);
    const second = await backend.write(first.doc, first.version);
    expect(second.doc.serial).toBe(2);
    await expect(backend.write(first.doc, first.version)).rejects.toMatchObject({
      code: 'STATE_CONFLICT',
      message: expect.stringMatching(/changed since it was read/),
    });
    await expect(backend.write(first.doc, undefined)).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
  });

  it('refuses to overwrite a file another writer changed after its own write, in place or replaced, even at the same size', async () => {
    const backend = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: tempDir() });
    const entry = (login: string): StateResource => ({
      address: `prod/${login}`,
      kind: 'user',
      naturalKey: login,
      serverId: null,
      properties: { login },
      writeOnly: {},
      dependsOn: [],
      updatedAt: '2026-01-01T00:00:00Z',
    });
    let last = await backend.write(putResource(emptyState('prod', 'acme'), entry('alice')), undefined);
    // Unchanged since its own write: the next write goes through (an apply's group commits).
    last = await backend.write(putResource(last.doc, entry('bobby')), last.version);
    const text = readFileSync(backend.location, 'utf8');
    // In place (the same inode), the same size: another run renamed a user.
    writeFileSync(backend.location, text.replace('"bobby"', '"carol"'));
    await expect(backend.write(last.doc, last.version)).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
    // Put back byte for byte, the file is the one it wrote again.
    writeFileSync(backend.location, text);
    last = await backend.write(last.doc, last.version);
    // Replaced by another file (a new inode) holding another document.
    const other = new LocalStateBackend({
      stack: 'prod',
      account: 'acme',
      workingDirectory: join(backend.location, '..', '..'),
    });
    const theirs = await other.read();
    await other.write(putResource(theirs!.doc, entry('dave')), theirs!.version);
    await expect(backend.write(last.doc, last.version)).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
  });

  it('refuses a corrupt state file with a recovery hint and never overwrites it', async () => {
    const dir = tempDir();
    const backend = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: dir });
    const good = await backend.write(emptyState('prod', 'acme'), undefined);
    writeFileSync(backend.location, '{"formatVersion": 1, "serial": ');
    await expect(backend.read()).rejects.toThrow(
      /state file .*prod.state.json is malformed: it is not valid JSON .* will not overwrite it. To recover, restore it/,
    );
    await expect(backend.write(good.doc, good.version)).rejects.toMatchObject({ code: 'STATE_MALFORMED' });
    expect(readFileSync(backend.location, 'utf8')).toBe('{"formatVersion": 1, "serial": ');
  });

  it('refuses a state file that belongs to another stack', async () => {
    const dir = tempDir();
    await new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: dir, path: 's.json' }).write(
      emptyState('prod', 'acme'),
      undefined,
    );
    const other = new LocalStateBackend({ stack: 'dev', account: 'acme', workingDirectory: dir, path: 's.json' });
    await expect(other.read()).rejects.toThrow(/belongs to stack prod of account acme, not stack dev of account acme/);
  });

  it('refuses a stack name that cannot be a file name', () => {
    expect(() => new LocalStateBackend({ stack: '../etc', account: 'a' })).toThrow(
      /stack name "..\/etc" must start with a letter or a digit .*; it cannot name a state file/,
    );
  });

  it('leaves a valid state file at every moment, even when the writer is killed mid-write', async () => {
    const dir = tempDir();
    const path = join(dir, '.triton-iac', 'crash.state.json');
    let lastSerial = 0;
    for (let kill = 0; kill < 3; kill++) {
      const child = startChild('state-writer.ts', dir, '500', '4000');
      await waitForLine(child, 'wrote');
      // Read while the child keeps writing; every read must parse. Kill once it has moved on a few writes.
      for (let reads = 0; reads < 10_000; reads++) {
        const doc = parseStateDocument(readFileSync(path, 'utf8'), path);
        expect(doc.resources).toHaveLength(4000);
        if (doc.serial >= lastSerial + 3) break;
        await new Promise((r) => setImmediate(r));
      }
      child.kill('SIGKILL');
      expect(await exited(child)).toBe('SIGKILL');
      const after = parseStateDocument(readFileSync(path, 'utf8'), path);
      expect(after.serial).toBeGreaterThan(lastSerial);
      lastSerial = after.serial;
    }
    // Only whole files were ever renamed into place; a killed writer may leave its dot-temp file behind.
    expect(readdirSync(join(dir, '.triton-iac')).filter((f) => !f.startsWith('.'))).toEqual(['crash.state.json']);
  });

  it('takes a document parsed moments ago only while the file still holds that text, and only once', async () => {
    const dir = tempDir();
    const writer = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: dir });
    await writer.write(emptyState('prod', 'acme'), undefined);
    const text = readFileSync(writer.location, 'utf8');
    // A stand-in document that differs from the file's: whichever read returns it took the parse given.
    const given = { ...parseStateDocument(text, writer.location), serial: 99 };
    const parsed = { location: writer.location, text, doc: given };
    const taking = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: dir, parsed });
    expect((await taking.read())!.doc).toBe(given);
    expect((await taking.read())!.doc.serial).toBe(1);

    const stale = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: dir, parsed });
    await writer.write((await writer.read())!.doc, (await writer.read())!.version);
    expect((await stale.read())!.doc.serial).toBe(2);
  });

  it('keeps resources sorted by address', async () => {
    const backend = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: tempDir() });
    const entry = (address: string) => ({
      address,
      kind: 'role' as const,
      naturalKey: address,
      serverId: null,
      properties: {},
      writeOnly: {},
      dependsOn: [],
      updatedAt: 't',
    });
    const doc = putResource(putResource(emptyState('prod', 'acme'), entry('prod/b')), entry('prod/a'));
    expect((await backend.write(doc, undefined)).doc.resources.map((r) => r.address)).toEqual(['prod/a', 'prod/b']);
  });
});

describe('LocalStateBackend lock', () => {
  it("names the holder's pid, host, command and age when another process holds the lock", async () => {
    const dir = tempDir();
    const child = startChild('lock-holder.ts', dir);
    await waitForLine(child, 'locked');
    const backend = new LocalStateBackend({ stack: 'locked', account: 'acme', workingDirectory: dir });
    const attempt = backend.lock({ command: 'triton-iac plan' });
    await expect(attempt).rejects.toMatchObject({ code: 'STATE_LOCKED' });
    await expect(backend.lock({ command: 'triton-iac plan' })).rejects.toThrow(
      new RegExp(
        `is locked by pid ${child.pid} on host ${hostname()} running "triton-iac apply --child" since \\S+ \\(held for \\d+s\\)`,
      ),
    );
  });

  it('waits up to lockTimeoutMs and gets the lock once the holder releases it', async () => {
    const dir = tempDir();
    const child = startChild('lock-holder.ts', dir);
    await waitForLine(child, 'locked');
    const backend = new LocalStateBackend({
      stack: 'locked',
      account: 'acme',
      workingDirectory: dir,
      lock: { pollMs: 20 },
    });
    const waiting = backend.lock({ command: 'triton-iac apply', lockTimeoutMs: 20_000 });
    const released = waitForLine(child, 'released');
    child.stdin.write('release\n');
    await released;
    await waiting;
    const holder = await readHolder(backend.lockPath);
    expect(holder).toMatchObject({ pid: process.pid, command: 'triton-iac apply' });
    await backend.unlock();
    expect(await readHolder(backend.lockPath)).toBeUndefined();
  });

  it('takes over a lock whose holder on this host has died', async () => {
    const dir = tempDir();
    const child = startChild('lock-holder.ts', dir);
    await waitForLine(child, 'locked');
    child.kill('SIGKILL');
    await exited(child);
    const backend = new LocalStateBackend({ stack: 'locked', account: 'acme', workingDirectory: dir });
    await backend.lock({ command: 'triton-iac apply' });
    expect(await readHolder(backend.lockPath)).toMatchObject({ pid: process.pid });
    await backend.unlock();
  });

  it('excludes a second holder in the same process and never releases a lock it does not hold', async () => {
    const dir = tempDir();
    const a = new LocalStateBackend({ stack: 'p', account: 'acme', workingDirectory: dir });
    const b = new LocalStateBackend({ stack: 'p', account: 'acme', workingDirectory: dir });
    await a.lock({ command: 'one' });
    await expect(b.lock({ command: 'two' })).rejects.toMatchObject({ code: 'STATE_LOCKED' });
    await b.unlock();
    expect(await readHolder(a.lockPath)).toMatchObject({ command: 'one' });
    await a.unlock();
  });

  it('reports a damaged lock file instead of breaking it', async () => {
    const dir = tempDir();
    const backend = new LocalStateBackend({ stack: 'p', account: 'acme', workingDirectory: dir });
    await backend.lock({ command: 'x' });
    writeFileSync(backend.lockPath, 'garbage');
    const other = new LocalStateBackend({ stack: 'p', account: 'acme', workingDirectory: dir });
    await expect(other.lock({ command: 'y' })).rejects.toThrow(
      /the lock file .* is damaged. If no triton-iac run is active, remove/,
    );
  });
});

describe('LocalStateBackend guards', () => {
  it("refuses to write another stack's document into this stack's file", async () => {
    const backend = new LocalStateBackend({ stack: 'prod', account: 'acme', workingDirectory: tempDir() });
    await expect(backend.write(emptyState('dev', 'acme'), undefined)).rejects.toThrow(
      /refusing to write the state of stack dev of account acme to .*prod.state.json/,
    );
  });
});
