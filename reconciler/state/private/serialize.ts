/**
 * The state file's bytes, exactly `JSON.stringify(doc, null, 2)` plus a newline, built from cached
 * bytes per entry. Entries are immutable and most of them are the same from one write to the next
 * (group commit writes the whole document after every batch of actions), so each entry is turned
 * into text once and each write only copies bytes: a write of a 10,000-entry state neither
 * stringifies 10,000 entries nor builds a string of megabytes (which cost more than the copy).
 */
import type { StateDocument, StateResource } from '../document.js';

/** An entry's bytes as they appear in the document: indented two levels (it sits in `resources`). */
const entryBytes = new WeakMap<StateResource, Buffer>();
const SEPARATOR = Buffer.from(',\n');
const TAIL = Buffer.from('\n  ]\n}\n');

function bytesOf(entry: StateResource): Buffer {
  let bytes = entryBytes.get(entry);
  if (bytes === undefined) {
    bytes = Buffer.from(`    ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n    ')}`, 'utf8');
    entryBytes.set(entry, bytes);
  }
  return bytes;
}

/** The document's bytes, identical to those of `${JSON.stringify(doc, null, 2)}\n` in UTF-8. */
export function serializeStateBytes(doc: StateDocument): Buffer {
  const { resources, ...head } = doc;
  const headText = JSON.stringify({ ...head, resources: [] }, null, 2);
  // `"resources": []` closes the head (the key is last); the entries go between its brackets.
  if (resources.length === 0 || !headText.endsWith('"resources": []\n}') || Object.keys(doc).at(-1) !== 'resources')
    return Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8');
  const parts: Buffer[] = [Buffer.from(`${headText.slice(0, -'[]\n}'.length)}[\n`, 'utf8')];
  resources.forEach((entry, i) => {
    if (i > 0) parts.push(SEPARATOR);
    parts.push(bytesOf(entry));
  });
  parts.push(TAIL);
  return Buffer.concat(parts);
}
