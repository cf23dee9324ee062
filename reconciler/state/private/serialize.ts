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

function bytesOf(entry: StateResource): Buffer {
  let bytes = entryBytes.get(entry);
  if (bytes === undefined) {
    bytes = Buffer.from(`    ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n    ')}`, 'utf8');
    entryBytes.set(entry, bytes);
  }
  return bytes;
}

/**
 * The line that holds the top-level `resources` key of a document printed with `resources: []`.
 * Only a top-level key sits on a line indented by two spaces (nested keys are indented deeper, and
 * a string's newline is printed as `\n`), so this text appears once.
 */
const RESOURCES_LINE = '\n  "resources": []';

/** The document's bytes, identical to those of `${JSON.stringify(doc, null, 2)}\n` in UTF-8. */
export function serializeStateBytes(doc: StateDocument): Buffer {
  const parts = serializeStateParts(doc);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * The document's bytes as the parts they are made of, in order (each entry's cached bytes among
 * them): a local write hands them to the kernel as they are, without copying megabytes into one
 * buffer per write.
 */
export function serializeStateParts(doc: StateDocument): Buffer[] {
  const { resources } = doc;
  if (resources.length === 0) return [Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8')];
  // Printed with the key where it is (an apply's `creating` comes after it, and the entries go in
  // their own place whatever the order): every other field is small.
  const headText = JSON.stringify({ ...doc, resources: [] }, null, 2);
  const at = headText.indexOf(RESOURCES_LINE);
  if (at < 0 || headText.indexOf(RESOURCES_LINE, at + 1) >= 0)
    return [Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8')];
  const open = at + RESOURCES_LINE.length - 1; // the `]` of `[]`
  const parts: Buffer[] = [Buffer.from(`${headText.slice(0, open)}\n`, 'utf8')];
  for (let i = 0; i < resources.length; i++) {
    if (i > 0) parts.push(SEPARATOR);
    parts.push(bytesOf(resources[i]!));
  }
  parts.push(Buffer.from(`\n  ${headText.slice(open)}\n`, 'utf8'));
  return parts;
}

/** Whether `bytes` are exactly `parts` one after the other (without joining them). */
export function equalsParts(bytes: Buffer, parts: readonly Buffer[]): boolean {
  let at = 0;
  for (const part of parts) {
    const end = at + part.length;
    if (end > bytes.length || bytes.compare(part, 0, part.length, at, end) !== 0) return false;
    at = end;
  }
  return at === bytes.length;
}
