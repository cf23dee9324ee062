/**
 * How a user-supplied string is shown in a message or a plan: every character that could garble or
 * spoof a terminal, a log or a Markdown page is written as a `\uXXXX` escape, and a very long value
 * is shortened. A name holding a NUL, a line break or an ANSI escape sequence (`\u001b[2J` clears the
 * screen) would otherwise reach the reader as the control itself, not as text.
 */

/**
 * The characters written as escapes: C0 controls and DEL, C1 controls (U+009B alone starts an
 * escape sequence on some terminals), the line and paragraph separators, and the bidirectional
 * overrides and isolates that reorder what is displayed ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** How many characters of a value a message shows before shortening it. */
export const SHOWN_MAX_CHARS = 80;

/** Whether `text` holds a character {@link escapeUnsafe} would escape. */
export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE.lastIndex = 0;
  const found = UNSAFE.test(text);
  UNSAFE.lastIndex = 0;
  return found;
}

/** `text` with every unsafe character written as `\uXXXX`; nothing else changes. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `text` with every unsafe character escaped except the line breaks between its lines: for a
 * message of several lines (an error with a hint, a list of problems) whose parts may hold a name.
 */
export function escapeUnsafeLines(text: string): string {
  return text.split('\n').map(escapeUnsafe).join('\n');
}

/**
 * A value as a message shows it: a string in double quotes with quotes, backslashes and unsafe
 * characters escaped, shortened to about {@link SHOWN_MAX_CHARS} characters with its full length
 * in bytes when it is longer (the length is usually what the rule is about); anything else as JSON.
 */
export function showValue(value: unknown, max: number = SHOWN_MAX_CHARS): string {
  if (typeof value !== 'string') {
    const json = value === undefined ? 'undefined' : (jsonOrNull(value) ?? `<${kindOfValue(value)}>`);
    return escapeUnsafe(json.length > max ? `${json.slice(0, max - 1)}…` : json);
  }
  const quoted = escapeUnsafe(JSON.stringify(value));
  if (quoted.length <= max) return quoted;
  // Shortened by whole characters, each with its escape, so the cut never falls inside an escape.
  let head = '';
  for (const c of value) {
    const shown = escapeUnsafe(JSON.stringify(c).slice(1, -1));
    if (head.length + shown.length > max - 3) break;
    head += shown;
  }
  return `"${head}…" (${Buffer.byteLength(value, 'utf8')} bytes)`;
}

/** `value` as JSON (a bigint as its digits), or `undefined` when it has none (a function, a symbol, a circle). */
function jsonOrNull(value: unknown): string | undefined {
  if (typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    // A construct given where a value belongs refers to itself through its tree (node.host).
    return undefined;
  }
}

/** What a value without JSON is, for a message: its class (`ImageLookup`), else its type. */
function kindOfValue(value: unknown): string {
  if (typeof value === 'object' && value !== null) return value.constructor?.name || 'object';
  return typeof value === 'function' ? `function ${value.name}`.trim() : typeof value;
}
