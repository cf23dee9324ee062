import { describe, expect, it } from 'vitest';
import { blankUnknowns } from '../../reconciler/core/difference.js';

describe('blankUnknowns', () => {
  it('blanks an unknown list element in place: a list of one reference stays a list of one', () => {
    const desired = { networks: ['\u0000(known after apply)'], volumes: [{ name: 'x', mountpoint: '/d' }] };
    expect(blankUnknowns(desired, ['/networks/0', '/volumes/0/name'])).toEqual({
      networks: [null],
      volumes: [{ name: null, mountpoint: '/d' }],
    });
    // The input is left as it was.
    expect(desired.networks).toEqual(['\u0000(known after apply)']);
  });
});
