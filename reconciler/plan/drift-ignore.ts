/**
 * The drift allow-list: patterns (by kind and name) of live objects no stack manages that are
 * expected there, so that `drift` does not report them. Written in `triton-iac.json` as
 * `"drift": {"ignore": ["key:ci-*", {"kind": "user", "name": "temp-*", "reason": "..."}]}`. Pure.
 */

/** One allow-list pattern. */
export interface DriftIgnorePattern {
  /** The kind it applies to; `*` (the default) for every kind. */
  readonly kind: string;
  /** A glob (`*` any run of characters, `?` one) matched against the object's name and its id. */
  readonly name: string;
  /** Why the objects are expected, shown beside the count of silenced objects. */
  readonly reason?: string;
}

/** What an allow-list is matched against. */
export interface IgnorableObject {
  readonly kind: string;
  /** The natural key (a fingerprint, a login, a path). */
  readonly id: string;
  /** The human name (a key's name, a role tag's role), when it has one besides the id. */
  readonly name?: string;
}

/**
 * Parses the `"drift"` object of `triton-iac.json`.
 * @param where the file, named in problems
 * @returns the patterns, or the problems (each naming the field, the value and the rule)
 */
export function parseDriftIgnore(
  drift: unknown,
  where: string,
): { patterns: DriftIgnorePattern[]; problems: string[] } {
  const patterns: DriftIgnorePattern[] = [];
  const problems: string[] = [];
  if (drift === undefined) return { patterns, problems };
  if (typeof drift !== 'object' || drift === null || Array.isArray(drift)) {
    problems.push(`${where}: "drift" is ${JSON.stringify(drift)}; it must be an object like {"ignore": ["key:ci-*"]}`);
    return { patterns, problems };
  }
  const known = new Set(['ignore']);
  for (const k of Object.keys(drift))
    if (!known.has(k)) problems.push(`${where}: "drift.${k}" is not a known field (known: ignore)`);
  const ignore = (drift as { ignore?: unknown }).ignore;
  if (ignore === undefined) return { patterns, problems };
  if (!Array.isArray(ignore)) {
    problems.push(`${where}: "drift.ignore" is ${JSON.stringify(ignore)}; it must be an array of patterns`);
    return { patterns, problems };
  }
  ignore.forEach((item: unknown, i) => {
    const at = `${where}: "drift.ignore[${i}]"`;
    if (typeof item === 'string') {
      const colon = item.indexOf(':');
      const kind = colon < 0 ? '*' : item.slice(0, colon);
      const name = colon < 0 ? item : item.slice(colon + 1);
      if (name === '' || kind === '')
        problems.push(`${at} is ${JSON.stringify(item)}; it must be KIND:NAME or NAME, such as "key:ci-*"`);
      else patterns.push({ kind, name });
      return;
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${at} is ${JSON.stringify(item)}; it must be "KIND:NAME" or {"kind", "name", "reason"}`);
      return;
    }
    const o = item as Record<string, unknown>;
    for (const k of Object.keys(o))
      if (!['kind', 'name', 'reason'].includes(k))
        problems.push(`${at}.${k} is not a known field (known: kind, name, reason)`);
    if (typeof o['name'] !== 'string' || o['name'] === '')
      problems.push(`${at}.name is ${JSON.stringify(o['name'])}; it must be a non-empty glob such as "ci-*"`);
    if (o['kind'] !== undefined && (typeof o['kind'] !== 'string' || o['kind'] === ''))
      problems.push(`${at}.kind is ${JSON.stringify(o['kind'])}; it must be a kind such as "key", or "*"`);
    if (o['reason'] !== undefined && typeof o['reason'] !== 'string')
      problems.push(`${at}.reason is ${JSON.stringify(o['reason'])}; it must be a string`);
    if (typeof o['name'] === 'string' && o['name'] !== '')
      patterns.push({
        kind: typeof o['kind'] === 'string' && o['kind'] !== '' ? o['kind'] : '*',
        name: o['name'],
        ...(typeof o['reason'] === 'string' ? { reason: o['reason'] } : {}),
      });
  });
  return { patterns, problems };
}

/** The first pattern that silences `object`, or `undefined`. */
export function ignoredBy(
  object: IgnorableObject,
  patterns: readonly DriftIgnorePattern[],
): DriftIgnorePattern | undefined {
  return patterns.find(
    (p) =>
      (p.kind === '*' || p.kind === object.kind) &&
      (globMatches(p.name, object.id) || (object.name !== undefined && globMatches(p.name, object.name))),
  );
}

/** Whether `text` matches `glob` as a whole (`*` any run of characters, `?` one; nothing else is special). */
export function globMatches(glob: string, text: string): boolean {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(text);
}
