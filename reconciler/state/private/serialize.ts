/**
 * The state file's bytes, exactly `JSON.stringify(doc, null, 2)` plus a newline, built from cached
 * bytes. Entries are immutable and most of them are the same from one write to the next (group
 * commit writes the whole document after every batch of actions), so each entry is turned into
 * text once, and runs of entries into blocks of bytes: a write of a 10,000-entry state neither
 * stringifies 10,000 entries nor handles 10,000 buffers, only the few hundred blocks, rebuilding
 * those a batch changed.
 */
import type { StateDocument, StateResource } from '../document.js';

/** An item's bytes as they appear in the document (indented two levels: it sits in a top-level list). */
interface ItemText {
  readonly bytes: Buffer;
  /** Whether a block ends after this item (decided by its address, see {@link BLOCK_EVERY}). */
  readonly endsBlock: boolean;
}

/** A run of consecutive items and their bytes, `,\n` between them. */
interface Block<T> {
  readonly items: readonly T[];
  readonly bytes: Buffer;
}

/** A cache by item: a WeakMap for entries (objects), a Map for addresses (strings). */
interface Cache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

const SEPARATOR = Buffer.from(',\n');
/**
 * About one item in this many ends a block, by a hash of its address: the boundaries move with the
 * items, not with their positions, so an item added, replaced or removed changes its own block only
 * and every other block of the last write is reused.
 */
const BLOCK_EVERY = 32;
/** The longest block (a long run without a boundary is cut). */
const BLOCK_MAX = 256;
/** Addresses whose text is kept (a Map, unlike the entries' WeakMap, must be bounded by hand). */
const MAX_ADDRESSES = 200_000;

/** FNV-1a of a string's UTF-16 units: cheap, and the same from one run to the next. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Prints a top-level list of the document as blocks of cached bytes. */
class ListPrinter<T extends StateResource | string> {
  constructor(
    private readonly texts: Cache<T, ItemText>,
    private readonly blocks: Cache<T, Block<T>>,
    private readonly addressOf: (item: T) => string,
  ) {}

  /** The list's items, `,\n` between them, as parts. */
  parts(items: readonly T[], into: Buffer[]): void {
    for (let i = 0; i < items.length;) {
      if (i > 0) into.push(SEPARATOR);
      const block = this.blockAt(items, i);
      into.push(block.bytes);
      i += block.items.length;
    }
  }

  private textOf(item: T): ItemText {
    let text = this.texts.get(item);
    if (text === undefined) {
      text = {
        bytes: Buffer.from(`    ${JSON.stringify(item, null, 2).replace(/\n/g, '\n    ')}`, 'utf8'),
        endsBlock: hashOf(this.addressOf(item)) % BLOCK_EVERY === 0,
      };
      this.texts.set(item, text);
    }
    return text;
  }

  /** The block starting at `items[from]`: the cached one when it still holds the same items. */
  private blockAt(items: readonly T[], from: number): Block<T> {
    const cached = this.blocks.get(items[from]!);
    if (cached !== undefined && cached.items.length <= items.length - from) {
      let same = true;
      for (let k = 0; k < cached.items.length && same; k++) same = cached.items[k] === items[from + k];
      if (same) return cached;
    }
    const members: T[] = [];
    const pieces: Buffer[] = [];
    for (let i = from; i < items.length && members.length < BLOCK_MAX; i++) {
      const text = this.textOf(items[i]!);
      if (members.length > 0) pieces.push(SEPARATOR);
      members.push(items[i]!);
      pieces.push(text.bytes);
      if (text.endsBlock) break;
    }
    const block = { items: members, bytes: Buffer.concat(pieces) };
    this.blocks.set(items[from]!, block);
    return block;
  }
}

/** A Map that forgets everything once it holds too much (addresses of past runs of a long-lived process). */
class BoundedMap<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    if (this.size >= MAX_ADDRESSES) this.clear();
    return super.set(key, value);
  }
}

const entries = new ListPrinter<StateResource>(new WeakMap(), new WeakMap(), (entry) => String(entry.address));
/** An apply's `creating`: every address it will create at first, fewer with each write. */
const addresses = new ListPrinter<string>(new BoundedMap(), new BoundedMap(), (address) => address);

/**
 * The lines that hold the top-level lists printed from blocks, in a document printed with them
 * empty. Only a top-level key sits on a line indented by two spaces (nested keys are indented
 * deeper, and a string's newline is printed as `\n`), so each appears once.
 */
const LIST_LINES = { resources: '\n  "resources": []', creating: '\n  "creating": []' } as const;

/** The document's bytes, identical to those of `${JSON.stringify(doc, null, 2)}\n` in UTF-8. */
export function serializeStateBytes(doc: StateDocument): Buffer {
  const parts = serializeStateParts(doc);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * The document's bytes as the parts they are made of, in order (the cached blocks of entries among
 * them): a local write hands them to the kernel as they are, without copying megabytes into one
 * buffer per write.
 */
export function serializeStateParts(doc: StateDocument): Buffer[] {
  const whole = (): Buffer[] => [Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8')];
  const lists: { at: number; print: (into: Buffer[]) => void }[] = [];
  // Printed with the keys where they are (an apply's `creating` comes after `resources`), the lists
  // empty: every other field is small.
  const head: Record<string, unknown> = { ...doc };
  if (doc.resources.length > 0) head['resources'] = [];
  if (doc.creating !== undefined && doc.creating.length > 0) head['creating'] = [];
  const headText = JSON.stringify(head, null, 2);
  for (const [key, line] of Object.entries(LIST_LINES)) {
    if (head[key] === doc[key as keyof typeof LIST_LINES]) continue; // not printed from blocks
    const at = headText.indexOf(line);
    if (at < 0 || headText.indexOf(line, at + 1) >= 0) return whole();
    lists.push({
      // The `]` of `[]`: the items go between the brackets.
      at: at + line.length - 1,
      print:
        key === 'resources'
          ? (into) => entries.parts(doc.resources, into)
          : (into) => addresses.parts(doc.creating!, into),
    });
  }
  if (lists.length === 0) return whole();
  lists.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const list of lists) {
    parts.push(Buffer.from(`${headText.slice(from, list.at)}\n`, 'utf8'));
    list.print(parts);
    parts.push(Buffer.from('\n  ', 'utf8'));
    from = list.at;
  }
  parts.push(Buffer.from(`${headText.slice(from)}\n`, 'utf8'));
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
