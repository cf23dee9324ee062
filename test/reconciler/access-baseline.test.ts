/**
 * The access table an apply records, and its warning: an apply compares the access it leaves with
 * the access its plan expected, so that what the apply itself grants or removes (a pruned file of a
 * `StorTree` with `delete: true`, a role tag taken out of the code) is never called a change made
 * outside, while a grant made by hand through an unmanaged role tag is, and becomes the new
 * baseline drift compares with.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Policy, Role, RoleTag, StorTree, TritonApp, TritonStack, User } from '../../index.js';
import { applyStack, driftStack, openStateBackend, type EngineOptions } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { startWorld, type World } from './support/world.js';

let world: World;
let source: string;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
  source = mkdtempSync(join(tmpdir(), 'triton-iac-baseline-'));
});
afterAll(async () => {
  rmSync(source, { recursive: true, force: true });
  await world?.close();
});

/** The stack: bob reads users through a role tag, and reads the site's files through their role tags. */
function stack(opts: { usersTag: boolean }): StackManifest {
  const app = new TritonApp();
  const s = new TritonStack(app, 'baseline', { account: 'acme' });
  const bob = new User(s, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const read = new Policy(s, 'read', { rules: ['CAN getuser AND getobject AND getmachine'] });
  const readers = new Role(s, 'readers', { defaultMembers: [bob], policies: [read] });
  if (opts.usersTag) new RoleTag(s, 'users-tag', { resource: '/my/users', roles: [readers] });
  new StorTree(s, 'site', { source, path: '~~/stor/site', roleTags: [readers], delete: true });
  return app.synth().stacks[0]!;
}

function options(warnings: string[]): EngineOptions {
  return {
    clients: world.clients,
    handlers: defaultHandlers(),
    workDir: world.workDir,
    consistencyWindowMs: 0,
    sensor: {},
    log: { debug: () => undefined, info: () => undefined, warn: (m) => warnings.push(m) },
  };
}

describe('the access baseline an apply records', () => {
  it('takes what the apply itself removes (a pruned file, a role tag taken out) without a warning', async () => {
    writeFileSync(join(source, 'index.html'), '<p>hi</p>\n');
    writeFileSync(join(source, 'old.html'), '<p>old</p>\n');
    const warnings: string[] = [];
    expect((await applyStack(stack({ usersTag: true }), options(warnings))).result.ok).toBe(true);

    rmSync(join(source, 'old.html'));
    const { plan, result } = await applyStack(stack({ usersTag: false }), options(warnings));
    expect(result.ok).toBe(true);
    expect(
      plan.changes
        .filter((c) => c.action === 'delete')
        .map((c) => c.naturalKey)
        .sort(),
      'the apply removes the tag and prunes the file',
    ).toEqual(['/acme/stor/site/old.html', '/acme/users']);
    expect(warnings).toEqual([]);

    // The baseline is the account as the apply left it: nothing is drift afterwards.
    const report = await driftStack(stack({ usersTag: false }), options(warnings));
    expect(report.access).toEqual([]);
  });

  it('warns about a grant made by hand through an unmanaged role tag, and not about the apply’s own changes', async () => {
    await world.clients.cloudapi.setRoleTags('/acme/machines', ['readers']);
    writeFileSync(join(source, 'new.html'), '<p>new</p>\n');
    rmSync(join(source, 'index.html'));
    const warnings: string[] = [];
    const { result } = await applyStack(stack({ usersTag: true }), options(warnings));
    expect(result.ok).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('access changed outside triton-iac');
    expect(warnings[0]).toContain('(through role tag readers on /acme/machines)');
    // Only the hand-made grant: not the pruned index.html, the new file nor the tag put back.
    expect(warnings[0]).not.toContain('index.html');
    expect(warnings[0]).not.toContain('new.html');
    expect(warnings[0]).not.toContain('/acme/users');
    // The apply's audit record keeps what it took in, for whoever looks at the history later.
    expect(result.accessChangedOutside).toEqual([
      'bob gained getmachine on /acme/machines (through role tag readers on /acme/machines)',
    ]);
    const audit = await openStateBackend(stack({ usersTag: true }), options([])).history.audit();
    expect(audit.at(-1)?.accessChangedOutside).toEqual(result.accessChangedOutside);
    expect(audit.slice(0, -1).every((r) => r.accessChangedOutside === undefined)).toBe(true);

    // The apply took it as the new baseline: drift no longer reports it as access drift.
    const report = await driftStack(stack({ usersTag: true }), options([]));
    expect(report.access).toEqual([]);
  });
});
