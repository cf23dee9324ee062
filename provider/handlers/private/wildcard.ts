/**
 * terraform-provider-triton's `wildcardMatch` (triton/utils.go), which its fabric VLAN data source
 * filters names and descriptions with: `*` matches any run of characters, `?` one character,
 * everything else itself; no ranges or classes. A migrated configuration's filters match the same.
 */

/** Whether `text` matches the whole `pattern`. */
export function wildcardMatch(pattern: string, text: string): boolean {
  const source = [...pattern]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/-]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(text);
}
