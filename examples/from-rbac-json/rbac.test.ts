/**
 * The from-rbac-json example, tested with triton-iac/testing: the vendor CLI's rbac.json read into a
 * stack, its access decided at synth, then applied to a local cloud whose answers agree.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRbacJson, TritonApp, TritonStack } from '../../index.js';
import { LocalCloud, Match, Template } from '../../testing/index.js';

function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'rbac', { account: 'acme' });
  fromRbacJson(stack, fileURLToPath(new URL('./rbac.json', import.meta.url)));
  return app;
}

describe('examples/from-rbac-json', () => {
  it('declares the file’s users, roles and policies', () => {
    const t = Template.fromApp(build());
    t.resourceCountIs('user', 2);
    t.hasResource('role', {
      name: 'ops',
      members: Match.arrayWith([
        { login: 'alice', default: true },
        { login: 'bob', default: false },
      ]),
    });
    t.hasResource('policy', { name: 'restart', rules: ['CAN rebootmachine'] });
    // The file tags nothing with a role, so no sub-user may do anything yet.
    t.assertCannot('alice', 'listmachines');
    t.assertCannot('bob', 'rebootmachine');
  });

  describe('applied to a local cloud', () => {
    let cloud: LocalCloud;
    beforeAll(async () => {
      cloud = await LocalCloud.start();
    });
    afterAll(() => cloud.close());

    it('creates the objects, and the cloud refuses what the synth said it would', async () => {
      const applied = await cloud.apply(build());
      expect(applied.counts['created']).toBe(Template.fromApp(build()).stack.resources.length);
      expect((await cloud.plan(build())).hasChanges).toBe(false);
      const alice = await cloud.clientsAs('alice', 'acme');
      await expect(alice.cloudapi.listMachines()).rejects.toMatchObject({ status: 403 });
    });
  });
});
