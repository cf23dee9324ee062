import { describe, expect, it } from 'vitest';
import type { PlanAction, ResourceChange } from '../plan/types.js';
import { collapsedGroups, COLLAPSE_AFTER } from './collapse.js';

const change = (address: string, kind: ResourceChange['kind'], action: PlanAction): ResourceChange => ({
  address,
  kind,
  naturalKey: `/acme/stor/${address}`,
  action,
  before: null,
  after: null,
  patch: [],
  sensitive: [],
  unknown: [],
  dependsOn: [],
});

const files = (n: number, action: PlanAction, from = 0): ResourceChange[] =>
  Array.from({ length: n }, (_, i) => change(`web/site/f${from + i}.txt`, 'object', action));

describe('collapsedGroups', () => {
  it('summarises a large group of one construct, counting files added, changed and removed and directories', () => {
    const changes = [
      change('web/site/.', 'directory', 'create'),
      ...files(40, 'create'),
      ...files(3, 'update', 100),
      ...files(2, 'delete', 200),
      change('web/readers', 'role', 'create'),
    ];
    const [group, ...rest] = collapsedGroups(changes, false);
    expect(rest).toEqual([]);
    expect(group!.prefix).toBe('web/site');
    expect(group!.firstAddress).toBe('web/site/.');
    expect(group!.addresses.size).toBe(46);
    expect(group!.addresses.has('web/readers')).toBe(false);
    expect(group!.summary).toBe('+ 40 files, ~ 3 changed, - 2 removed; directories + 1');
  });

  it('lists a group of a few dozen, every group with --verbose, and never a conflict', () => {
    expect(collapsedGroups(files(COLLAPSE_AFTER, 'create'), false)).toEqual([]);
    expect(collapsedGroups(files(500, 'create'), true)).toEqual([]);
    const conflicted = files(COLLAPSE_AFTER + 1, 'create').map((c, i) =>
      i === 0 ? { ...c, conflict: { fields: ['md5'] } } : c,
    );
    expect(collapsedGroups(conflicted, false)).toEqual([]);
  });

  it('groups pruned entries of unmanaged objects on their own', () => {
    const pruned = Array.from({ length: 50 }, (_, i) =>
      change(`~unmanaged/object//acme/stor/site/old${i}`, 'object', 'delete'),
    );
    const [group] = collapsedGroups(pruned, false);
    expect(group!.prefix).toBe('~unmanaged/object');
    expect(group!.summary).toBe('+ 0 files, ~ 0 changed, - 50 removed');
  });
});
