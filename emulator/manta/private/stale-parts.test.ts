import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimBlobDir, partFileName, releaseBlobDir, removeStaleParts } from './stale-parts.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function blobDir(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'stale-parts-'));
  dirs.push(dir);
  for (const n of names) writeFileSync(join(dir, n), 'x');
  return dir;
}

describe('removeStaleParts', () => {
  it('keeps a part this process is writing through another store on the same directory', () => {
    const own = partFileName('0b7c9a4e-0000-4000-8000-000000000001');
    const dir = blobDir(own, '0b7c9a4e-0000-4000-8000-000000000002');
    claimBlobDir(dir); // the store that writes `own`
    claimBlobDir(dir); // a second store opening the same directory
    try {
      expect(removeStaleParts(dir)).toEqual([]);
    } finally {
      releaseBlobDir(dir);
    }
    // Alone on the directory, a part with this process's pid was left by a store that is gone.
    expect(removeStaleParts(dir)).toEqual([own]);
    releaseBlobDir(dir);
    expect(readdirSync(dir)).toEqual(['0b7c9a4e-0000-4000-8000-000000000002']);
  });

  it('touches only names of the form <id>[.<pid>].part', () => {
    const dir = blobDir('a.part.bak', 'b.x.part', 'notes.txt', 'c.4194305.part');
    expect(removeStaleParts(dir)).toEqual(['c.4194305.part']);
    expect(readdirSync(dir).sort()).toEqual(['a.part.bak', 'b.x.part', 'notes.txt']);
  });
});
