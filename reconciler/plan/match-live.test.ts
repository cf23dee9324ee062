import { describe, expect, it } from 'vitest';
import { manifestResource, testHandlers, type LiveRole } from '../fixtures/handlers.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { matchLive } from './match-live.js';
import { manifestDigestOf, planChanges } from './planner.js';

const role = (id: string, name: string): LiveRole => ({ id, name, members: [], policies: [] });
const stateEntry = (address: string, naturalKey: string, serverId: string | null) => ({
  address,
  kind: 'role' as const,
  naturalKey,
  serverId,
  properties: {},
  writeOnly: {},
  dependsOn: [],
  updatedAt: 't',
});

describe('matchLive', () => {
  const ops = role('r-1', 'ops');
  const renamed = role('r-2', 'developers');
  const crashed = role('r-3', 'new');
  const stranger = role('r-4', 'hand-made');
  const state: StateDocument = {
    ...emptyState('prod', 'acme'),
    resources: [
      stateEntry('prod/ops', 'ops', 'r-1'),
      stateEntry('prod/dev', 'dev', 'r-2'),
      stateEntry('prod/gone', 'gone', 'r-9'),
    ],
  };
  const resources = [
    manifestResource('prod/ops', 'role', 'ops', {}),
    manifestResource('prod/dev', 'role', 'dev', {}),
    manifestResource('prod/new', 'role', 'new', {}),
  ];
  const result = matchLive({
    resources,
    state,
    live: new Map([['role', [stranger, crashed, renamed, ops]]]),
    handlers: testHandlers,
  });

  it('matches by the server id in state, even when the object was renamed', () => {
    expect(result.byAddress.get('prod/ops')).toBe(ops);
    expect(result.byAddress.get('prod/dev')).toBe(renamed);
  });

  it("matches an address without state by natural key, so a crashed run's object is adopted", () => {
    expect(result.byAddress.get('prod/new')).toBe(crashed);
  });

  it('leaves addresses whose object is gone unmatched and reports unclaimed objects as unmanaged', () => {
    expect(result.byAddress.has('prod/gone')).toBe(false);
    expect(result.unmanaged).toEqual([{ kind: 'role', naturalKey: 'hand-made', live: stranger }]);
  });

  it('plans unmanaged objects of authoritative kinds as deletes at a distinct address', () => {
    const changes = planChanges({
      resources: [],
      state: null,
      live: new Map(),
      handlers: testHandlers,
      unmanagedToDelete: result.unmanaged,
    });
    expect(changes).toMatchObject([
      {
        address: '~unmanaged/role/hand-made',
        action: 'delete',
        serverId: 'r-4',
        reason: 'not in the manifest, and the stack is authoritative for role',
      },
    ]);
  });

  it('digests a stack manifest independently of key order', () => {
    const a = { name: 's', account: 'a', resources: [] };
    const b = { resources: [], account: 'a', name: 's' };
    expect(manifestDigestOf(a)).toBe(manifestDigestOf(b));
    expect(manifestDigestOf(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
