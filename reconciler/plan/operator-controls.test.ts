import { describe, expect, it } from 'vitest';
import type { ResourceChange } from './types.js';
import { exclusionsOf, withOperatorControls } from './operator-controls.js';

const change = (address: string, action: ResourceChange['action'], dependsOn: string[] = []): ResourceChange => ({
  address,
  kind: address.includes('policy') ? 'policy' : address.includes('role') ? 'role' : 'user',
  naturalKey: address,
  action,
  before: {},
  after: {},
  patch: [],
  sensitive: [],
  unknown: [],
  dependsOn,
});
const deps = new Map<string, readonly string[]>([
  ['s/user', []],
  ['s/policy', []],
  ['s/role', ['s/user', 's/policy']],
  ['s/role-tag-role', ['s/role']],
]);
const changes = [
  change('s/user', 'no-op'),
  change('s/policy', 'no-op'),
  change('s/role', 'update', ['s/user', 's/policy']),
  change('s/role-tag-role', 'no-op', ['s/role']),
];
const strategy = (): 'delete-then-create' => 'delete-then-create';

describe('--replace and --exclude', () => {
  it('excludes an address and, transitively, what depends on it, saying on what', () => {
    expect(exclusionsOf(['s/user'], deps)).toEqual([
      { address: 's/user' },
      { address: 's/role', dependsOn: 's/user' },
      { address: 's/role-tag-role', dependsOn: 's/role' },
    ]);
    const out = withOperatorControls(changes, { exclude: ['s/user'] }, deps, 's', strategy);
    expect(out.map((c) => c.address)).toEqual(['s/policy']);
  });

  it('replaces an unchanged resource, and what depends on it when it is deleted first', () => {
    const out = withOperatorControls(changes, { replace: ['s/policy'] }, deps, 's', strategy);
    expect(out.map((c) => [c.address, c.action, c.reason])).toEqual([
      ['s/user', 'no-op', undefined],
      ['s/policy', 'replace', 'replacement forced by --replace'],
      ['s/role', 'replace', 'it depends on s/policy, which is deleted and created again (--replace)'],
      ['s/role-tag-role', 'replace', 'it depends on s/role, which is deleted and created again (--replace)'],
    ]);
    expect(out[1]!.replaceStrategy).toBe('delete-then-create');
  });

  it('refuses an unknown address with a suggestion, a create, and an address both replaced and excluded', () => {
    expect(() => withOperatorControls(changes, { replace: ['s/polcy'] }, deps, 's', strategy)).toThrow(
      '--replace s/polcy (did you mean "s/policy"?): no such address in the manifest or the state of stack s',
    );
    expect(() =>
      withOperatorControls([change('s/user', 'create')], { replace: ['s/user'] }, deps, 's', strategy),
    ).toThrow('--replace s/user: cannot replace it, because it does not exist yet: the plan creates it');
    expect(() =>
      withOperatorControls(changes, { replace: ['s/role'], exclude: ['s/user'] }, deps, 's', strategy),
    ).toThrow('--replace s/role: the address is also excluded');
  });
});
