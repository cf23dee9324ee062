import { describe, expect, it } from 'vitest';
import { affinityFromLocality, metadataWithBootProps } from './instance-boot.js';

describe('locality as affinity rules', () => {
  it('writes soft rules unless strict, near as == and far as !=', () => {
    expect(affinityFromLocality('s/web', { near: ['db'], far: ['cache-1'] }, undefined)?.rules).toEqual([
      'instance==~db',
      'instance!=~cache-1',
    ]);
    expect(affinityFromLocality('s/web', { far: ['db'], strict: true }, undefined)?.rules).toEqual(['instance!=db']);
  });

  it('refuses locality beside affinity, as CloudAPI does, and an empty one', () => {
    expect(() => affinityFromLocality('s/web', { far: ['db'] }, ['instance!=x'])).toThrow(
      /s\/web: locality .*cannot be given with affinity/,
    );
    expect(() => affinityFromLocality('s/web', {}, undefined)).toThrow(/must name at least one instance/);
  });
});

describe('the typed metadata props', () => {
  it('write their metadata keys beside the declared ones', () => {
    expect(
      metadataWithBootProps('s/web', { env: 'prod' }, { userScript: 'a', cloudConfig: 'b', userData: 'c' }),
    ).toEqual({ env: 'prod', 'user-script': 'a', 'cloud-init:user-data': 'b', 'user-data': 'c' });
  });

  it('refuse a prop and the raw key it writes, naming both', () => {
    expect(() => metadataWithBootProps('s/web', { 'user-data': 'x' }, { userData: 'y' })).toThrow(
      /s\/web: userData "user-data": and metadata\["user-data"\] both write the metadata key "user-data"/,
    );
  });
});
