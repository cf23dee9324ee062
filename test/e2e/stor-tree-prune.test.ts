/**
 * `StorTree` pruning and what a stack writes into it (issue 40), as a user runs it: the real binary
 * against the emulator, the object store looked at with the vendor `mfind` and `mls`, and changed
 * behind the tool's back as `mput -p` would:
 *
 * - `delete: true` prunes every directory of the tree, at any depth, and a directory the folder
 *   lacks goes with its whole subtree, children first (as `msync -d`);
 * - an access key's secret handed over into the tree is the stack's: never pruned, never reported
 *   unmanaged, and deleted with its key, so destroy succeeds;
 * - a file replaced by a folder of the same name, and back, in one apply each;
 * - a file name that is not valid UTF-8 is a synth error naming it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO } from './support/cli.js';
import { proxiedCloudsPerTest, type ProxiedCloud } from './support/proxied-cloud.js';

const run = promisify(execFile);
const cloud = proxiedCloudsPerTest();
const LIBRARY = JSON.stringify(join(REPO, 'index.ts'));
/** The emulator has no consistency window: a plan right after an apply need not wait one out. */
const W0 = ['--consistency-window-ms', '0'];

/** Runs a vendor `manta` tool against the emulator with the account's key; its stdout lines. */
async function manta(c: ProxiedCloud, tool: string, ...args: string[]): Promise<string[]> {
  const { stdout } = await run(process.execPath, [join(REPO, 'node_modules', 'manta', 'bin', tool), ...args], {
    env: { PATH: process.env['PATH'] ?? '', HOME: c.cwd, ...c.env },
    timeout: 120_000,
  });
  return stdout.split('\n').filter((l) => l !== '');
}

/** Writes `files` (relative path to content) under the project's `site/`. */
function writeFiles(c: ProxiedCloud, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(c.cwd, 'site', path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
}

/** The app: the tree of `site/` mirrored to `/acme/stor/site` with `delete: true`, and `more` (source lines). */
function writeApp(c: ProxiedCloud, more = ''): void {
  writeFileSync(join(c.cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.ts' }));
  writeFileSync(
    join(c.cwd, 'app.ts'),
    `import { AccessKey, SnapLink, StorObject, StorTree, TritonApp, TritonStack } from ${LIBRARY};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'web', { account: 'acme' });
  const tree = new StorTree(stack, 'site', { source: 'site', path: '~~/stor/site', delete: true });
  ${more}
  return app;
};
`,
  );
}

/** Puts `content` at `path` by hand, as `mput -p` does (parents made), through the test's own client. */
async function putByHand(c: ProxiedCloud, path: string, content = 'put by hand\n'): Promise<void> {
  await c.world.clients.manta.makeDirectories(path.slice(0, path.lastIndexOf('/')));
  await c.world.clients.manta.putObject(path, content);
}

describe('StorTree pruning', () => {
  it('prunes every directory of the tree at any depth, and a directory the folder lacks with all it holds', async () => {
    const c = await cloud();
    writeFiles(c, { 'a/b/f.txt': 'f\n', 'top.txt': 'top\n' });
    writeApp(c);
    const first = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(first.code, first.stderr).toBe(0);

    // Objects the folder lacks: in a directory that holds only folders, at the top, and a whole
    // subtree the folder does not have (a directory holding a directory and objects).
    await putByHand(c, '/acme/stor/site/a/rogue.txt');
    await putByHand(c, '/acme/stor/site/rogue-top.txt');
    await putByHand(c, '/acme/stor/site/a/b/deep-rogue.txt');
    await putByHand(c, '/acme/stor/site/gone/x/y.txt');
    await putByHand(c, '/acme/stor/site/gone/z.txt');
    const plan = await c.cli(['plan', '--detailed-exitcode', '--verbose', ...W0]);
    expect(plan.code, plan.stderr).toBe(2);
    for (const path of ['a/rogue.txt', 'rogue-top.txt', 'a/b/deep-rogue.txt', 'gone/x/y.txt', 'gone/z.txt'])
      expect(plan.stdout).toContain(
        `# ~unmanaged/object//acme/stor/site/${path} (object /acme/stor/site/${path}) will be destroyed`,
      );
    for (const dir of ['gone', 'gone/x'])
      expect(plan.stdout).toContain(
        `# ~unmanaged/directory//acme/stor/site/${dir} (directory /acme/stor/site/${dir}) will be destroyed`,
      );
    expect(plan.stdout).toContain('0 to add, 0 to change, 0 to replace, 7 to destroy');

    const apply = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect((await manta(c, 'mfind', '/acme/stor/site')).sort()).toEqual([
      '/acme/stor/site/a',
      '/acme/stor/site/a/b',
      '/acme/stor/site/a/b/f.txt',
      '/acme/stor/site/top.txt',
    ]);
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);

    // Destroy deletes what others put in the tree's directories too (it would fail on them), saying so.
    await putByHand(c, '/acme/stor/site/a/b/late/stray.txt');
    const destroyPlan = await c.cli(['plan', '--destroy', ...W0]);
    expect(destroyPlan.stdout).toContain(
      '# ~unmanaged/object//acme/stor/site/a/b/late/stray.txt (object /acme/stor/site/a/b/late/stray.txt) will be destroyed',
    );
    const destroy = await c.cli(['destroy', '--auto-approve', ...W0]);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(await manta(c, 'mls', '/acme/stor')).toEqual([]);
  });

  it('keeps the secret an access key handed over into the tree, never reports it, and deletes it with its key at destroy', async () => {
    const c = await cloud();
    writeFiles(c, { 'index.html': '<h1>home</h1>\n', 'keys/README.txt': 'keys go here\n' });
    writeApp(
      c,
      "new AccessKey(stack, 'ci', { description: 'site uploads', secretTo: { object: '~~/stor/site/keys/ci.json' } });",
    );
    const first = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect((await manta(c, 'mfind', '/acme/stor/site')).sort()).toEqual([
      '/acme/stor/site/index.html',
      '/acme/stor/site/keys',
      '/acme/stor/site/keys/README.txt',
      '/acme/stor/site/keys/ci.json',
    ]);

    // The next plan neither deletes the secret nor its directory, and drift does not report them.
    const plan = await c.cli(['plan', '--detailed-exitcode', ...W0]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const drift = await c.cli(['drift', '--json', ...W0]);
    expect(drift.code, drift.stdout + drift.stderr).toBe(0);
    expect((JSON.parse(drift.stdout) as { unmanaged: unknown[] }).unmanaged).toEqual([]);
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await manta(c, 'mls', '/acme/stor/site/keys')).toEqual(['README.txt', 'ci.json']);

    // Destroy says it deletes the secret with its key, and succeeds: nothing is left.
    const destroyPlan = await c.cli(['plan', '--destroy', ...W0]);
    expect(destroyPlan.stdout).toContain(
      '# ~unmanaged/object//acme/stor/site/keys/ci.json (object /acme/stor/site/keys/ci.json) will be destroyed',
    );
    expect(destroyPlan.stdout).toContain('the secret it handed over, written by web/ci, which this plan deletes');
    const destroy = await c.cli(['destroy', '--auto-approve', ...W0]);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(await manta(c, 'mls', '/acme/stor')).toEqual([]);
  });
});

describe('StorTree pruning and snaplinks', () => {
  it("never prunes the stack's own snaplink, nor another stack's object or snaplink, in the tree, and refuses destroying the tree alone", async () => {
    const c = await cloud();
    writeFiles(c, { 'a/f.txt': 'f\n' });
    // A listing shows a snaplink as an object: the stack's own link must still be recognised as its own.
    writeApp(
      c,
      `new SnapLink(stack, 'latest', { path: '~~/stor/site/a/latest.txt', source: '~~/stor/site/a/f.txt' });
  const other = new TritonStack(app, 'other', { account: 'acme' });
  const theirs = new StorObject(other, 'theirs', { path: '~~/stor/site/a/theirs.txt', content: 'theirs' });
  new SnapLink(other, 'their-link', { path: '~~/stor/site/a/their-link.txt', source: theirs });`,
    );
    const first = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const plan = await c.cli(['plan', '--detailed-exitcode', ...W0]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).not.toContain('will be destroyed');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect((await manta(c, 'mls', '/acme/stor/site/a')).sort()).toEqual([
      'f.txt',
      'latest.txt',
      'their-link.txt',
      'theirs.txt',
    ]);

    // Destroying the tree's stack alone would stop at the directory holding the other stack's
    // objects after deleting the files: refused before anything changes, naming both.
    const alone = await c.cli(['destroy', '--stack', 'web', '--auto-approve', ...W0]);
    expect(alone.code, alone.stdout + alone.stderr).toBe(1);
    expect(alone.stderr).toContain('APPLY_WOULD_FAIL');
    expect(alone.stderr).toContain('web/site/a holds other/theirs of stack other, which is not destroyed now');
    expect((await manta(c, 'mls', '/acme/stor/site/a')).length).toBe(4);
    // The whole app goes, the other stack first.
    const all = await c.cli(['destroy', '--auto-approve', ...W0]);
    expect(all.code, all.stdout + all.stderr).toBe(0);
    expect(await manta(c, 'mls', '/acme/stor')).toEqual([]);
  });
});

describe("StorTree holding the stack's own state", () => {
  it('applies without adopting the folders the state backend made, and destroys leaving only them with the state', async () => {
    const c = await cloud();
    writeFiles(c, { 'a/f.txt': 'f\n' });
    writeApp(c, "new Directory(stack, 'states', { path: '~~/stor/site/states' });");
    // The state lives in the tree, in a directory the stack declares: the lock written before the
    // first plan makes both directories, which are the stack's own.
    writeFileSync(
      join(c.cwd, 'app.ts'),
      readFileSync(join(c.cwd, 'app.ts'), 'utf8')
        .replace(
          "{ account: 'acme' }",
          "{ account: 'acme', state: { type: 'manta', path: '~~/stor/site/states/web.json' } }",
        )
        .replace('import { AccessKey,', 'import { AccessKey, Directory,'),
    );
    const first = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);
    const destroy = await c.cli(['destroy', '--auto-approve', ...W0]);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(destroy.stdout).toContain("it holds the stack's state, which stays");
    // Only the state, its released lock and its history stay: the tree's files went, its directories
    // holding the state did not.
    const left = await manta(c, 'mfind', '-t', 'o', '/acme/stor/site');
    expect(left.filter((p) => !p.startsWith('/acme/stor/site/states/web.json.history/')).sort()).toEqual([
      '/acme/stor/site/states/web.json',
      '/acme/stor/site/states/web.json.lock',
    ]);
  });
});

describe('StorTree file and folder swaps', () => {
  for (const prune of [true, false])
    it(`replaces a file by a folder of the same name and back, nested too, in one apply each (delete: ${prune})`, async () => {
      const c = await cloud();
      writeFiles(c, { x: 'a file\n', 'n/y': 'a nested file\n', 'keep.txt': 'kept\n' });
      writeApp(c);
      if (!prune)
        writeFileSync(
          join(c.cwd, 'app.ts'),
          readFileSync(join(c.cwd, 'app.ts'), 'utf8').replace('delete: true', 'delete: false'),
        );
      expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

      // Files become folders of the same name.
      rmSync(join(c.cwd, 'site', 'x'));
      rmSync(join(c.cwd, 'site', 'n', 'y'));
      writeFiles(c, { 'x/inner.txt': 'inside x\n', 'n/y/z/deep.txt': 'deep\n' });
      const plan = await c.cli(['plan', '--detailed-exitcode', ...W0]);
      expect(plan.code, plan.stdout + plan.stderr).toBe(2);
      expect(plan.stdout).toContain('# ~replaced/web/site/x (object /acme/stor/site/x) will be destroyed');
      expect(plan.stdout).toContain('# web/site/x (directory /acme/stor/site/x) will be created');
      const toFolders = await c.cli(['apply', '--auto-approve', ...W0]);
      expect(toFolders.code, toFolders.stdout + toFolders.stderr).toBe(0);
      expect((await manta(c, 'mfind', '-t', 'o', '/acme/stor/site')).sort()).toEqual([
        '/acme/stor/site/keep.txt',
        '/acme/stor/site/n/y/z/deep.txt',
        '/acme/stor/site/x/inner.txt',
      ]);
      expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);

      // And back: the folders become files again.
      rmSync(join(c.cwd, 'site', 'x'), { recursive: true });
      rmSync(join(c.cwd, 'site', 'n', 'y'), { recursive: true });
      writeFiles(c, { x: 'a file again\n', 'n/y': 'nested again\n' });
      const toFiles = await c.cli(['apply', '--auto-approve', ...W0]);
      expect(toFiles.code, toFiles.stdout + toFiles.stderr).toBe(0);
      expect((await manta(c, 'mfind', '/acme/stor/site')).sort()).toEqual([
        '/acme/stor/site/keep.txt',
        '/acme/stor/site/n',
        '/acme/stor/site/n/y',
        '/acme/stor/site/x',
      ]);
      expect(await manta(c, 'mget', '/acme/stor/site/n/y')).toEqual(['nested again']);
      expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);
    });
});

describe('StorTree file names', () => {
  it('refuses a file whose name is not valid UTF-8 at synth, naming it and the rule, and writes nothing', async () => {
    const c = await cloud();
    writeFiles(c, { 'ok.txt': 'fine\n' });
    // `caf\xe9.txt`: a Latin-1 name, as an old archive unpacks it.
    writeFileSync(
      Buffer.concat([Buffer.from(join(c.cwd, 'site', 'caf')), Buffer.from([0xe9]), Buffer.from('.txt')]),
      'x\n',
    );
    writeApp(c);
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('site/caf\\xe9.txt has a name that is not valid UTF-8 (caf\\xe9.txt)');
    expect(plan.stderr).toContain('rename the file, or exclude it');
    expect(plan.stderr).not.toContain('ENOENT');
    const apply = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(apply.code).toBe(1);
    expect(await manta(c, 'mls', '/acme/stor')).toEqual([]);
  });
});

describe('StorTree right after an apply', () => {
  it('does not plan to delete again what the last apply deleted while a listing may still show it', async () => {
    // Every read inside the window sees the store as it was a window ago: the listing right after
    // the apply still holds what it deleted. The binary's window is the emulator's.
    const windowMs = 4000;
    const c = await cloud({ emulator: { consistencyWindowMs: windowMs, staleReadRate: 1, seed: 40 } });
    const W = ['--consistency-window-ms', String(windowMs)];
    writeFiles(c, { 'a/b/f.txt': 'f\n', 'top.txt': 'top\n' });
    writeApp(c);
    expect((await c.cli(['apply', '--auto-approve', ...W])).code).toBe(0);
    await putByHand(c, '/acme/stor/site/a/rogue.txt');
    await putByHand(c, '/acme/stor/site/stray.txt');
    // Until every write is older than the window, a listing may not show them yet.
    await c.world.emulator.settled();
    const prune = await c.cli(['apply', '--auto-approve', ...W]);
    expect(prune.code, prune.stdout + prune.stderr).toBe(0);
    expect(prune.stdout).toContain('2 deleted');

    const plan = await c.cli(['plan', '--detailed-exitcode', ...W]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).not.toContain('rogue.txt');
    await c.world.emulator.settled();
    expect((await manta(c, 'mfind', '-t', 'o', '/acme/stor/site')).sort()).toEqual([
      '/acme/stor/site/a/b/f.txt',
      '/acme/stor/site/top.txt',
    ]);
  });
});
