import { describe, expect, it } from 'vitest';
import { confirmDrift } from './drift.js';
import type { PlanAction, ResourceChange } from './types.js';

const change = (address: string, action: PlanAction, members: string[] = []): ResourceChange => ({
  address,
  kind: 'role',
  naturalKey: address,
  action,
  before: {},
  after: { members },
  dependsOn: [],
  sensitive: [],
  unknown: [],
  patch: action === 'update' ? [{ op: 'replace', path: '/members', value: members }] : [],
});

describe('confirmDrift', () => {
  it('reports only differences that a second read confirms', () => {
    const first = [change('ops', 'update', ['a']), change('dev', 'update', ['b']), change('qa', 'no-op')];
    const second = [change('ops', 'update', ['a']), change('dev', 'no-op'), change('qa', 'update', ['c'])];
    expect(confirmDrift(first, second).map((c) => c.address)).toEqual(['ops']);
  });

  it('does not confirm a difference whose patch changed between the reads', () => {
    expect(confirmDrift([change('ops', 'update', ['a'])], [change('ops', 'update', ['b'])])).toEqual([]);
  });

  it('confirms an object deleted outside triton-iac when both reads miss it', () => {
    expect(confirmDrift([change('ops', 'create')], [change('ops', 'create')]).map((c) => c.action)).toEqual(['create']);
  });
});
