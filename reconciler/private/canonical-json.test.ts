import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, digestOf, sortKeys } from './canonical-json.js';

/** Sorts the keys of every plain object in `value` (in place of building it so), as synth does. */
function presorted(value: unknown): unknown {
  return JSON.parse(JSON.stringify(sortKeys(value))) as unknown;
}

describe('canonicalJson', () => {
  it('is the JSON of the sorted deep copy, for values sorted already, partly or not at all', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, sortFirst) => {
        const input = sortFirst ? presorted(value) : value;
        expect(canonicalJson(input)).toBe(JSON.stringify(sortKeys(input)));
      }),
      { seed: 20261125, numRuns: 500 },
    );
  });

  it('sorts keys below a sorted object and inside arrays, and treats integer-like keys as sortKeys does', () => {
    const value = {
      a: [{ z: 1, b: 2 }, { c: { y: 1, x: [3, { q: 1, p: 2 }] } }],
      b: { 10: 'x', 9: 'y', a: 1 },
      c: undefined,
    };
    expect(canonicalJson(value)).toBe(JSON.stringify(sortKeys(value)));
    expect(canonicalJson(value)).toBe(
      '{"a":[{"b":2,"z":1},{"c":{"x":[3,{"p":2,"q":1}],"y":1}}],"b":{"9":"y","10":"x","a":1}}',
    );
  });

  it('serialises objects that are not plain as their sorted own keys, as before', () => {
    const when = new Date(0);
    expect(canonicalJson({ when, list: [when] })).toBe(JSON.stringify(sortKeys({ when, list: [when] })));
    expect(canonicalJson(Object.assign(Object.create(null) as object, { b: 1, a: 2 }))).toBe('{"a":2,"b":1}');
  });

  it('leaves its input as it was', () => {
    const value = { b: [{ d: 1, c: 2 }], a: 1 };
    const before = JSON.stringify(value);
    digestOf(value);
    expect(JSON.stringify(value)).toBe(before);
    expect(Object.keys(value)).toEqual(['b', 'a']);
  });
});
