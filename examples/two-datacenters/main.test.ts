/**
 * The two-datacenters example, tested with triton-iac/testing at synth: the RBAC once, in the
 * account stack; in each datacenter's stack a web instance carrying the account stack's role and a
 * rule opening 443. It is applied against a two-datacenter emulator (replication delay, faults) by
 * test/e2e/two-datacenters.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../engine.js';
import { LocalCloud, Template } from '../../testing/index.js';
import build, { DATACENTERS } from './main.js';

describe('examples/two-datacenters', () => {
  const manifest = build().synth();

  it('declares the RBAC once, through the first datacenter, and a web tier per datacenter', () => {
    expect(manifest.stacks.map((s) => [s.name, s.connection?.datacenter])).toEqual([
      ['account', DATACENTERS[0]],
      ...DATACENTERS.map((dc) => [`web-${dc}`, dc]),
    ]);
    const account = Template.fromApp(build(), { stack: 'account' });
    account.resourceCountIs('user', 1);
    account.hasResource('role', { name: 'web-ops', members: [{ type: 'subuser', login: 'webops', default: true }] });
    for (const dc of DATACENTERS) {
      const t = Template.fromApp(build(), { stack: `web-${dc}` });
      t.resourceCountIs('user', 0);
      t.hasResource('instance', { name: `www-${dc}`, roleTags: ['web-ops'], tags: { role: 'web' } });
      t.hasResource('fabric-vlan', { vlanId: 120 });
    }
  });

  it("makes each datacenter's stack refer to the account stack's role by object", () => {
    for (const dc of DATACENTERS)
      expect(manifest.stacks.find((s) => s.name === `web-${dc}`)!.crossStack).toEqual([
        { address: 'account/ops', stack: 'account', kind: 'role', naturalKey: 'web-ops', from: [`web-${dc}/www`] },
      ]);
  });

  describe('applied to a local cloud of the datacenters it names', () => {
    let cloud: LocalCloud;
    const waits: string[] = [];
    // The emulator's clock runs a minute ahead each time the apply says it waits for replication:
    // the role replicates (60 s of emulator time) only then, however fast or slow this machine is.
    let ahead = 0;
    beforeAll(async () => {
      const onProgress = (e: ProgressEvent): void => {
        if (e.type !== 'job-wait' || e.phase !== 'start' || !e.waitsFor.includes('to replicate')) return;
        waits.push(`${e.address}: ${e.waitsFor}`);
        ahead += 61_000;
      };
      cloud = await LocalCloud.startFor(build(), {
        replicationDelayMs: 60_000,
        seed: 44,
        clock: () => Date.now() + ahead,
        onProgress,
      });
    });
    afterAll(() => cloud.close());

    it("puts each datacenter's instance only there, waiting for the role to replicate, and plans clean", async () => {
      expect(cloud.emulator.datacenters.map((d) => d.name)).toEqual([...DATACENTERS]);
      await cloud.apply(build());
      // us-east-1 wrote the role: only us-east-2's instance waited for it.
      expect(waits).toEqual(['web-us-east-2/www: role web-ops to replicate to datacenter us-east-2']);
      expect((await cloud.plan(build())).hasChanges).toBe(false);
      for (const dc of DATACENTERS) {
        const machines = await cloud.clients('acme', dc).cloudapi.listMachines();
        expect(machines.map((m) => m.name).filter((n) => n.startsWith('www-'))).toEqual([`www-${dc}`]);
      }
      await cloud.destroy(build());
    });
  });
});
