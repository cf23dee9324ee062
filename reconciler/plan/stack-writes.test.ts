import { describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { declaredByOtherStacks } from './moved-to-stack.js';
import { StackWrites, stackWrites } from './stack-writes.js';

describe('stackWrites', () => {
  const stack = {
    name: 'web',
    account: 'acme',
    state: { type: 'manta', path: '/acme/stor/site/state/web.json' },
    resources: [
      {
        address: 'web/ci',
        kind: 'access-key',
        naturalKey: 'ci',
        properties: { description: 'ci', secretTo: { object: '/acme/stor/site/keys/ci.json' } },
        dependsOn: [],
      },
      {
        address: 'web/base',
        kind: 'image',
        naturalKey: 'base@1.0',
        properties: { name: 'base', version: '1.0', exportTo: '/acme/stor/site/images' },
        dependsOn: [],
      },
    ],
  } as unknown as StackManifest;

  it('names the secret an access key hands over, both forms of an image export, and the state in Manta', () => {
    const paths = stackWrites(stack, null).map((w) => `${w.path} ${w.by ?? '-'} ${w.what}`);
    expect(paths).toEqual([
      '/acme/stor/site/keys/ci.json web/ci the secret it handed over',
      ...['images', 'images/base-1.0'].flatMap((stem) =>
        ['.imgmanifest', '.zfs.gz', '.zfs.bz2', '.zfs.xz', '.zfs'].map(
          (s) => `/acme/stor/site/${stem}${s} web/base its export`,
        ),
      ),
      "/acme/stor/site/state/web.json - the stack's state",
      "/acme/stor/site/state/web.json.lock - the lock of the stack's state",
      "/acme/stor/site/state/web.json.history - the history of the stack's state",
    ]);
  });

  it("owns what it wrote, the directories holding it, and the state's history below its directory", () => {
    const writes = new StackWrites(stackWrites(stack, null));
    expect(writes.owns('object', '/acme/stor/site/keys/ci.json')).toBe(true);
    expect(writes.owns('directory', '/acme/stor/site/keys')).toBe(true);
    expect(writes.owns('object', '/acme/stor/site/state/web.json.history/3.json')).toBe(true);
    expect(writes.owns('directory', '/acme/stor/site/state/web.json.history/audit')).toBe(true);
    expect(writes.owns('object', '/acme/stor/site/keys/other.json')).toBe(false);
    expect(writes.owns('object', '/acme/stor/site/keys')).toBe(false);
  });
});

describe('what other stacks of the app write', () => {
  it('is named by the other stack among what it declares, and is never this stack to delete', () => {
    const other = {
      name: 'keys',
      account: 'acme',
      resources: [
        {
          address: 'keys/ci',
          kind: 'access-key',
          naturalKey: 'ci',
          properties: { description: 'ci', secretTo: { object: '/acme/stor/site/ci.json' } },
          dependsOn: [],
        },
      ],
    } as unknown as StackManifest;
    const elsewhere = declaredByOtherStacks([other], { name: 'web', account: 'acme' });
    expect(elsewhere.get('object\u0000/acme/stor/site/ci.json')).toBe('keys');
    const written = stackWrites({ name: 'web', account: 'acme', resources: [] }, null, other.resources);
    expect(written).toEqual([{ path: '/acme/stor/site/ci.json', what: 'written by another stack of this app' }]);
  });
});
