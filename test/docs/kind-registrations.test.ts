import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_KINDS, serviceOf } from '../../common/kinds/index.js';
import { cloudApiHandlers, mantaHandlers } from '../../provider/handlers/generated/handlers.js';
import { KIND_REGISTRATIONS_COMMAND, renderKindRegistrations } from '../../scripts/support/kind-registrations.js';

describe('the generated lists that name every built-in kind', () => {
  it('are up to date with the kinds and their files', async () => {
    for (const [file, text] of await renderKindRegistrations()) {
      expect(
        readFileSync(file, 'utf8'),
        `${relative(process.cwd(), file)} is out of date: run \`${KIND_REGISTRATIONS_COMMAND}\` and commit the result`,
      ).toBe(text);
    }
  });

  it('give every built-in kind exactly one handler, under the service its descriptor names', () => {
    const listed = [
      ...cloudApiHandlers.map((h) => `cloudapi:${h.kind}`),
      ...mantaHandlers.map((h) => `manta:${h.kind}`),
    ];
    const expected = BUILT_IN_KINDS.map((d) => `${serviceOf(d)}:${d.kind}`);
    expect(listed.sort()).toEqual(expected.sort());
  });
});
