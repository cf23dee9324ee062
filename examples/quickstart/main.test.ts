/**
 * The quickstart example, tested with triton-iac/testing: its people, policies and object store at
 * synth, its access rules with their conditions, and the whole app applied to a local cloud.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCloud, Match, Template } from '../../testing/index.js';
import build from './main.js';

/** A Monday morning, from the office network: when the operate policy's condition holds. */
const OFFICE = { sourceIp: '10.0.4.2', time: '2026-11-23T09:30:00Z' } as const;

describe('examples/quickstart', () => {
  const t = Template.fromApp(build());

  it('declares three sub-users with their keys, and the site in the object store', () => {
    t.resourceCountIs('user', 3);
    t.resourceCountIs('user-key', 3);
    t.hasResource('user', {
      login: 'alice',
      firstName: 'Alice',
      password: { $secret: { source: 'env', name: 'ALICE_PASSWORD' } },
    });
    t.hasResource('object', {
      path: '/acme/stor/site/index.html',
      contentType: 'text/html; charset=utf-8',
      headers: Match.objectLike({ 'cache-control': 'max-age=300' }),
      roleTags: ['publishers'],
    });
    t.hasResource('snaplink', {
      path: '/acme/public/releases/latest.txt',
      source: '/acme/public/releases/2026-11.txt',
    });
    t.hasResource('job', { phases: Match.arrayWith([Match.objectLike({ type: 'reduce', count: 1 })]) });
  });

  it('lets alice restart machines only from the office network on a weekday', () => {
    t.assertCan('alice', 'getmachine', '/my/machines');
    t.assertCan('alice', 'rebootmachine', '/my/machines', { when: OFFICE });
    const saturday = t.can('alice', 'rebootmachine', '/my/machines', {
      when: { ...OFFICE, time: '2026-11-28T09:30:00Z' },
    });
    expect(saturday.allowed).toBe(false);
    expect(saturday.reason).toContain('its condition does not hold');
  });

  it('keeps the CI user to publishing the site', () => {
    t.assertCan('ci_deployer', 'putobject', '/my/stor/site/index.html');
    t.assertCannot('ci_deployer', 'deletemachine');
    t.assertCannot('ci_deployer', 'getuser');
    t.assertCannot('bob', 'putobject');
  });

  describe('applied to a local cloud', () => {
    let cloud: LocalCloud;
    beforeAll(async () => {
      cloud = await LocalCloud.start({ env: { ALICE_PASSWORD: 'quickstart-Test-9' } });
    });
    afterAll(() => cloud.close());

    it('creates everything and plans clean afterwards', async () => {
      const applied = await cloud.apply(build());
      expect(applied.failed).toEqual([]);
      expect((await cloud.plan(build())).hasChanges).toBe(false);
      const owner = cloud.clients('acme');
      const notes = await owner.manta.getObjectBuffer('/acme/public/releases/latest.txt');
      expect(notes?.data.toString()).toBe('November 2026: faster status page.\n');
      // The CI user signs with a key of its own and may read the site it publishes.
      const ci = await cloud.clientsAs('ci_deployer', 'acme');
      expect((await ci.manta.getObjectBuffer('/acme/stor/site/index.html'))?.data.toString()).toContain('<');
    });
  });
});
