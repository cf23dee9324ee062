import { describe, expect, it } from 'vitest';
import type { StateDocument } from '../state/document.js';
import { unmanagedObjects } from './unmanaged-objects.js';

const state: StateDocument = {
  formatVersion: 1,
  serial: 3,
  lineage: 'l',
  stack: 's',
  account: 'acme',
  resources: [
    {
      address: 's/bob',
      kind: 'user',
      naturalKey: 'bob',
      serverId: 'u-1',
      properties: { login: 'bob' },
      writeOnly: {},
      dependsOn: [],
      updatedAt: '2026-01-01T00:00:00Z',
    },
    {
      address: 's/tags',
      kind: 'role-tag',
      naturalKey: '/acme/users',
      serverId: null,
      properties: { path: '/acme/users', roles: ['readers'] },
      writeOnly: {},
      dependsOn: [],
      updatedAt: '2026-01-01T00:00:00Z',
    },
  ],
};

describe('unmanaged objects', () => {
  it('reports what neither the state nor any declaration names, keys first, and roles tagged by nobody', () => {
    const r = unmanagedObjects({
      seen: [
        { kind: 'user', naturalKey: 'bob', serverId: 'u-1', properties: {} },
        // Renamed outside: still the managed object, found by its server id.
        { kind: 'user', naturalKey: 'robert', serverId: 'u-1', properties: {} },
        { kind: 'user', naturalKey: 'eve', serverId: 'u-2', properties: {}, appeared: '2026-02-02T00:00:00Z' },
        { kind: 'role', naturalKey: 'ops', serverId: 'r-1', properties: { members: [], policies: [] } },
        { kind: 'key', naturalKey: 'aa:bb', serverId: 'aa:bb', properties: { name: 'laptop' } },
        { kind: 'key', naturalKey: 'cc:dd', serverId: 'cc:dd', properties: { name: 'ci' } },
      ],
      roleTags: new Map([
        ['/acme/users', ['readers', 'ops']],
        ['/acme/machines', ['ops']],
      ]),
      state,
      declared: [{ kind: 'role', naturalKey: 'ops', properties: {} }],
      ignore: [{ kind: 'key', name: 'ci' }],
      exempt: (kind, key) => kind === 'key' && key === 'ee:ff',
    });
    expect(r.reported.map((o) => [o.kind, o.id, o.name])).toEqual([
      ['key', 'aa:bb', 'laptop'],
      ['user', 'eve', undefined],
      ['role-tag', '/acme/machines', 'ops'],
      ['role-tag', '/acme/users', 'ops'],
    ]);
    expect(r.reported[1]!.appeared).toBe('2026-02-02T00:00:00Z');
    expect(r.ignored.map((i) => i.object.id)).toEqual(['cc:dd']);
  });

  it('leaves every role on a path an exclusive role tag owns, and the exempt key', () => {
    const r = unmanagedObjects({
      seen: [{ kind: 'key', naturalKey: 'ee:ff', serverId: 'ee:ff', properties: {} }],
      roleTags: new Map([['/acme/keys', ['x', 'y']]]),
      state: null,
      declared: [{ kind: 'role-tag', naturalKey: '/acme/keys', properties: { roles: ['x'], exclusive: true } }],
      ignore: [],
      exempt: (kind, key) => kind === 'key' && key === 'ee:ff',
    });
    expect(r.reported).toEqual([]);
  });
});

describe('unmanaged objects of kinds reported only when managed', () => {
  const seen = [
    { kind: 'instance' as const, naturalKey: 'web-1', serverId: 'm-1', properties: { package: 'g4-highcpu-1G' } },
    {
      kind: 'instance' as const,
      naturalKey: 'miner',
      serverId: 'm-2',
      properties: { package: 'g4-highcpu-8G' },
      appeared: '2026-03-03T00:00:00Z',
    },
  ];

  it('leaves out the instances of an app that manages none (another tool’s business)', () => {
    const r = unmanagedObjects({ seen, roleTags: new Map(), state, declared: [], ignore: [] });
    expect(r.reported).toEqual([]);
  });

  it('reports each instance no stack manages once a stack declares one, with its note and when it appeared', () => {
    const r = unmanagedObjects({
      seen,
      roleTags: new Map(),
      state,
      declared: [{ kind: 'instance', naturalKey: 'web-1', properties: {} }],
      ignore: [],
    });
    expect(r.reported).toEqual([
      {
        kind: 'instance',
        id: 'miner',
        appeared: '2026-03-03T00:00:00Z',
        note: 'an instance of package g4-highcpu-8G',
      },
    ]);
  });
});
