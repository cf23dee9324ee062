import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KindDescriptor } from '../../common/kinds/index.js';
import {
  KIND_TYPES_COMMAND,
  renderKindTypes,
  renderProperties,
  renderPulumi,
} from '../../scripts/support/kind-types.js';

describe('the TypeScript types generated from the kind descriptors', () => {
  it('are up to date with the descriptors', async () => {
    for (const [file, text] of await renderKindTypes()) {
      expect(
        readFileSync(file, 'utf8'),
        `${relative(process.cwd(), file)} is out of date: run \`${KIND_TYPES_COMMAND}\` and commit the result`,
      ).toBe(text);
    }
  });

  // A throw-away kind: what each descriptor fact becomes in the generated types.
  const gadget = {
    kind: 'gadget-thing',
    mode: 'managed',
    scope: 'datacenter',
    description: 'A gadget.',
    properties: [
      { name: 'name', type: 'string', required: true, description: 'Gadget name.' },
      { name: 'color', type: 'string', required: true, description: 'Colour.', oneOf: ['red', 'blue'] },
      { name: 'size', type: 'number', required: true, description: 'Size.', default: 1 },
      { name: 'owner', type: 'string', required: false, description: 'Owner id.', refable: true },
      {
        name: 'digest',
        type: 'string',
        required: true,
        description: 'Digest.',
        derived: true,
        derivedFrom: { field: 'name', by: 'content-md5' },
      },
      { name: 'token', type: 'object', secret: true, fields: [], required: true, description: 'Token.' },
    ],
    attributes: ['id'],
    serverFields: [{ name: 'id', computed: true }],
    naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
    naturalKeyText: 'name',
    uniqueness: 'names are unique',
    pulumi: { summary: 'A gadget resource.', outputs: ['id'] },
  } as const satisfies KindDescriptor;

  it('turn each descriptor fact into the property interface a handler reads', () => {
    const text = renderProperties([gadget]);
    expect(text).toContain('export interface GadgetThingProperties {');
    expect(text).toContain("readonly color: 'red' | 'blue';");
    expect(text).toContain('readonly owner?: string | RefValue;');
    expect(text).toContain('readonly token: SecretValue;');
    expect(text).toContain('/** Gadget name. */\nreadonly name: string;');
    expect(text).toContain("'gadget-thing': GadgetThingProperties;");
  });

  it('leave derived fields out of the Pulumi arguments, make defaulted ones optional and secrets clear inputs', () => {
    const text = renderPulumi([gadget]);
    expect(text).toContain(
      "export type GadgetThingArgs = Inputs<WithDefaults<Omit<GadgetThingProperties, 'digest' | 'token'>, 'size'>> & Common & { readonly token: pulumi.Input<string> };",
    );
    expect(text).toContain('declare readonly id: pulumi.Output<string>;');
    expect(text).toContain("{ outputs: ['id'], secrets: ['token'] }");
  });

  it('refuse a Pulumi output that is no string field of the kind', () => {
    expect(() => renderPulumi([{ ...gadget, pulumi: { summary: 'x', outputs: ['size'] } }])).toThrow(
      /Pulumi output size is neither a string property nor a server field/,
    );
  });

  it('refuse a field group whose fields differ between kinds', () => {
    const group = { name: 'Shared', description: 'Shared fields.' };
    const one = {
      ...gadget,
      kind: 'one',
      properties: [{ name: 'a', type: 'string', required: false, description: 'A.', group }],
    } as const;
    const two = {
      ...gadget,
      kind: 'two',
      properties: [{ name: 'b', type: 'string', required: false, description: 'B.', group }],
    } as const;
    expect(renderProperties([one]).match(/export interface Shared \{/g)).toHaveLength(1);
    expect(() => renderProperties([one, two])).toThrow(/kind two: the fields of group Shared differ/);
  });
});
