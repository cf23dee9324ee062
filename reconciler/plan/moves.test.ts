import { describe, expect, it } from 'vitest';
import { manifestResource } from '../fixtures/handlers.js';
import { emptyState, type StateResource } from '../state/document.js';
import { findMoves, stateWithMoves } from './moves.js';

function entry(
  address: string,
  kind: StateResource['kind'],
  naturalKey: string,
  dependsOn: string[] = [],
): StateResource {
  return {
    address,
    kind,
    naturalKey,
    serverId: `${naturalKey}-id`,
    properties: {},
    writeOnly: {},
    dependsOn,
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

describe('renames are moves', () => {
  const state = {
    ...emptyState('prod', 'acme'),
    resources: [
      entry('prod/carol', 'user', 'carol'),
      entry('prod/carol/key', 'user-key', 'carol/aa:bb', ['prod/carol']),
      entry('prod/ops', 'role', 'ops', ['prod/carol']),
    ],
  };

  it('pairs a resource that left the manifest with one that joined it, of the same kind and natural key, children included', () => {
    const resources = [
      manifestResource('prod/carol-user', 'user', 'carol', {}),
      manifestResource('prod/carol-user/key', 'user-key', 'carol/aa:bb', {}),
      manifestResource('prod/ops', 'role', 'ops', {}),
    ];
    const moves = findMoves(resources, state);
    expect(moves).toEqual([
      { from: 'prod/carol', to: 'prod/carol-user' },
      { from: 'prod/carol/key', to: 'prod/carol-user/key' },
    ]);
    const moved = stateWithMoves(state, moves)!;
    expect(moved.resources.map((r) => [r.address, r.dependsOn])).toEqual([
      ['prod/carol-user', []],
      ['prod/carol-user/key', ['prod/carol-user']],
      ['prod/ops', ['prod/carol-user']],
    ]);
    expect(moved.serial).toBe(state.serial);
  });

  it('moves nothing when the natural key changed, the kind differs, or the pairing is ambiguous', () => {
    expect(findMoves([manifestResource('prod/carla', 'user', 'carla', {})], state)).toEqual([]);
    expect(findMoves([manifestResource('prod/carol-role', 'role', 'carol', {})], state)).toEqual([]);
    const twice = [manifestResource('prod/a', 'user', 'carol', {}), manifestResource('prod/b', 'user', 'carol', {})];
    expect(findMoves(twice, state)).toEqual([]);
    expect(findMoves([manifestResource('prod/carol-user', 'user', 'carol', {})], null)).toEqual([]);
  });
});
