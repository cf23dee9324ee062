/**
 * Globs as the language uses them for actions, resources and `like`: `*` matches any run of
 * characters (including `/`), `\*` is a literal asterisk, everything else is literal.
 */

/** Anchored regular-expression source for a glob. */
export function globToRegexSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '\\' && glob[i + 1] === '*') {
      out += '\\*';
      i++;
    } else if (ch === '*') {
      out += '.*';
    } else {
      out += ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    }
  }
  return `^${out}$`;
}

/** Whether `value` matches `glob`; a glob without `*` is an exact comparison. */
export function globMatches(glob: string, value: string): boolean {
  if (!glob.includes('*')) return glob === value;
  return new RegExp(globToRegexSource(glob), 's').test(value);
}
