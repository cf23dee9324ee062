/**
 * The image-pipeline example, tested with triton-iac/testing: the build instance, the image and its
 * export at synth, and the pipeline applied to a local cloud.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCloud, Match, Template } from '../../testing/index.js';
import build from './main.js';

describe('examples/image-pipeline', () => {
  const t = Template.fromApp(build());

  it('builds from a stopped instance, exports the image and tags both for the deployers', () => {
    const builder = t.hasResource('instance', {
      name: 'acme-web-builder',
      state: 'stopped',
      metadata: { 'user-script': Match.stringLikeRegexp(/pkgin -y install nginx/) },
      roleTags: ['deployers'],
    });
    const image = t.hasResource('image', { name: 'acme-web', version: '1.4.0', exportTo: '/acme/stor/images' });
    // The image is made from the instance and exported into the directory: both come first.
    expect(image.dependsOn).toEqual(expect.arrayContaining([builder.address, 'image-pipeline/image-exports']));
  });

  it('lets the deployer restart the builder, and delete no machine or image', () => {
    t.assertCan('deployer', 'startmachine', 'image-pipeline/builder');
    // What the policy says it is for: find the release images and provision from them.
    t.assertCan('deployer', 'listimages', '/my/images');
    t.assertCan('deployer', 'createmachine', '/my/machines');
    t.assertCannot('deployer', 'deletemachine');
    t.assertCannot('deployer', 'deleteimage');
  });

  describe('applied to a local cloud', () => {
    let cloud: LocalCloud;
    beforeAll(async () => {
      cloud = await LocalCloud.start();
    });
    afterAll(() => cloud.close());

    it('stops the builder, makes the image and exports its manifest', async () => {
      await cloud.apply(build());
      const { cloudapi, manta } = cloud.clients('acme');
      const [builder] = await cloudapi.listMachines({ name: 'acme-web-builder' });
      expect(builder?.state).toBe('stopped');
      const exported = await manta.getObjectBuffer('/acme/stor/images/acme-web-1.4.0.imgmanifest');
      expect(JSON.parse(exported!.data.toString())).toMatchObject({ name: 'acme-web', version: '1.4.0' });
    });
  });
});
