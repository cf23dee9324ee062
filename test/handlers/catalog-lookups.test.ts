/** Package and network look-ups pick exactly one entry, or fail naming every match. */
import { describe, expect, it } from 'vitest';
import { matchPackages, onlyMatch } from '../../provider/handlers/catalog-lookups.js';
import { PACKAGES } from '../../emulator/cloudapi/private/fixtures.js';

describe('package and network look-ups', () => {
  it('finds a package by name, or by memory and vCPU constraints', () => {
    expect(matchPackages(PACKAGES, { name: 'g4-general-4G' }).map((p) => p['name'])).toEqual(['g4-general-4G']);
    expect(matchPackages(PACKAGES, { minMemory: 2048, vcpus: 4 }).map((p) => p['name'])).toEqual(['g4-memory-16G']);
    expect(matchPackages(PACKAGES, { minVcpus: 8 })).toEqual([]);
  });

  it('fails when several packages match, naming them and asking to narrow the look-up', () => {
    const matches = matchPackages(PACKAGES, { minMemory: 1024 });
    expect(() => onlyMatch('package', matches, 'minMemory=1024')).toThrow(
      'package look-up "minMemory=1024" matched 4 packages (g4-highcpu-1G, g4-general-4G, g4-memory-16G, b1-flex-8G); narrow it',
    );
  });
});
