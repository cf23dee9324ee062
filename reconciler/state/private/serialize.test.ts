import { describe, expect, it } from 'vitest';
import { emptyState, type StateDocument, type StateResource } from '../document.js';
import { serializeStateBytes } from './serialize.js';

const serializeState = (doc: Parameters<typeof serializeStateBytes>[0]): string =>
  serializeStateBytes(doc).toString('utf8');

function entry(i: number): StateResource {
  return {
    address: `s/user-${i}`,
    kind: 'user',
    naturalKey: `user-${i}`,
    serverId: i % 2 === 0 ? null : `id-${i}`,
    properties: {
      login: `user-${i}`,
      nested: { list: [1, 'two', { three: 3 }], empty: {}, none: [] },
      text: 'line\nbreak "quoted" ✓',
    },
    writeOnly: {},
    dependsOn: i > 0 ? [`s/user-${i - 1}`] : [],
    updatedAt: '2026-11-24T00:00:00.000Z',
  };
}

describe('the state file text', () => {
  it('is exactly JSON.stringify(doc, null, 2) with a newline, empty or not, and again after entries change', () => {
    const empty = emptyState('s', 'acme');
    expect(serializeState(empty)).toBe(`${JSON.stringify(empty, null, 2)}\n`);
    const doc: StateDocument = { ...empty, serial: 3, resources: [0, 1, 2].map(entry) };
    expect(serializeState(doc)).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    const next: StateDocument = {
      ...doc,
      serial: 4,
      resources: [doc.resources[0]!, { ...entry(1), naturalKey: 'renamed' }, doc.resources[2]!, entry(3)],
    };
    expect(serializeState(next)).toBe(`${JSON.stringify(next, null, 2)}\n`);
    expect(JSON.parse(serializeState(next))).toEqual(next);
  });
});

describe('the entries of a state file', () => {
  it('are printed once across writes, also while an apply lists its creates after the resources', () => {
    let printed = 0;
    // A counting toJSON that prints the same text as the plain entry.
    const counted = (i: number): StateResource => {
      const plain = entry(i);
      return Object.defineProperty({ ...plain }, 'toJSON', {
        value: () => ((printed += 1), plain),
        enumerable: false,
      });
    };
    const resources = [0, 1, 2].map(counted);
    const base = emptyState('s', 'acme');
    const first: StateDocument = { ...base, serial: 1, resources, creating: ['s/user-9'] };
    expect(serializeState(first)).toBe(`${JSON.stringify(first, null, 2)}\n`);
    const printedOnce = printed;
    const second: StateDocument = { ...first, serial: 2, creating: ['s/user-8', 's/user-9'] };
    expect(serializeState(second)).toBe(`${JSON.stringify(second, null, 2)}\n`);
    // The two JSON.stringify calls of the expectations printed each entry once more; the serializer did not.
    expect(printed).toBe(printedOnce + resources.length);
    expect(printedOnce).toBe(2 * resources.length);
  });
});

describe('a large state file written again and again', () => {
  it('stays exactly JSON.stringify(doc, null, 2) as entries are added, replaced and removed anywhere', () => {
    const base = emptyState('s', 'acme');
    let resources = Array.from({ length: 1000 }, (_, i) => entry(i * 2)).sort((a, b) =>
      a.address < b.address ? -1 : 1,
    );
    for (let round = 0; round < 6; round++) {
      // An apply's creates, fewer at each write.
      const creating = resources.slice(round * 30, 400).map((r) => r.address);
      const doc: StateDocument = { ...base, serial: round, resources, creating };
      expect(serializeState(doc)).toBe(`${JSON.stringify(doc, null, 2)}\n`);
      // Insert odd ones, replace some, drop some, at spread-out places (a group commit's batch).
      const next = [...resources];
      next.splice(round * 37, 1);
      next[(round * 101) % next.length] = { ...next[(round * 101) % next.length]!, naturalKey: `changed-${round}` };
      next.splice(500 - round * 50, 0, entry(round * 2 + 1), entry(2001 + round));
      resources = next;
    }
    const last: StateDocument = { ...base, serial: 9, resources: resources.slice(0, 1) };
    expect(serializeState(last)).toBe(`${JSON.stringify(last, null, 2)}\n`);
  });
});
