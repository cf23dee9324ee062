import fc from 'fast-check';
import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import type { PlainObject } from '../../common/contract/handler.js';
import { computeChange } from './compute-change.js';

const value = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<PlainObject[string]>;
// Through JSON, as every real value is (JSON has no -0).
const object = fc
  .dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 5 })
  .map((o) => JSON.parse(JSON.stringify(o)) as PlainObject);
const schema = { immutable: [], writeOnly: [], computed: [], replaceStrategy: 'delete-then-create' as const };

describe('computeChange patches', () => {
  it('turns the live value into the desired value when applied, and is empty exactly when they are equal', () => {
    fc.assert(
      fc.property(object, object, (live, desired) => {
        const change = computeChange({
          address: 'a',
          kind: 'role',
          naturalKey: 'k',
          schema,
          inState: true,
          dependsOn: [],
          live,
          desired,
        });
        const patched = jsonpatch.applyPatch(
          jsonpatch.deepClone(live),
          change.patch as jsonpatch.Operation[],
        ).newDocument;
        expect(patched).toEqual(desired);
        expect(change.action).toBe(change.patch.length === 0 ? 'no-op' : 'update');
      }),
      { numRuns: 200, seed: 5 },
    );
  });
});
