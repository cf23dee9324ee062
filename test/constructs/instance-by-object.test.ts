/**
 * An Instance takes its image and package by object (an Image look-up, a PackageLookup), as a user
 * holding those constructs would write it; the manifest holds references to their attributes, the
 * plan orders the look-ups first, and anything else given there is refused naming its class.
 */
import { describe, expect, it } from 'vitest';
import { Image, Instance, PackageLookup, Policy, TritonApp, TritonStack } from '../../index.js';

describe('Instance image and package by object', () => {
  it('renders an image look-up and a package look-up as references, and depends on both', () => {
    const app = new TritonApp();
    const stack = new TritonStack(app, 's', { account: 'acme' });
    const image = Image.lookup(stack, 'base', { name: 'base-64-lts' });
    const pkg = new PackageLookup(stack, 'small', { name: 'g4-highcpu-1G' });
    new Instance(stack, 'web', { name: 'web-1', image, package: pkg });
    const resources = app.synth().stacks[0]!.resources;
    const web = resources.find((r) => r.kind === 'instance')!;
    expect(web.properties['image']).toEqual({ $ref: { address: 's/base', attribute: 'id' } });
    expect(web.properties['package']).toEqual({ $ref: { address: 's/small', attribute: 'name' } });
    expect(web.dependsOn).toEqual(expect.arrayContaining(['s/base', 's/small']));
  });

  it('refuses another construct there, naming its class instead of failing on its circular tree', () => {
    const app = new TritonApp();
    const stack = new TritonStack(app, 's', { account: 'acme' });
    const policy = new Policy(stack, 'p', { rules: ['CAN getmachine'] });
    expect(
      () => new Instance(stack, 'web', { name: 'web-1', image: policy as never, package: 'g4-highcpu-1G' }),
    ).toThrow('s/web: image <Policy>: must be an Image or ImageLookup, an image id (UUID) or a reference to an image');
  });
});
