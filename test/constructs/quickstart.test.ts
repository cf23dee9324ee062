import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { naturalKeyOf, type ResourcePropertiesByKind } from '../../common/resource-properties.js';
import build from '../../examples/quickstart/main.js';
import { checkSchema } from './schema-check.js';

const schema = JSON.parse(readFileSync(new URL('../../docs/manifest.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  never
>;

describe('the quickstart example', () => {
  it('GIVEN examples/quickstart/main.ts WHEN its default export builds the app and it is synthesized THEN it synthesizes cleanly and matches the schema', () => {
    const manifest = build().synth();
    expect(checkSchema(schema, manifest)).toEqual([]);
    const kinds = new Set(manifest.stacks[0]!.resources.map((r) => r.kind));
    expect([...kinds].sort()).toEqual([
      'directory',
      'image-lookup',
      'job',
      'key',
      'object',
      'policy',
      'role',
      'role-tag',
      'snaplink',
      'user',
      'user-key',
    ]);
  });

  it('GIVEN the example built twice WHEN synthesized THEN the manifests are identical (safe to commit and diff)', () => {
    expect(JSON.stringify(build().synth())).toBe(JSON.stringify(build().synth()));
  });

  it('GIVEN the committed public keys WHEN the example is synthesized THEN the keys are public OpenSSH lines and no private key is present', () => {
    const text = JSON.stringify(build().synth());
    expect(text).not.toContain('PRIVATE KEY');
    const keys = build()
      .synth()
      .stacks[0]!.resources.filter((r) => r.kind === 'user-key' || r.kind === 'key');
    expect(keys).toHaveLength(4);
    for (const k of keys) expect(k.properties.key).toMatch(/^ssh-(ed25519|rsa) AAAA/);
  });

  it('GIVEN the synthesized example WHEN each natural key is recomputed with common/naturalKeyOf from the properties alone THEN it matches, so handlers and constructs agree on identity', () => {
    const stack = build().synth().stacks[0]!;
    for (const r of stack.resources) {
      expect(
        naturalKeyOf(r.kind, r.properties as unknown as ResourcePropertiesByKind[typeof r.kind], stack.account),
        r.address,
      ).toBe(r.naturalKey);
    }
  });
});
