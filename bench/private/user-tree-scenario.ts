/**
 * Scenario 7, the Manta tree as a user runs it: a TypeScript app (`main.ts`, named by
 * `triton-iac.json`) that imports `triton-iac` from its `node_modules` and declares one `StorTree`
 * over the local folder `tree/`, applied by the CLI process (which loads and synthesizes the app,
 * hashing every file, then uploads); against `msync` of the same folder. Then each tool again with
 * nothing changed: `triton-iac plan` and a second `msync`. Synthesis, hashing and process start-up
 * are all inside the measured wall time, as a user waits for them.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startCloud } from './cloud.js';
import { sampleOf, type SampleSet } from './sample.js';
import { firstError, iac, mantaTool, REPO } from './tools.js';
import { writeTree } from './workload.js';

const LATENCY_MS = 20;
const W0 = ['--consistency-window-ms', '0'];

/**
 * tsx's transform cache for triton-iac's runs (`TMPDIR`, under which tsx keeps `tsx-<uid>/`): one
 * per benchmark process, warmed by the first run as a user's is by their first command. The
 * shared machine's own cache held 265,000 entries from other work, which tsx scans at every start
 * (0.8 s of a no-op plan's CPU profile): a figure of that machine, not of what a user runs.
 */
let tsxHome: string | undefined;
/** The benchmark process's own tsx cache directory (made on first use). */
export function tsxTmpDir(): string {
  tsxHome ??= mkdtempSync(join(tmpdir(), 'triton-iac-bench-tsx-'));
  return tsxHome;
}

/** The app a user writes: the folder `tree/` mirrored to `~~/stor/tree`. */
const APP = `import { StorTree, TritonApp, TritonStack } from 'triton-iac';

export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'site', { account: 'acme' });
  new StorTree(stack, 'tree', { source: 'tree', path: '~~/stor/tree', contentTypes: { '.txt': 'text/plain' } });
  return app;
}
`;

/** Makes `dir` a project whose app mirrors `dir/tree`, with `triton-iac` installed as a link to this build. */
export function writeProject(dir: string): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(dir, 'node_modules', 'triton-iac'), 'dir');
  writeFileSync(join(dir, 'main.ts'), APP);
  writeFileSync(join(dir, 'triton-iac.json'), `${JSON.stringify({ app: 'main.ts' })}\n`);
}

/** Runs the user-shaped tree scenarios once with `n` files, both tools side by side. */
export async function runUserTreeScenario(key: TestKeyPair, n: number, set: SampleSet): Promise<void> {
  const ours = await startCloud(key, { latencyMs: LATENCY_MS });
  const theirs = await startCloud(key, { latencyMs: LATENCY_MS });
  try {
    writeTree(ours.cwd, n);
    writeProject(ours.cwd);
    const at = { cwd: ours.cwd, env: { ...ours.env, TMPDIR: tsxTmpDir() } };
    const theirTree = writeTree(theirs.cwd, n);

    await ours.resetCounts();
    const up = await iac(at, ['apply', '--auto-approve', ...W0]);
    set.add('user-tree-upload', n, 'triton-iac', sampleOf(up, await ours.counts(), firstError(up)));
    await theirs.resetCounts();
    const sync = await mantaTool(theirs, 'msync', [theirTree.localRoot, '/acme/stor/tree']);
    set.add('user-tree-upload', n, 'msync', sampleOf(sync, await theirs.counts(), firstError(sync)));

    await ours.resetCounts();
    const plan = await iac(at, ['plan', '--detailed-exitcode', ...W0]);
    set.add('user-tree-noop', n, 'triton-iac', sampleOf(plan, await ours.counts(), firstError(plan)));
    await theirs.resetCounts();
    const again = await mantaTool(theirs, 'msync', [theirTree.localRoot, '/acme/stor/tree']);
    set.add('user-tree-noop', n, 'msync', sampleOf(again, await theirs.counts(), firstError(again)));
  } finally {
    await Promise.all([ours.close(), theirs.close()]);
  }
}
