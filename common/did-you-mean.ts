/**
 * "Did you mean …?" for a name that matches nothing: the candidates closest to what was typed, by
 * edit distance (a transposition counts as one edit), ignoring case. Shared by synth (a misspelt prop)
 * and the CLI (a mistyped address), so that both suggest the same way.
 */

/**
 * The candidates closest to `input` (all those equally close, at most `max`). Close means a few edits
 * away (at most a third of the length, at least 2), or, for paths, the same last segment (a construct
 * that moved) or one containing the other.
 */
export function closestMatches(input: string, candidates: readonly string[], max = 3): string[] {
  const typed = input.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate === input) continue;
    const c = candidate.toLowerCase();
    const distance = editDistance(typed, c);
    const limit = Math.max(2, Math.floor(Math.max(typed.length, c.length) / 3));
    if (distance <= limit) scored.push({ candidate, score: distance });
    else if (lastSegment(typed) === lastSegment(c) || (typed.length >= 3 && (c.includes(typed) || typed.includes(c))))
      scored.push({ candidate, score: limit + 1 });
  }
  const best = Math.min(...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score === best)
    .sort((a, b) => (a.candidate < b.candidate ? -1 : 1))
    .slice(0, max)
    .map((s) => s.candidate);
}

/** ` (did you mean "a" or "b"?)` for the close candidates, or `''` when none is close. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const close = closestMatches(input, candidates);
  if (close.length === 0) return '';
  const quoted = close.map((c) => JSON.stringify(c));
  return ` (did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`}?)`;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
