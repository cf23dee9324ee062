import { describe, expect, it } from 'vitest';
import { asAskedNetworks } from './instance-pools.js';

describe('asAskedNetworks', () => {
  it('takes a NIC on a hidden member as the pool asked for, and nothing else', () => {
    expect(asAskedNetworks(['member-a', 'internal'], ['member-a'], [undefined, ['pool-a', 'internal']])).toEqual([
      'pool-a',
      'internal',
    ]);
    // A network the account can list is never taken for a pool: a NIC added by hand stays drift.
    expect(asAskedNetworks(['other', 'internal'], undefined, [['pool-a', 'internal']])).toEqual(['other', 'internal']);
  });

  it('keeps the pool the last apply recorded, so a declaration moved to another pool still differs', () => {
    expect(asAskedNetworks(['member-a'], ['member-a'], [['pool-a'], ['pool-b']])).toEqual(['pool-a']);
  });
});
