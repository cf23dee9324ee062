/**
 * The manta-layout example, tested with triton-iac/testing: the directory tree, the role tags on the
 * logs and the job at synth, then the whole layout applied to a local cloud.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCloud, Match, Template } from '../../testing/index.js';
import build from './main.js';

describe('examples/manta-layout', () => {
  const t = Template.fromApp(build());

  it('declares four directories, the logs tagged for their readers, and a snaplink to the report', () => {
    t.resourceCountIs('directory', 4);
    t.resourceCountIs('object', 2, { roleTags: ['log-readers'] });
    t.hasResource('directory', { path: '/acme/stor/logs', roleTags: ['log-readers'] });
    t.hasResource('directory', { path: '/acme/stor/logs/2026', roleTags: Match.absent() });
    t.hasResource('snaplink', { path: '/acme/public/reports/latest.txt', source: '/acme/public/reports/2026-11.txt' });
    t.hasResource('job', {
      phases: [
        Match.objectLike({ type: 'map', assets: ['/acme/stor/tools/status-count.sh'] }),
        Match.objectLike({ type: 'reduce' }),
      ],
    });
  });

  describe('applied to a local cloud', () => {
    let cloud: LocalCloud;
    beforeAll(async () => {
      cloud = await LocalCloud.start();
    });
    afterAll(() => cloud.close());

    it('creates the layout and reports no drift', async () => {
      const applied = await cloud.apply(build());
      expect(applied.counts).toMatchObject({ created: t.stack.resources.length });
      const report = await cloud.clients('acme').manta.getObjectBuffer('/acme/public/reports/latest.txt');
      expect(report?.data.toString()).toContain('November 2026');
      expect((await cloud.drift(build())).hasDrift).toBe(false);
    });
  });
});
