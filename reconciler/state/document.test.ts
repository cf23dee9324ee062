import { describe, expect, it } from 'vitest';
import { emptyState, stateShapeProblem } from './document.js';

const entry = {
  address: 'prod/alice',
  kind: 'user',
  naturalKey: 'alice',
  serverId: 'u-1',
  properties: {},
  writeOnly: {},
  dependsOn: [],
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('state document: options and outputs', () => {
  it('accepts recorded options and outputs, and a state without them (written before they existed)', () => {
    const base = { ...emptyState('prod', 'acme'), resources: [entry] };
    expect(stateShapeProblem(base)).toBeUndefined();
    expect(
      stateShapeProblem({
        ...base,
        resources: [{ ...entry, options: { protect: true, ignoreChanges: ['email'] } }],
        outputs: { id: { value: 'u-1', sensitive: true } },
      }),
    ).toBeUndefined();
  });

  it('names a malformed option or output', () => {
    const base = { ...emptyState('prod', 'acme'), resources: [entry] };
    expect(stateShapeProblem({ ...base, resources: [{ ...entry, options: { protect: 'yes' } }] })).toBe(
      'resources[0].options.protect and .retainOnDelete must be true or false',
    );
    expect(stateShapeProblem({ ...base, resources: [{ ...entry, options: { ignoreChanges: 'email' } }] })).toBe(
      'resources[0].options.ignoreChanges must be an array of field names',
    );
    expect(stateShapeProblem({ ...base, outputs: { id: { description: 'no value' } } })).toBe(
      'outputs.id must be an object with a value',
    );
  });
});

describe('state document: tainted entries', () => {
  it('accepts a tainted entry with its reason, and names a malformed one', () => {
    const base = { ...emptyState('prod', 'acme') };
    expect(stateShapeProblem({ ...base, resources: [{ ...entry, tainted: 'provisioning failed' }] })).toBeUndefined();
    expect(stateShapeProblem({ ...base, resources: [{ ...entry, tainted: true }] })).toBe(
      'resources[0].tainted is true; it must be a non-empty string (why the object is tainted)',
    );
  });
});

describe('state document: an address twice', () => {
  const doc = (...addresses: string[]): unknown => ({
    ...emptyState('prod', 'acme'),
    resources: addresses.map((address) => ({ ...entry, address })),
  });

  it('is found in a sorted document, in one edited by hand out of order, and on a second check of the same entries', () => {
    expect(stateShapeProblem(doc('prod/a', 'prod/b', 'prod/c'))).toBeUndefined();
    expect(stateShapeProblem(doc('prod/c', 'prod/a', 'prod/b'))).toBeUndefined();
    expect(stateShapeProblem(doc('prod/a', 'prod/b', 'prod/b'))).toBe('resources[2].address "prod/b" appears twice');
    // Out of order before the twin, and the twin far from the first.
    expect(stateShapeProblem(doc('prod/a', 'prod/c', 'prod/b', 'prod/a'))).toBe(
      'resources[3].address "prod/a" appears twice',
    );
    expect(stateShapeProblem(doc('prod/b', 'prod/a', 'prod/c', 'prod/b'))).toBe(
      'resources[3].address "prod/b" appears twice',
    );
    // Entries already checked once (kept as valid) are still counted.
    const first = { ...entry, address: 'prod/x' };
    const second = { ...entry, address: 'prod/y' };
    const base = emptyState('prod', 'acme');
    expect(stateShapeProblem({ ...base, resources: [first, second] })).toBeUndefined();
    expect(stateShapeProblem({ ...base, resources: [second, first, second] })).toBe(
      'resources[2].address "prod/y" appears twice',
    );
  });
});

describe("state document: another account's objects", () => {
  it("refuses an object-store entry of another account's path, hand-edited in, naming it", () => {
    const object = (naturalKey: string) => ({ ...entry, address: 'prod/o', kind: 'object', naturalKey });
    const state = (naturalKey: string) => ({ ...emptyState('prod', 'acme'), resources: [object(naturalKey)] });
    expect(stateShapeProblem(state('/acme/stor/x.txt'))).toBeUndefined();
    expect(stateShapeProblem(state('/bob/stor/x.txt'))).toBe(
      'resources[0].naturalKey "/bob/stor/x.txt" is not a path of account acme (under /acme/); a stack\'s state names only its own account\'s objects',
    );
    // A prefix of the account's name is another account.
    expect(stateShapeProblem(state('/acmex/stor/x.txt'))).toMatch(/is not a path of account acme/);
  });
});
