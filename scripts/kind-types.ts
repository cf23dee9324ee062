/**
 * Regenerates the TypeScript types derived from the kind descriptors: the property interfaces
 * (`common/kinds/generated/properties.ts`) and the Pulumi argument types and resource classes
 * (`adapters/pulumi/generated/resources.ts`). Run after adding or changing a kind:
 * `npx tsx scripts/kind-types.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { renderKindTypes } from './support/kind-types.js';

for (const [file, text] of await renderKindTypes()) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${relative(process.cwd(), file)}`);
}
