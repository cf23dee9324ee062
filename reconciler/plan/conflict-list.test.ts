import { describe, expect, it } from 'vitest';
import { conflictList, type ResourceChange } from './types.js';

function conflict(i: number): ResourceChange {
  return {
    address: `prod/p${i}`,
    kind: 'policy',
    naturalKey: `p${i}`,
    action: 'adopt',
    conflict: { fields: ['rules', 'description'] },
  } as unknown as ResourceChange;
}

describe('the conflicts an adopt refusal lists', () => {
  it('are one per line, naming the object and the fields that differ', () => {
    expect(conflictList([conflict(1), conflict(2)])).toBe(
      '  - prod/p1 (policy p1) differs in rules, description\n  - prod/p2 (policy p2) differs in rules, description',
    );
  });

  it('name the first twenty and count the rest, so a large account gives a readable message', () => {
    const lines = conflictList(Array.from({ length: 2_500 }, (_, i) => conflict(i))).split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[19]).toBe('  - prod/p19 (policy p19) differs in rules, description');
    expect(lines[20]).toBe('  … and 2480 more (plan --json lists every one)');
  });
});
