/**
 * The construct reference (`docs/construct-reference.md`), generated from the TSDoc of the classes
 * exported by `constructs/index.ts`. Shared by `scripts/construct-reference.ts`, which writes the
 * file, and `test/docs/construct-reference.test.ts`, which fails when the committed file is stale.
 */
import { fileURLToPath } from 'node:url';
import { collectClassDocs } from './private/construct-docs.js';
import { renderMarkdown } from './private/construct-markdown.js';

/** The command that regenerates the committed file. */
export const CONSTRUCT_REFERENCE_COMMAND = 'npx tsx scripts/construct-reference.ts';

/** Absolute path of the committed reference. */
export const CONSTRUCT_REFERENCE_FILE = fileURLToPath(new URL('../../docs/construct-reference.md', import.meta.url));

const CONSTRUCTS_INDEX = fileURLToPath(new URL('../../constructs/index.ts', import.meta.url));

/** The reference's Markdown, rendered in memory from the current source. */
export function renderConstructReference(): string {
  return renderMarkdown(collectClassDocs(CONSTRUCTS_INDEX), CONSTRUCT_REFERENCE_COMMAND);
}
