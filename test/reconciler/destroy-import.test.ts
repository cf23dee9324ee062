/**
 * Saved plans, destroy and import: a saved plan is refused once the state moved on; destroy deletes
 * every managed object children first and leaves the account alone; import adopts a live object into
 * state after checking the address and the id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyPlan,
  applyStack,
  importResource,
  openStateBackend,
  planDestroy,
  planStack,
  ReconcilerError,
  type EngineOptions,
} from '../../reconciler/index.js';
import { rejectionOf } from '../support/rejection.js';
import { buildStack, engineOptions, startWorld, type World } from './support/world.js';

const SERVER_WINDOW = 100;
let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: SERVER_WINDOW, seed: 17 });
});
afterAll(async () => world?.close());

const opts = (): EngineOptions => engineOptions(world, 200);

const rejection = (p: Promise<unknown>): Promise<ReconcilerError> => rejectionOf(p, ReconcilerError);

describe('saved plans', () => {
  it('applies a saved plan, and refuses it naming the serial once the state was written since', async () => {
    const stack = buildStack({ name: 'saved', manta: false });
    expect((await applyPlan(stack, await planStack(stack, opts()), opts())).ok).toBe(true);
    // A saved plan over existing objects: the live objects it was made against are unchanged.
    const edited = buildStack({ name: 'saved', manta: false, operateRule: 'CAN startmachine' });
    await world.emulator.settled();
    const editPlan = await planStack(edited, opts());
    expect(editPlan.summary).toMatchObject({ change: 1, add: 0 });
    expect(await applyPlan(edited, editPlan, opts())).toMatchObject({ ok: true, counts: { updated: 1 } });
    expect((await rejection(applyPlan(stack, editPlan, opts()))).message).toContain(
      'the manifest of stack saved changed since the plan was made',
    );
    expect((await applyStack(stack, opts())).result.ok).toBe(true);
    await world.clients.cloudapi.updatePolicy('operate', { rules: ['CAN stopmachine'] });
    await world.emulator.settled();
    const plan = await planStack(stack, opts());
    expect(plan.summary.change).toBe(1);
    expect((await applyStack(stack, opts())).result.ok).toBe(true);

    const error = await rejection(applyPlan(stack, plan, opts()));
    expect(error.code).toBe('PLAN_STALE');
    expect(error.message).toMatch(/the state was written since the plan was made \(serial \d+ then, \d+ now\)/);
  });
});

describe('destroy', () => {
  it('deletes every managed object, children first, and leaves the account alone', async () => {
    const stack = buildStack({ name: 'doomed', job: false });
    // The saved-plan test's stack left objects with the same names in the account; this stack
    // takes them over on purpose (a stale read may show one as different, which needs consent).
    const adopted = (await applyStack(stack, { ...opts(), adopt: true })).result;
    expect(adopted.ok, JSON.stringify({ failed: adopted.failed, skipped: adopted.skipped })).toBe(true);
    const plan = await planDestroy(stack, opts());
    expect(plan.changes.every((c) => c.action === 'delete')).toBe(true);
    expect(plan.changes).toHaveLength(stack.resources.length);

    const result = await applyPlan(stack, plan, opts());
    expect(result.failed).toEqual([]);
    expect(result.counts.deleted).toBe(stack.resources.length);
    await world.emulator.settled();
    expect(await world.clients.cloudapi.listUsers()).toEqual([]);
    expect(await world.clients.cloudapi.listPolicies()).toEqual([]);
    await expect(world.clients.manta.headObject('/acme/stor/site')).rejects.toMatchObject({ status: 404 });
    expect((await world.clients.cloudapi.getAccount()).login).toBe('acme');
    expect((await openStateBackend(stack, { workDir: world.workDir }).read())!.doc.resources).toEqual([]);
  });
});

describe('import', () => {
  it('adopts a live object into state by its id, so that the next plan does not create it', async () => {
    const stack = buildStack({ name: 'imported', manta: false });
    const policy = await world.clients.cloudapi.createPolicy({
      name: 'read-only',
      rules: ['CAN listmachines AND getmachine'],
      description: 'look',
    });
    await world.emulator.settled();
    await importResource(stack, 'imported/read-only', policy.id, opts());
    const state = await openStateBackend(stack, { workDir: world.workDir }).read();
    expect(state!.doc.resources.map((r) => [r.address, r.serverId])).toEqual([['imported/read-only', policy.id]]);
    const plan = await planStack(stack, opts());
    expect(plan.changes.find((c) => c.address === 'imported/read-only')!.action).toBe('no-op');
  });

  it('refuses an address the stack does not declare, an id that does not exist, and an address already in state', async () => {
    const stack = buildStack({ name: 'imported', manta: false });
    expect((await rejection(importResource(stack, 'imported/nope', 'x', opts()))).message).toContain(
      '"imported/nope" is not declared in stack imported',
    );
    expect(
      (await rejection(importResource(stack, 'imported/operate', '00000000-0000-0000-0000-000000000000', opts())))
        .message,
    ).toContain('no policy with id "00000000-0000-0000-0000-000000000000" exists');
    expect((await rejection(importResource(stack, 'imported/read-only', 'read-only', opts()))).message).toContain(
      'already in the state',
    );
  });
});
