/**
 * Names for the generated program: TypeScript variable names and construct ids made from logins,
 * role names and paths, each unique in its program.
 */

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await app stack here build'
  ).split(' '),
);

/** Hands out names that are unique among those it gave. */
export class NameBook {
  private readonly taken = new Set<string>();

  /** `base`, or `base2`, `base3`… when taken. */
  claim(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${base}${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

/**
 * A variable name from `text` (`read-only` → `readOnly`) with `suffix` (`Policy`) unless the name
 * already ends with it; never a reserved word, never starting with a digit.
 */
export function variableName(text: string, suffix = ''): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  let name = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  if (name === '') name = 'item';
  if (/^[0-9]/.test(name)) name = `n${name}`;
  if (suffix !== '' && !name.toLowerCase().endsWith(suffix.toLowerCase())) name += suffix;
  else if (RESERVED.has(name)) name += 'Value';
  return name;
}

/** A construct id from `text`: no `/` (a path separator in construct paths), nothing unprintable. */
export function constructId(text: string): string {
  const id = text.replace(/[^A-Za-z0-9._@-]+/g, '-').replace(/^-+|-+$/g, '');
  return id === '' ? 'item' : id;
}

/** An environment variable name for a sub-user's password: `alice.b` → `ALICE_B_PASSWORD`. */
export function passwordVariable(login: string): string {
  const base = login.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return `${/^[0-9]/.test(base) ? `U_${base}` : base}_PASSWORD`;
}

/** A file name from `text`, safe in any folder: no separators, no leading dot. */
export function fileName(text: string): string {
  const name = text.replace(/[^A-Za-z0-9._@-]+/g, '-').replace(/^[.-]+/, '');
  return name === '' ? 'file' : name;
}

/** `value` as a TypeScript string literal (single quotes, as the formatter writes them). */
export function literal(value: string): string {
  const json = JSON.stringify(value);
  const inner = json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${inner}'`;
}
