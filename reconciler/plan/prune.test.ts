import { describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { emptyState } from '../state/document.js';
import { orderTreeDeletes, prunedBy, unretainPruned } from './prune.js';
import { StackWrites } from './stack-writes.js';
import type { ResourceChange } from './types.js';

describe('prunedBy', () => {
  const pruned = prunedBy(['/acme/stor/site']);

  it('prunes objects and links below a pruned directory, at any depth, and says why', () => {
    expect(pruned({ kind: 'object', naturalKey: '/acme/stor/site/a.txt' })).toBe(
      'not in the folder mirrored to /acme/stor/site, which deletes what the folder lacks',
    );
    expect(pruned({ kind: 'snaplink', naturalKey: '/acme/stor/site/d/link' })).toBeDefined();
  });

  it('prunes directories below a pruned directory too (their content is listed and goes first)', () => {
    expect(pruned({ kind: 'directory', naturalKey: '/acme/stor/site/d' })).toBeDefined();
    expect(pruned({ kind: 'directory', naturalKey: '/acme/stor/site' })).toBeUndefined();
  });

  it('leaves what the stack wrote there, and a directory holding it', () => {
    const writes = new StackWrites([{ path: '/acme/stor/site/keys/ci.json', by: 'web/ci', what: 'the secret' }]);
    const keeping = prunedBy(['/acme/stor/site'], writes);
    expect(keeping({ kind: 'object', naturalKey: '/acme/stor/site/keys/ci.json' })).toBeUndefined();
    expect(keeping({ kind: 'directory', naturalKey: '/acme/stor/site/keys' })).toBeUndefined();
    expect(keeping({ kind: 'object', naturalKey: '/acme/stor/site/keys/other.json' })).toBeDefined();
  });

  it('leaves other paths and a sibling with the same prefix', () => {
    expect(pruned({ kind: 'object', naturalKey: '/acme/stor/site2/a.txt' })).toBeUndefined();
    expect(pruned({ kind: 'object', naturalKey: '/acme/stor/site' })).toBeUndefined();
    expect(prunedBy(undefined)({ kind: 'object', naturalKey: '/acme/stor/site/a.txt' })).toBeUndefined();
  });
});

describe('unretainPruned', () => {
  const entry = (address: string, naturalKey: string) => ({
    address,
    kind: 'object' as const,
    naturalKey,
    serverId: null,
    properties: {},
    writeOnly: {},
    dependsOn: [],
    updatedAt: '2026-11-26T10:00:00Z',
    options: { retainOnDelete: true },
  });
  const state = {
    ...emptyState('web', 'acme'),
    resources: [entry('web/site/gone.txt', '/acme/stor/site/gone.txt'), entry('web/other', '/acme/stor/other.txt')],
  };
  const stack: StackManifest = { name: 'web', account: 'acme', prune: ['/acme/stor/site'], resources: [] };

  it('lifts retainOnDelete from a file that left a pruned tree, and from nothing else', () => {
    const options = new Map([
      ['web/site/gone.txt', { retainOnDelete: true, protect: true }],
      ['web/other', { retainOnDelete: true }],
    ]);
    const out = unretainPruned(options, stack, state);
    expect(out.get('web/site/gone.txt')).toEqual({ protect: true });
    expect(out.get('web/other')).toEqual({ retainOnDelete: true });
  });
});

describe('unretainPruned with a file and folder swap', () => {
  it('lifts retainOnDelete from an entry whose path a declaration of another kind claims, and from what a folder that became a file held', () => {
    const entry = (address: string, kind: 'object' | 'directory', naturalKey: string) => ({
      address,
      kind,
      naturalKey,
      serverId: null,
      properties: {},
      writeOnly: {},
      dependsOn: [],
      updatedAt: '2026-11-26T10:00:00Z',
      options: { retainOnDelete: true },
    });
    const state = {
      ...emptyState('web', 'acme'),
      resources: [
        entry('web/site/x', 'object', '/acme/stor/site/x'),
        entry('web/site/n', 'directory', '/acme/stor/site/n'),
        entry('web/site/n/f', 'object', '/acme/stor/site/n/f'),
        entry('web/site/kept', 'object', '/acme/stor/site/kept'),
      ],
    };
    const declared = (address: string, kind: 'object' | 'directory', naturalKey: string) => ({
      address: `${address} (new)`,
      kind,
      naturalKey,
      properties: {},
      dependsOn: [],
    });
    const stack = {
      name: 'web',
      account: 'acme',
      resources: [
        declared('web/site/x', 'directory', '/acme/stor/site/x'),
        declared('web/site/n', 'object', '/acme/stor/site/n'),
      ],
    } as unknown as StackManifest;
    const options = new Map(state.resources.map((r) => [r.address, { retainOnDelete: true }]));
    const out = unretainPruned(options, stack, state);
    expect(out.get('web/site/x')).toEqual({});
    expect(out.get('web/site/n')).toEqual({});
    expect(out.get('web/site/n/f')).toEqual({});
    expect(out.get('web/site/kept')).toEqual({ retainOnDelete: true });
  });
});

describe('orderTreeDeletes', () => {
  const del = (address: string, kind: string, naturalKey: string): ResourceChange =>
    ({
      address,
      kind,
      naturalKey,
      action: 'delete',
      before: {},
      after: null,
      patch: [],
      sensitive: [],
      unknown: [],
      dependsOn: [],
    }) as unknown as ResourceChange;

  it("makes an unmanaged entry's delete depend on the delete of the directory holding it", () => {
    const out = orderTreeDeletes(
      [
        del('~unmanaged/directory//acme/stor/site/gone', 'directory', '/acme/stor/site/gone'),
        del('~unmanaged/object//acme/stor/site/gone/a', 'object', '/acme/stor/site/gone/a'),
        del('~unmanaged/object//acme/stor/site/b', 'object', '/acme/stor/site/b'),
      ],
      '~unmanaged/',
    );
    expect(out.map((c) => c.dependsOn)).toEqual([[], ['~unmanaged/directory//acme/stor/site/gone'], []]);
  });
});
