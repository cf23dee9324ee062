/** The rule for an object's durability level (copies the object store keeps). */

/** The fewest and most copies an object may ask for. */
export const DURABILITY_MIN = 1;
export const DURABILITY_MAX = 6;

/**
 * Checks a durability level: an integer from {@link DURABILITY_MIN} to {@link DURABILITY_MAX}.
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkDurability(durability: unknown): string | undefined {
  if (
    typeof durability === 'number' &&
    Number.isInteger(durability) &&
    durability >= DURABILITY_MIN &&
    durability <= DURABILITY_MAX
  )
    return undefined;
  return `durability ${JSON.stringify(durability)}: must be an integer from ${DURABILITY_MIN} to ${DURABILITY_MAX} (copies kept)`;
}
