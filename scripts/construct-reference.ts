/**
 * Writes `docs/construct-reference.md` from the TSDoc of the construct library. Run after changing
 * a construct's docs or props: `npx tsx scripts/construct-reference.ts`. The renderer lives in
 * `scripts/support/`, shared with the freshness test.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CONSTRUCT_REFERENCE_FILE, renderConstructReference } from './support/construct-reference.js';

writeFileSync(CONSTRUCT_REFERENCE_FILE, renderConstructReference());
console.log(`wrote ${relative(process.cwd(), CONSTRUCT_REFERENCE_FILE)}`);
