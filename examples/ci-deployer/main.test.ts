/**
 * The ci-deployer example, tested with triton-iac/testing: who may do what at synth (with a rule
 * condition), then applied to a local cloud after the owner made the `ci` role the site is tagged with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCloud, Match, Template } from '../../testing/index.js';
import build from './main.js';

describe('examples/ci-deployer', () => {
  const t = Template.fromApp(build());

  it('declares three users, the ops and auditors roles and a non-exclusive tag on the machines', () => {
    t.resourceCountIs('user', 3);
    t.hasResource('role', { name: 'ops', policies: Match.arrayWith(['read-only', 'restart']) });
    t.hasResource('role-tag', { path: '/acme/machines', roles: ['ops'], exclusive: Match.not(true) });
    t.hasResource('object', { path: '/acme/stor/site/index.html', roleTags: ['ci'] });
  });

  it('lets alice look at machines, and restart them from the office network only', () => {
    t.assertCan('alice', 'getmachine', '/my/machines');
    t.assertCan('alice', 'rebootmachine', '/my/machines', { when: { sourceIp: '10.1.2.3' } });
    expect(t.can('alice', 'rebootmachine', '/my/machines', { when: { sourceIp: '192.0.2.1' } }).allowed).toBe(false);
  });

  it('lets bob in only when he takes up ops, and carol nowhere', () => {
    expect(t.can('bob', 'listmachines', '/my/machines').allowed).toBe(false);
    t.assertCan('bob', 'listmachines', '/my/machines', { roles: ['ops'] });
    t.assertCannot('carol', 'getmachine');
    t.assertCannot('carol', 'deleteuser');
  });

  describe('applied to a local cloud', () => {
    let cloud: LocalCloud;
    beforeAll(async () => {
      cloud = await LocalCloud.start({ accounts: ['acme'] });
    });
    afterAll(() => cloud.close());

    it('applies once the owner has made the ci role, and then has no drift', async () => {
      await cloud.clients('acme').cloudapi.createRole({ name: 'ci' });
      const applied = await cloud.apply(build());
      expect(applied.ok).toBe(true);
      expect((await cloud.drift(build())).hasDrift).toBe(false);
      const alice = await cloud.clientsAs('alice', 'acme');
      // The emulator decides as the synth did: alice may list machines, not users.
      expect(await alice.cloudapi.listMachines()).toHaveLength(3);
      await expect(alice.cloudapi.listUsers()).rejects.toMatchObject({ status: 403 });
    });
  });
});
