import { expect, it } from 'vitest';
import { matchesWithIds, instancePlaceholder } from './index.js';
it('matches a key recorded with ids against the synth key with stand-ins, one id per stand-in', () => {
  const p = instancePlaceholder('a/b'),
    q = instancePlaceholder('a/c');
  const id = '4a5de843-cb5f-479d-8565-4a65e1d6d77e',
    id2 = '5a5de843-cb5f-479d-8565-4a65e1d6d77e';
  expect(matchesWithIds(`FROM vm ${p} TO vm ${p} ALLOW tcp PORT 1`, `FROM vm ${id} TO vm ${id} ALLOW tcp PORT 1`)).toBe(
    true,
  );
  expect(
    matchesWithIds(`FROM vm ${p} TO vm ${p} ALLOW tcp PORT 1`, `FROM vm ${id} TO vm ${id2} ALLOW tcp PORT 1`),
  ).toBe(false);
  expect(
    matchesWithIds(`FROM vm ${p} TO vm ${q} ALLOW tcp PORT 1`, `FROM vm ${id} TO vm ${id2} ALLOW tcp PORT 1`),
  ).toBe(true);
  expect(matchesWithIds(`FROM vm ${p} TO (a) ALLOW tcp PORT 1`, `FROM vm ${id} TO (a) ALLOW tcp PORT 12`)).toBe(false);
  expect(matchesWithIds(`x.y`, `xzy`)).toBe(false);
});
