import { describe, expect, it } from 'vitest';
import { keyChangeReplaces } from './key-change.js';

describe('keyChangeReplaces', () => {
  it('is a replacement when a key field fixed at create changes (a VLAN id, the VLAN a network is on)', () => {
    expect(keyChangeReplaces('fabric-vlan', '140', '141')).toBe(true);
    expect(keyChangeReplaces('fabric-network', '140/web', '141/web')).toBe(true);
  });

  it('is a rename in place when only updatable key fields change (a login, a network name)', () => {
    expect(keyChangeReplaces('user', 'alice', 'alicia')).toBe(false);
    expect(keyChangeReplaces('fabric-network', '140/web', '140/front')).toBe(false);
  });

  it('is neither for an unchanged key, an unknown kind, or a key not made of fields', () => {
    expect(keyChangeReplaces('fabric-vlan', '140', '140')).toBe(false);
    expect(keyChangeReplaces('no-such-kind', 'a', 'b')).toBe(false);
    expect(keyChangeReplaces('account', 'acme', 'other')).toBe(false);
  });

  it('reads a separator inside the last key field as part of it', () => {
    expect(keyChangeReplaces('fabric-network', '140/a/b', '140/c')).toBe(false);
    expect(keyChangeReplaces('fabric-network', '140/a/b', '141/a/b')).toBe(true);
  });

  it('counts every key field as changed when a key has fewer segments than fields', () => {
    expect(keyChangeReplaces('fabric-network', '140', '140/web')).toBe(true);
  });
});
