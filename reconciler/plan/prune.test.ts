import { describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { emptyState } from '../state/document.js';
import { prunedBy, unretainPruned } from './prune.js';

describe('prunedBy', () => {
  const pruned = prunedBy(['/acme/stor/site']);

  it('prunes objects and links below a pruned directory, at any depth, and says why', () => {
    expect(pruned({ kind: 'object', naturalKey: '/acme/stor/site/a.txt' })).toBe(
      'not in the folder mirrored to /acme/stor/site, which deletes what the folder lacks',
    );
    expect(pruned({ kind: 'snaplink', naturalKey: '/acme/stor/site/d/link' })).toBeDefined();
  });

  it('leaves directories, other paths and a sibling with the same prefix', () => {
    expect(pruned({ kind: 'directory', naturalKey: '/acme/stor/site/d' })).toBeUndefined();
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
