/** The API versions the emulated CloudAPI serves, newest first (server-behaviour.md). */
export const SUPPORTED_VERSIONS: readonly string[] = ['9.0.0', '8.0.0', '7.3.0', '7.2.0', '7.1.0', '7.0.0'];

type Triple = [number, number, number];

/**
 * The newest supported version satisfying a semver range such as `~9||~8`, `*`, `7.0.0`, `>=9`,
 * `^8`, `8.x` or `>=7.2 <9`, or `undefined` when none does (or the range does not parse).
 */
export function negotiateVersion(range: string): string | undefined {
  for (const version of SUPPORTED_VERSIONS) {
    if (satisfies(parse(version)!, range)) return version;
  }
  return undefined;
}

function satisfies(version: Triple, range: string): boolean {
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .split(/\s+/)
      .filter((c) => c !== '');
    return comparators.length === 0 || comparators.every((c) => comparatorMatches(version, c));
  });
}

function comparatorMatches(v: Triple, comparator: string): boolean {
  const m = /^(~|\^|>=|<=|>|<|=)?v?(.*)$/.exec(comparator)!;
  const op = m[1] ?? '';
  const text = m[2]!;
  if (text === '*' || text === 'x' || text === 'X')
    return op === '' || op === '>=' || op === '=' || op === '~' || op === '^';
  const parts = text.split('.');
  if (parts.length > 3) return false;
  const nums: (number | undefined)[] = [];
  for (const p of parts) {
    if (p === 'x' || p === 'X' || p === '*') nums.push(undefined);
    else if (/^\d+$/.test(p)) nums.push(Number(p));
    else return false;
  }
  while (nums.length < 3) nums.push(undefined);
  const [major, minor, patch] = nums;
  if (major === undefined) return true;
  const floor: Triple = [major, minor ?? 0, patch ?? 0];
  const cmp = compare(v, floor);
  switch (op) {
    case '>=':
      return cmp >= 0;
    case '>':
      return minor === undefined
        ? v[0] > major
        : patch === undefined
          ? compare(v, [major, minor + 1, 0]) >= 0
          : cmp > 0;
    case '<':
      return cmp < 0;
    case '<=':
      return minor === undefined
        ? v[0] <= major
        : patch === undefined
          ? compare(v, [major, minor + 1, 0]) < 0
          : cmp <= 0;
    case '~':
      return cmp >= 0 && (minor === undefined ? v[0] === major : v[0] === major && v[1] === minor);
    case '^':
      return cmp >= 0 && v[0] === major;
    default:
      // A partial exact version is an x-range: `8` means any 8.x.x.
      return v[0] === major && (minor === undefined || v[1] === minor) && (patch === undefined || v[2] === patch);
  }
}

function parse(version: string): Triple | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether the dotted version `version` is `minimum` or later (both x.y.z). */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = parse(version);
  const b = parse(minimum);
  if (a === undefined || b === undefined)
    throw new Error(`versionAtLeast: ${version} and ${minimum} must both be x.y.z`);
  return compare(a, b) >= 0;
}
