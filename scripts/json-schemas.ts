/**
 * Regenerates the kind-dependent parts of `docs/manifest.schema.json`, `docs/plan.schema.json` and
 * `docs/state.schema.json` from the kind descriptors. Run after adding or changing a kind:
 * `npx tsx scripts/json-schemas.ts`.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { renderJsonSchemas } from './support/json-schemas.js';

for (const [file, text] of renderJsonSchemas()) {
  writeFileSync(file, text);
  console.log(`wrote ${relative(process.cwd(), file)}`);
}
