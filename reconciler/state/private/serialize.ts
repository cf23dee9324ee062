/**
 * The state file's text, exactly `JSON.stringify(doc, null, 2)` plus a newline, built from a cached
 * text per entry. Entries are immutable and most of them are the same from one write to the next
 * (group commit writes the whole document after every batch of actions), so each entry is turned
 * into text once and each write only joins them: a write of a 10,000-entry state no longer
 * stringifies 10,000 entries.
 */
import type { StateDocument, StateResource } from '../document.js';

/** An entry's text as it appears in the document: indented two levels (it sits in `resources`). */
const entryText = new WeakMap<StateResource, string>();

function textOf(entry: StateResource): string {
  let text = entryText.get(entry);
  if (text === undefined) {
    text = `    ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n    ')}`;
    entryText.set(entry, text);
  }
  return text;
}

/** The document's text, identical to `${JSON.stringify(doc, null, 2)}\n`. */
export function serializeState(doc: StateDocument): string {
  const { resources, ...head } = doc;
  const headText = JSON.stringify({ ...head, resources: [] }, null, 2);
  // `"resources": []` closes the head (the key is last); the entries go between its brackets.
  if (resources.length === 0 || !headText.endsWith('"resources": []\n}') || Object.keys(doc).at(-1) !== 'resources') return `${JSON.stringify(doc, null, 2)}\n`;
  return `${headText.slice(0, -'[]\n}'.length)}[\n${resources.map(textOf).join(',\n')}\n  ]\n}\n`;
}
