import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_FILES, JSON_SCHEMAS_COMMAND, renderJsonSchemas } from '../../scripts/support/json-schemas.js';

describe('the JSON schemas in docs/', () => {
  it('are up to date with the kind descriptors', () => {
    for (const [file, text] of renderJsonSchemas()) {
      expect(
        readFileSync(file, 'utf8'),
        `${relative(process.cwd(), file)} is out of date: run \`${JSON_SCHEMAS_COMMAND}\` and commit the result`,
      ).toBe(text);
    }
  });

  it('give the manifest a property shape for every kind, derived from its descriptor', () => {
    const manifest = JSON.parse(readFileSync(JSON_SCHEMA_FILES.manifest, 'utf8')) as {
      $defs: Record<string, { properties: Record<string, unknown>; required: string[] }>;
    };
    expect(manifest.$defs['user']!.properties['password']).toMatchObject({ $ref: '#/$defs/secret' });
    expect(manifest.$defs['user']!.required).toEqual(['login', 'email', 'password']);
    expect(manifest.$defs['object']!.properties['headers']).toMatchObject({
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/ref' }] },
    });
    expect(manifest.$defs['key']!.properties['fingerprint']).toMatchObject({
      pattern: '^([0-9a-f]{2}:){15}[0-9a-f]{2}$',
    });
  });
});
