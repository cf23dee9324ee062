/**
 * How long to wait before looking again at something a job is finishing (an instance booting, a
 * machine being destroyed): an eighth of the time waited so far, within bounds. A job of unknown
 * length is then seen done at most about an eighth of its length late (plus one first pause), where
 * doubling pauses could overshoot it by almost as long again, and a long job is still looked at only
 * a few times a minute.
 */

/**
 * The pause before the next look.
 * @param waitedMs how long the wait has lasted
 * @param firstMs the shortest pause (the first one)
 * @param maxMs the longest pause
 */
export function nextPollMs(waitedMs: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, Math.max(firstMs, Math.round(waitedMs / 8)));
}
