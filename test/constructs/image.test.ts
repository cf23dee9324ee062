import { describe, expect, it } from 'vitest';
import { Datacenter, Directory, Image, Role, StorObject } from '../../index.js';
import { newStack, resource } from './support.js';

const MACHINE = '5e9a1e3c-5b2d-4b4e-9c1a-1f2e3d4c5b6a';
const FRIEND = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

describe('images and look-ups', () => {
  it('GIVEN an Image with every field WHEN synthesized THEN the manifest has them, acl sorted, keyed by name@version, after its export directory and tag role', () => {
    const { app, stack } = newStack();
    new Directory(stack, 'exports', { path: '~~/stor/images' });
    const ops = new Role(stack, 'ops', {});
    new Image(stack, 'web', {
      machine: MACHINE,
      name: 'web-base',
      version: '1.2.0',
      description: 'nginx on base-64',
      homepage: 'https://acme.example/web',
      eula: 'https://acme.example/eula',
      acl: [FRIEND, MACHINE],
      tags: { role: 'web' },
      exportTo: '~~/stor/images',
      roleTags: [ops],
    });
    expect(resource(app.synth(), 'prod/web')).toEqual({
      address: 'prod/web',
      kind: 'image',
      naturalKey: 'web-base@1.2.0',
      properties: {
        machine: MACHINE,
        name: 'web-base',
        version: '1.2.0',
        description: 'nginx on base-64',
        homepage: 'https://acme.example/web',
        eula: 'https://acme.example/eula',
        acl: [FRIEND, MACHINE],
        tags: { role: 'web' },
        exportTo: '/acme/stor/images',
        roleTags: ['ops'],
      },
      dependsOn: ['prod/exports', 'prod/ops'],
    });
  });

  it("GIVEN Image.lookup WHEN its id is used in another image's tags and an object header THEN both hold a $ref and depend on the look-up", () => {
    const { app, stack } = newStack();
    const base = Image.lookup(stack, 'base', { name: 'base-64-lts', os: 'smartos', mostRecent: true });
    new Image(stack, 'web', { machine: MACHINE, name: 'web', version: '1', tags: { base: base.imageId } });
    new StorObject(stack, 'note', {
      path: '/acme/stor/note.txt',
      content: 'built',
      headers: { 'm-image': base.imageId },
    });
    const m = app.synth();
    const ref = { $ref: { address: 'prod/base', attribute: 'id' } };
    expect(resource(m, 'prod/base')).toEqual({
      address: 'prod/base',
      kind: 'image-lookup',
      naturalKey: 'mostRecent=true&name=base-64-lts&os=smartos',
      properties: { name: 'base-64-lts', os: 'smartos', mostRecent: true },
      dependsOn: [],
    });
    expect(resource(m, 'prod/web').properties.tags).toEqual({ base: ref });
    expect(resource(m, 'prod/web').dependsOn).toEqual(['prod/base']);
    expect(resource(m, 'prod/note').properties.headers).toEqual({ 'm-image': ref });
  });

  it("GIVEN an Image WHEN its id is used THEN the reference names the image's address and refuses to become a string", () => {
    const { stack } = newStack();
    const web = new Image(stack, 'web', { machine: MACHINE, name: 'web', version: '1' });
    expect(web.imageId.toJSON()).toEqual({ $ref: { address: 'prod/web', attribute: 'id' } });
    expect(() => `${web.imageId}`).toThrow('prod/web.id is known only after apply and cannot be used inside a string');
  });

  it('GIVEN a datacenter look-up WHEN synthesized THEN it is a read-only entry keyed by name whose url is a reference', () => {
    const { app, stack } = newStack();
    const dc = Datacenter.lookup(stack, 'east', { name: 'us-east-1' });
    expect(resource(app.synth(), 'prod/east')).toEqual({
      address: 'prod/east',
      kind: 'datacenter-lookup',
      naturalKey: 'us-east-1',
      properties: { name: 'us-east-1' },
      dependsOn: [],
    });
    expect(dc.url.toJSON()).toEqual({ $ref: { address: 'prod/east', attribute: 'url' } });
  });
});
