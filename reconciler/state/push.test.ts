import { describe, expect, it } from 'vitest';
import { emptyState } from './document.js';
import { documentToPush } from './push.js';

const stored = { ...emptyState('prod', 'acme'), serial: 7, lineage: 'L1' };

describe('what state push stores', () => {
  it('keeps the pushed serial when it is newer and of the same lineage (the backend adds one on write)', () => {
    expect(documentToPush(stored, { ...stored, serial: 9 }, false).serial).toBe(8);
  });

  it('refuses an older or equal serial, and another lineage, naming both values', () => {
    expect(() => documentToPush(stored, { ...stored, serial: 7 }, false)).toThrow(
      'the pushed state has serial 7, but the stored state of stack prod is at serial 7',
    );
    expect(() => documentToPush(stored, { ...stored, serial: 3 }, false)).toThrow(/serial 3, .* serial 7/);
    expect(() => documentToPush(stored, { ...stored, serial: 99, lineage: 'L2' }, false)).toThrow(
      'the pushed state has lineage L2, but the stored state of stack prod has lineage L1',
    );
  });

  it('with force, stores a serial above both, so a plan saved against the replaced state is stale', () => {
    expect(documentToPush(stored, { ...stored, serial: 3 }, true).serial + 1).toBe(8);
    expect(documentToPush(stored, { ...stored, serial: 20, lineage: 'L2' }, true)).toMatchObject({
      serial: 19,
      lineage: 'L2',
    });
  });

  it('stores any document when there is no state yet', () => {
    expect(documentToPush(undefined, { ...stored, serial: 0 }, false).serial + 1).toBe(1);
    expect(documentToPush(undefined, { ...stored, serial: 5 }, false).serial + 1).toBe(5);
  });
});
