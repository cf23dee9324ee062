/**
 * The web-tier example, tested with triton-iac/testing: the instances, their network, volume and
 * firewall rule at synth, and its cheap part (the operator's access and the fabric network)
 * applied to a local cloud. The whole tier is applied through the binary by test/e2e/web-tier.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCloud, Match, Template } from '../../testing/index.js';
import build from './main.js';

const CHEAP_PART = ['web-tier/ops', 'web-tier/network'];

describe('examples/web-tier', () => {
  const t = Template.fromApp(build());

  it('puts two web instances on the web network with the shared volume, behind the HTTPS rule', () => {
    t.resourceCountIs('instance', 2, {
      tags: { role: 'web' },
      firewallEnabled: true,
      volumes: [Match.objectLike({ mountpoint: '/var/www/shared' })],
      roleTags: ['ops'],
    });
    t.hasResource('fabric-network', { name: 'web', subnet: '10.120.0.0/24', gateway: '10.120.0.1' });
    t.hasResource('volume', { name: 'web-shared', size: 20480 });
    t.hasResource('firewall-rule', { rule: Match.stringLikeRegexp(/PORT 443/), enabled: true });
  });

  it('lets the operator start and stop the web instances, and nothing more', () => {
    for (const www of ['web-tier/www-1', 'web-tier/www-2']) {
      t.assertCan('weboperator', 'startmachine', www);
      t.assertCan('weboperator', 'stopmachine', www);
      t.assertCannot('weboperator', 'deletemachine', www);
    }
    t.assertCannot('weboperator', 'createmachine');
    t.assertCannot('weboperator', 'deletevolume');
  });

  describe('its cheap part applied to a local cloud', () => {
    let cloud: LocalCloud;
    beforeAll(async () => {
      cloud = await LocalCloud.start();
    });
    afterAll(() => cloud.close());

    it('creates the operator’s access and the network, then plans them clean', async () => {
      const applied = await cloud.apply(build(), { targets: CHEAP_PART });
      expect(applied.counts).toMatchObject({ created: 5 });
      expect((await cloud.plan(build(), { targets: CHEAP_PART })).hasChanges).toBe(false);
      const operator = await cloud.clientsAs('weboperator', 'acme');
      await expect(operator.cloudapi.listUsers()).rejects.toMatchObject({ status: 403 });
    });
  });
});
