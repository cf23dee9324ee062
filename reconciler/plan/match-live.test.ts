import { describe, expect, it } from 'vitest';
import { manifestResource, roleStateEntry, testHandlers, type LiveRole } from '../fixtures/handlers.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { matchLive } from './match-live.js';
import { manifestDigestOf, planChanges } from './planner.js';

const role = (id: string, name: string): LiveRole => ({ id, name, members: [], policies: [] });

describe('matchLive', () => {
  const ops = role('r-1', 'ops');
  const renamed = role('r-2', 'developers');
  const crashed = role('r-3', 'new');
  const stranger = role('r-4', 'hand-made');
  const state: StateDocument = {
    ...emptyState('prod', 'acme'),
    resources: [
      roleStateEntry('prod/ops', 'ops', 'r-1'),
      roleStateEntry('prod/dev', 'dev', 'r-2'),
      roleStateEntry('prod/gone', 'gone', 'r-9'),
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

  it('looks at each live object a bounded number of times, however many addresses there are', () => {
    const n = 2_000;
    const live = Array.from({ length: n }, (_, i) => role(`r-${i}`, `role-${i}`));
    const roles = testHandlers.get('role')!;
    let looks = 0;
    const counting = new Map(testHandlers);
    counting.set('role', {
      ...roles,
      idOf: (l: never) => (looks++, roles.idOf(l)),
      naturalKeyOf: (l: never) => (looks++, roles.naturalKeyOf(l)),
    } as typeof roles);
    // Half of the objects are in the state (matched by id), half are declared only (by natural key).
    const inState = live.slice(0, n / 2).map((l, i) => roleStateEntry(`big/r${i}`, l.name, l.id));
    const declared = live.map((l, i) => manifestResource(`big/r${i}`, 'role', l.name, {}));
    const big = matchLive({
      resources: declared,
      state: { ...emptyState('big', 'acme'), resources: inState },
      live: new Map([['role', live]]),
      handlers: counting,
    });
    expect(big.byAddress.size).toBe(n);
    expect([...big.byAddress].every(([address, l]) => address === `big/r${(l as LiveRole).id.slice(2)}`)).toBe(true);
    expect(looks).toBeLessThanOrEqual(2 * n);
  });

  it('gives objects that share an id or a natural key to addresses in list order, one each', () => {
    const first = role('r-1', 'twin');
    const second = role('r-1', 'twin');
    const twins = matchLive({
      resources: [manifestResource('p/a', 'role', 'twin', {}), manifestResource('p/b', 'role', 'twin', {})],
      state: { ...emptyState('p', 'acme'), resources: [roleStateEntry('p/a', 'twin', 'r-1')] },
      live: new Map([['role', [first, second]]]),
      handlers: testHandlers,
    });
    expect(twins.byAddress.get('p/a')).toBe(first);
    expect(twins.byAddress.get('p/b')).toBe(second);
    expect(twins.unmanaged).toEqual([]);
  });

  it('digests a stack manifest independently of key order', () => {
    const a = { name: 's', account: 'a', resources: [] };
    const b = { resources: [], account: 'a', name: 's' };
    expect(manifestDigestOf(a)).toBe(manifestDigestOf(b));
    expect(manifestDigestOf(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
