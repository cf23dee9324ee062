/**
 * Every field of every kind, changed after an apply (issue 25, item 1): the plan shows an update, or a
 * replacement where the server cannot change the field in place, never a create beside the old object;
 * apply makes what the plan said (the next plan is empty); and the cloud, listed with the API, holds
 * no object the state does not manage (nothing orphaned).
 *
 * The cases come from the kind descriptors: each managed kind needs a sample (`support/field-samples.ts`), and each of its
 * declared fields a mutation or a stated reason why not, or this test fails naming what is missing.
 * A new kind is swept by adding its sample, not a new test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allKinds } from '../../common/kinds/index.js';
import { applyStack, openStateBackend, planStack } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { ENV, SAMPLES, stackOf, sweptFields, type SampleFacts } from './support/field-samples.js';
import { startWorld, type World } from './support/world.js';

const managed = allKinds().filter((d) => d.mode === 'managed');

describe('the field sweep covers every managed kind and field', () => {
  it('has a sample for every managed kind, and a mutation or a reason for every field', () => {
    const missing = managed.filter((d) => SAMPLES[d.kind] === undefined).map((d) => d.kind);
    expect(missing, `add a sample for each of these kinds to test/reconciler/support/field-samples*.ts`).toEqual([]);
  });
});

for (const descriptor of managed) {
  const sample = SAMPLES[descriptor.kind];
  if (sample === undefined) continue;
  describe(`${descriptor.kind}: a changed field`, () => {
    let world: World;
    let facts: SampleFacts;
    let baseline: Set<string>;
    const opts = (): Parameters<typeof planStack>[1] => ({
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 0,
      env: ENV,
    });
    beforeAll(async () => {
      world = await startWorld({ consistencyWindowMs: 0, seed: 25, ...sample.emulator });
      const stopped = (await world.clients.cloudapi.listMachines()).filter((m) => m.state === 'stopped');
      facts = { machines: stopped.map((m) => m.id) };
      baseline = new Set((await sample.list?.(world)) ?? []);
    });
    afterAll(async () => world?.close());

    for (const field of sweptFields(descriptor).filter((f) => sample.skip?.[f] === undefined)) {
      const immutable = descriptor.properties.find((p) => p.name === field)?.immutable === true;
      it(`${field}: plans ${immutable ? 'a replacement' : 'an update or a replacement'}, applies it, and orphans nothing`, async () => {
        const base = stackOf(sample, undefined, facts);
        const first = await applyStack(base.stack, opts());
        expect(first.result.failed).toEqual([]);

        const changed = stackOf(sample, field, facts);
        const plan = await planStack(changed.stack, opts());
        const change = plan.changes.find((c) => c.address === changed.address)!;
        const why = `${field} changed; reason: ${change.reason ?? '(none)'}`;
        if (immutable) expect(change.action, why).toBe('replace');
        else expect(['update', 'replace'], why).toContain(change.action);
        if (sample.planOnly?.[field] !== undefined) return;
        const applied = await applyStack(changed.stack, opts());
        expect(applied.result.failed).toEqual([]);
        expect(applied.result.skipped).toEqual([]);

        const again = await planStack(changed.stack, opts());
        expect(again.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read').map((c) => c.address)).toEqual(
          [],
        );
        if (sample.list !== undefined) {
          await world.emulator.settled();
          const state = (await openStateBackend(changed.stack, { workDir: world.workDir }).read())!.doc;
          const managedKeys = new Set(state.resources.map((r) => r.naturalKey));
          const orphans = (await sample.list(world)).filter((k) => !managedKeys.has(k) && !baseline.has(k));
          expect(orphans, 'objects left in the cloud that no state entry manages').toEqual([]);
        }
      });
    }
  });
}
