/**
 * Regenerates the lists that name every built-in kind (handlers, client sections, emulator route
 * modules, construct exports; see `scripts/support/kind-registrations.ts`). Run after adding a kind
 * or one of its files: `npx tsx scripts/kind-registrations.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { renderKindRegistrations } from './support/kind-registrations.js';

for (const [file, text] of await renderKindRegistrations()) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${relative(process.cwd(), file)}`);
}
