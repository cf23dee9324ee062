/**
 * `StorTree` as a user runs it (issue 30): a TypeScript app that mirrors a local folder, applied
 * and planned by the real binary against the emulator, the object store looked at with the vendor
 * `mls`, `mget` and `minfo`, and changed behind the tool's back with `mput`:
 *
 * - new, changed, removed (pruned), excluded and role-tagged files;
 * - an object rewritten outside the tool is drift (its etag changed), and apply puts it back;
 * - the no-op plan of an unchanged 1,000-file tree makes one listing per directory and no HEAD.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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

/** Runs a vendor `manta` tool against the emulator with the account's key; its stdout. */
async function manta(c: ProxiedCloud, tool: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [join(REPO, 'node_modules', 'manta', 'bin', tool), ...args], {
    env: { PATH: process.env['PATH'] ?? '', HOME: c.cwd, ...c.env },
    timeout: 120_000,
  });
  return stdout;
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

/** `minfo`'s headers of one object, lower-cased names. */
async function minfo(c: ProxiedCloud, path: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const line of lines(await manta(c, 'minfo', path))) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('HTTP/')) out[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

/** Writes `files` (relative path to content) under the project's `site/`. */
function writeFiles(c: ProxiedCloud, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(c.cwd, 'site', path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
}

/** The app: a role and a tree of `site/` mirrored to `path`, with `props` (source text) added. */
function writeApp(c: ProxiedCloud, path: string, props: string): void {
  writeFileSync(join(c.cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.ts' }));
  writeFileSync(
    join(c.cwd, 'app.ts'),
    `import { Role, StorTree, TritonApp, TritonStack } from ${LIBRARY};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'web', { account: 'acme' });
  const readers = new Role(stack, 'readers', { members: [] });
  new StorTree(stack, 'site', { source: 'site', path: ${JSON.stringify(path)}, ${props} });
  return app;
};
`,
  );
}

describe('StorTree', () => {
  it('mirrors new, changed and removed files, leaves out excluded ones, tags roles, and reports a remote edit as drift', async () => {
    const c = await cloud();
    writeFiles(c, {
      'index.html': '<h1>home</h1>\n',
      'style.css': 'body { color: black }\n',
      'docs/a.md': '# a\n',
      'docs/b.txt': 'b\n',
      'img/logo.png': 'not really a png\n',
      'drafts/secret.html': 'not yet\n',
      '.git/config': '[core]\n',
    });
    writeApp(
      c,
      '~~/stor/site',
      `exclude: ['.git', 'drafts'], headers: { 'cache-control': 'max-age=60' }, delete: true,
       contentTypes: { '.md': 'text/markdown; charset=utf-8' },
       rules: [{ match: 'img/**', roleTags: [readers], headers: { 'm-kind': 'image' } }]`,
    );
    const first = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(first.code, first.stderr).toBe(0);
    expect(lines(await manta(c, 'mls', '/acme/stor/site'))).toEqual(['docs/', 'img/', 'index.html', 'style.css']);
    expect(lines(await manta(c, 'mls', '/acme/stor/site/docs'))).toEqual(['a.md', 'b.txt']);
    expect(await manta(c, 'mget', '/acme/stor/site/index.html')).toBe('<h1>home</h1>\n');
    const logo = await minfo(c, '/acme/stor/site/img/logo.png');
    expect(logo['content-type']).toBe('image/png');
    expect(logo['role-tag']).toBe('readers');
    expect(logo['m-kind']).toBe('image');
    expect(logo['cache-control']).toBe('max-age=60');
    const readme = await minfo(c, '/acme/stor/site/docs/a.md');
    expect(readme['content-type']).toBe('text/markdown; charset=utf-8');
    expect(readme['role-tag']).toBeUndefined();
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);

    // Locally: one file changed, one removed, one added; remotely, an object the folder lacks.
    writeFiles(c, { 'style.css': 'body { color: navy }\n', 'new.txt': 'new\n' });
    rmSync(join(c.cwd, 'site', 'docs', 'b.txt'));
    writeFileSync(join(c.cwd, 'stray.txt'), 'put by hand\n');
    await manta(c, 'mput', '-f', join(c.cwd, 'stray.txt'), '/acme/stor/site/stray.txt');
    const plan = await c.cli(['plan', '--detailed-exitcode', ...W0]);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('# web/site/style.css (object /acme/stor/site/style.css) will be updated in place');
    expect(plan.stdout).toContain('# web/site/new.txt (object /acme/stor/site/new.txt) will be created');
    expect(plan.stdout).toContain('# web/site/docs/b.txt (object /acme/stor/site/docs/b.txt) will be destroyed');
    expect(plan.stdout).toContain(
      '# ~unmanaged/object//acme/stor/site/stray.txt (object /acme/stor/site/stray.txt) will be destroyed',
    );
    expect(plan.stdout).toContain('not in the folder mirrored to /acme/stor/site, which deletes what the folder lacks');
    expect(plan.stdout).toContain('Plan: 1 to add, 1 to change, 0 to replace, 2 to destroy');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(lines(await manta(c, 'mls', '/acme/stor/site'))).toEqual([
      'docs/',
      'img/',
      'index.html',
      'new.txt',
      'style.css',
    ]);
    expect(lines(await manta(c, 'mls', '/acme/stor/site/docs'))).toEqual(['a.md']);
    expect(await manta(c, 'mget', '/acme/stor/site/style.css')).toBe('body { color: navy }\n');

    // Someone rewrites an object with mput: its etag changes, so the plan reads it and sees drift.
    writeFileSync(join(c.cwd, 'edited.html'), '<h1>defaced</h1>\n');
    await manta(c, 'mput', '-f', join(c.cwd, 'edited.html'), '/acme/stor/site/index.html');
    const drift = await c.cli(['drift', '--json', ...W0]);
    expect(drift.code, drift.stderr).toBe(2);
    const report = JSON.parse(drift.stdout) as { drifted: { address: string; changes: { path: string }[] }[] };
    expect(report.drifted.map((d) => d.address)).toEqual(['web/site/index.html']);
    expect(report.drifted[0]!.changes.map((ch) => ch.path)).toContain('/md5');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await manta(c, 'mget', '/acme/stor/site/index.html')).toBe('<h1>home</h1>\n');
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);
  });

  it('without delete, keeps a removed file in the store and forgets it, leaves objects it does not declare, and sees a header edited with mchattr', async () => {
    const c = await cloud();
    writeFiles(c, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
    writeApp(c, '~~/stor/keep', `delete: false`);
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    rmSync(join(c.cwd, 'site', 'b.txt'));
    await c.world.clients.manta.putObject('/acme/stor/keep/other.txt', 'someone else\n');
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.stdout).toContain('# web/site/b.txt (object /acme/stor/keep/b.txt) will be forgotten, not deleted');
    expect(plan.stdout).not.toContain('other.txt');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(lines(await manta(c, 'mls', '/acme/stor/keep'))).toEqual(['a.txt', 'b.txt', 'other.txt']);

    // A change of metadata alone keeps the etag but not the modification time: still drift. The
    // listing's time is compared by the second, so the edit is made in a later second than the
    // apply's write (waiting for the clock, not for a speed).
    const written = Date.parse((await minfo(c, '/acme/stor/keep/a.txt'))['last-modified'] ?? '');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, written + 1000 - Date.now())));
    const etag = (await minfo(c, '/acme/stor/keep/a.txt'))['etag'];
    await manta(c, 'mchattr', '-H', 'm-owner: mallory', '/acme/stor/keep/a.txt');
    expect((await minfo(c, '/acme/stor/keep/a.txt'))['etag']).toBe(etag);
    const drift = await c.cli(['drift', '--json', ...W0]);
    expect(drift.code, drift.stderr).toBe(2);
    const report = JSON.parse(drift.stdout) as { drifted: { address: string; changes: { path: string }[] }[] };
    expect(report.drifted.map((d) => d.address)).toEqual(['web/site/a.txt']);
    expect(report.drifted[0]!.changes.map((ch) => ch.path)).toEqual(['/headers/m-owner']);
  });

  it('plans an unchanged 1,000-file tree with one listing per directory and no HEAD, and summarises a large change', async () => {
    const c = await cloud();
    const files: Record<string, string> = {};
    for (let d = 0; d < 10; d++) for (let f = 0; f < 100; f++) files[`d${d}/f${f}.txt`] = `file ${d}/${f}\n`;
    writeFiles(c, files);
    writeApp(c, '~~/stor/big', `delete: true`);
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.stdout).toContain('# web/site: 1011 object-store changes (--verbose lists each)');
    expect(plan.stdout).toContain('+ 1000 files, ~ 0 changed, - 0 removed; directories + 11');
    expect(plan.stdout).not.toContain('web/site/d0/f0.txt');
    const verbose = await c.cli(['plan', '--verbose', ...W0]);
    expect(verbose.stdout).toContain('# web/site/d0/f0.txt (object /acme/stor/big/d0/f0.txt) will be created');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

    await c.world.resetStats();
    const noop = await c.cli(['plan', '--detailed-exitcode', ...W0]);
    expect(noop.code, noop.stdout + noop.stderr).toBe(0);
    const stats = await c.world.stats();
    // The top directory's parent (/acme/stor), the top directory and its 10 sub-directories.
    expect(stats.manta).toEqual({ ListDirectory: 12 });
  });
});
