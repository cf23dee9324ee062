import { readFileSync } from 'node:fs';
import { Construct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as library from '../../constructs/index.js';
import {
  CONSTRUCT_REFERENCE_COMMAND,
  CONSTRUCT_REFERENCE_FILE,
  renderConstructReference,
} from '../../scripts/support/construct-reference.js';

describe('the construct reference in docs/', () => {
  let rendered = '';
  beforeAll(() => {
    rendered = renderConstructReference();
  });

  it('is up to date with the TSDoc of the constructs', () => {
    const committed = readFileSync(CONSTRUCT_REFERENCE_FILE, 'utf8');
    expect(
      committed,
      `docs/construct-reference.md is out of date: run \`${CONSTRUCT_REFERENCE_COMMAND}\` and commit the result`,
    ).toBe(rendered);
  });

  it('has a section for every construct class the library exports', () => {
    const constructClasses = Object.entries(library)
      .filter(([, value]) => typeof value === 'function' && value.prototype instanceof Construct)
      .map(([name]) => name);
    expect(constructClasses.length).toBeGreaterThan(10);
    for (const name of constructClasses) expect(rendered, `no section for ${name}`).toContain(`\n### ${name}\n`);
  });

  it('shows each prop with its type as written, whether it is required, and its default', () => {
    expect(rendered).toContain('| `login` | `string` | required | — |');
    expect(rendered).toContain(
      "| `roleTags` | `readonly (IRole \\| string)[]` | optional | the user's tags are not managed |",
    );
    expect(rendered).toContain('| `wait` | `boolean` | optional | `true` |');
  });

  it('documents the static look-ups and imports with their signatures', () => {
    expect(rendered).toContain('User.fromLogin(scope: Construct, id: string, login: string): IUser & ITaggable');
    expect(rendered).toContain('Role.fromName(scope: Construct, id: string, name: string): IRole & ITaggable');
    expect(rendered).toContain('Image.lookup(scope: Construct, id: string, props: ImageLookupProps): ImageLookup');
  });
});
