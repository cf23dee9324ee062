/**
 * Changes after the first apply: renames are updates that keep the server id, a job is submitted
 * again only when an input changes, a custom image is waited for until active and then exported,
 * and `targets` limit a plan to some addresses and their dependencies.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Directory, Image, Job, StorObject, TritonApp, TritonStack } from '../../index.js';
import { applyStack, openStateBackend, planStack } from '../../reconciler/index.js';
import { buildStack, liveCounts, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

// A fresh account per test: users are account-wide, and each test declares its own.
let world: World;
beforeEach(async () => {
  world = await startWorld({ consistencyWindowMs: 150, seed: 23 });
});
afterEach(async () => world?.close());

const opts = (): Parameters<typeof planStack>[1] => ({
  clients: world.clients,
  handlers: defaultHandlers(),
  workDir: world.workDir,
  consistencyWindowMs: 250,
  env: SECRET_ENV,
});

async function serverIds(stack: StackManifest): Promise<Map<string, string | null>> {
  const state = await openStateBackend(stack, { workDir: world.workDir }).read();
  return new Map(state!.doc.resources.map((r) => [r.address, r.serverId]));
}

describe('changes after the first apply', () => {
  it('renames a policy and a user as updates that keep their server ids, and the roles follow', async () => {
    const before = buildStack({ name: 'rename', manta: false });
    expect((await applyStack(before, opts())).result.ok).toBe(true);
    const idsBefore = await serverIds(before);

    const after = buildStack({ name: 'rename', manta: false, operateName: 'operations', bobLogin: 'robert' });
    const { plan, result } = await applyStack(after, opts());
    expect(result.failed).toEqual([]);
    const actions = new Map(plan.changes.map((c) => [c.address, c.action]));
    expect(actions.get('rename/operate')).toBe('update');
    expect(actions.get('rename/bob')).toBe('update');
    const idsAfter = await serverIds(after);
    await world.emulator.settled();
    expect(idsAfter.get('rename/operate')).toBe(idsBefore.get('rename/operate'));
    expect(idsAfter.get('rename/bob')).toBe(idsBefore.get('rename/bob'));
    expect((await world.clients.cloudapi.listPolicies()).map((p) => p.name).sort()).toEqual([
      'operations',
      'read-only',
    ]);
    expect((await world.clients.cloudapi.getUser(idsBefore.get('rename/bob')!)).login).toBe('robert');
    const again = await planStack(after, opts());
    expect(again.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`)).toEqual([]);
  });

  it('submits a job again only when one of its inputs changes', async () => {
    const first = buildStack({ name: 'jobs' });
    expect((await applyStack(first, opts())).result.failed).toEqual([]);
    expect((await applyStack(first, opts())).plan.changes.find((c) => c.address === 'jobs/word-count')!.action).toBe(
      'no-op',
    );
    expect((await liveCounts(world)).jobs).toBe(1);

    const changed = buildStack({ name: 'jobs', notesText: 'one two three four five\n' });
    const { plan, result } = await applyStack(changed, opts());
    expect(result.failed).toEqual([]);
    expect(plan.changes.find((c) => c.address === 'jobs/word-count')!.action).toBe('replace');
    expect((await liveCounts(world)).jobs).toBe(2);
    const after = await planStack(changed, opts());
    expect(after.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`)).toEqual([]);
  });

  it('feeds one job the recorded outputs of another, and runs neither again on the next apply', async () => {
    const app = new TritonApp({ generator: 'test' });
    const stack = new TritonStack(app, 'chain', { account: 'acme' });
    new Directory(stack, 'dir', { path: '~~/stor/chain' });
    const text = new StorObject(stack, 'text', {
      path: '~~/stor/chain/text.txt',
      content: 'a b c d\n',
      contentType: 'text/plain',
    });
    const count = new Job(stack, 'count', { phases: [{ type: 'map', exec: 'wc -w' }], inputs: [text], wait: true });
    new Job(stack, 'double', {
      phases: [{ type: 'map', exec: "awk '{ print $1 * 2 }'" }],
      inputs: [count.outputs],
      wait: true,
    });
    const manifest = app.synth().stacks[0]!;
    const { result } = await applyStack(manifest, opts());
    expect(result.failed).toEqual([]);
    const state = await openStateBackend(manifest, { workDir: world.workDir }).read();
    const byAddress = new Map(state!.doc.resources.map((r) => [r.address, r.properties]));
    const outputs = byAddress.get('chain/count')!.outputs as string[];
    expect(outputs.length).toBeGreaterThan(0);
    expect(byAddress.get('chain/double')!.inputs).toEqual(outputs);
    const again = await applyStack(manifest, opts());
    expect(again.plan.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`)).toEqual([]);
  });

  it('waits for a custom image to become active, exports it, and records it as active', async () => {
    const builder = (await world.clients.cloudapi.listMachines()).find((m) => m.state === 'stopped')!;
    const app = new TritonApp({ generator: 'test' });
    const stack = new TritonStack(app, 'images', { account: 'acme' });
    new Image(stack, 'web', { machine: builder.id, name: 'web', version: '1.0.0', exportTo: '~~/stor/exports' });
    const manifest = app.synth().stacks[0]!;
    const { result } = await applyStack(manifest, opts());
    expect(result.failed).toEqual([]);
    const state = await openStateBackend(manifest, { workDir: world.workDir }).read();
    expect(state!.doc.resources[0]!.properties).toMatchObject({ name: 'web', version: '1.0.0' });
    const live = await world.clients.cloudapi.getImage(state!.doc.resources[0]!.serverId!);
    expect(live.state).toBe('active');
  });

  it('changes a password when its secret changes, showing it only as a sensitive value, and not again after', async () => {
    const stack = buildStack({ name: 'secrets', manta: false });
    expect((await applyStack(stack, opts())).result.ok).toBe(true);
    const env = { ALICE_PASSWORD: 'battery-staple-9' };
    const plan = await planStack(stack, { ...opts(), env });
    const alice = plan.changes.find((c) => c.address === 'secrets/alice')!;
    expect(alice.action).toBe('update');
    expect(alice.patch.map((op) => op.path)).toEqual(['/password']);
    expect(alice.sensitive).toContain('/password');
    expect(JSON.stringify(plan)).not.toContain(env.ALICE_PASSWORD);
    const { result } = await applyStack(stack, { ...opts(), env });
    expect(result.counts.updated).toBe(1);
    expect((await planStack(stack, { ...opts(), env })).changes.filter((c) => c.action !== 'no-op')).toEqual([]);
  });

  it('deletes unmanaged users of an authoritative stack, but never the key it signs with', async () => {
    const stack = buildStack({ name: 'owner', manta: false, authoritative: ['user', 'key'] });
    expect((await applyStack(stack, opts())).result.ok).toBe(true);
    await world.clients.cloudapi.createUser({
      login: 'mallory',
      email: 'mallory@acme.example',
      password: 'secret-123',
    });
    await world.emulator.settled();
    const { plan, result } = await applyStack(stack, opts());
    expect(plan.changes.filter((c) => c.action === 'delete').map((c) => c.address)).toEqual([
      '~unmanaged/user/mallory',
    ]);
    expect(result.ok).toBe(true);
    await world.emulator.settled();
    expect((await world.clients.cloudapi.listUsers()).map((u) => u.login).sort()).toEqual(['alice', 'bob']);
    expect(await world.clients.cloudapi.listKeys()).toHaveLength(1);
  });

  it('limits a plan to the targets and what they depend on', async () => {
    const stack = buildStack({ name: 'targets', manta: false });
    const plan = await planStack(stack, { ...opts(), targets: ['targets/ops'] });
    expect(plan.changes.map((c) => c.address).sort()).toEqual([
      'targets/alice',
      'targets/bob',
      'targets/operate',
      'targets/ops',
      'targets/read-only',
    ]);
  });
});
