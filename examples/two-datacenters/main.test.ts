/**
 * The two-datacenters example, tested with triton-iac/testing at synth: the RBAC once, in the
 * account stack; in each datacenter's stack a web instance carrying the account stack's role and a
 * rule opening 443. It is applied against a two-datacenter emulator (replication delay, faults) by
 * test/e2e/two-datacenters.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Template } from '../../testing/index.js';
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
});
