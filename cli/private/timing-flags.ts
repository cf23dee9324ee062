/**
 * The emulator's timing flags (`--timing`, `--time-scale`; `--emulator-timing` and
 * `--emulator-time-scale` on the commands that embed one): how long its jobs take.
 */
import { UsageError } from '../command.js';
import type { TimingProfileName } from '../../emulator/core/timing.js';

/**
 * The profile names, written here rather than imported: the CLI loads the emulator only for a
 * command that runs one (test/e2e/start-up.test.ts), and every command parses these flags. The
 * `satisfies` and the check below keep the list equal to the emulator's.
 */
const TIMING_PROFILES = ['fast', 'realistic'] as const satisfies readonly TimingProfileName[];
/** Fails to compile when the emulator gains a profile this list lacks. */
type EveryProfileListed = TimingProfileName extends (typeof TIMING_PROFILES)[number] ? true : never;
const everyProfileListed: EveryProfileListed = true;
void everyProfileListed;

/**
 * Reads a timing profile's name.
 * @throws UsageError naming the flag, the value and the profiles
 */
export function timingFlag(value: string | undefined, flag: string): TimingProfileName | undefined {
  if (value === undefined) return undefined;
  if ((TIMING_PROFILES as readonly string[]).includes(value)) return value as TimingProfileName;
  throw new UsageError(`${flag} ${JSON.stringify(value)} must be one of ${TIMING_PROFILES.join(', ')}`);
}

/** The largest time scale: a job 100 times slower than the profile's. */
const MAX_SCALE = 100;

/**
 * Reads a time scale: a positive decimal (`0.1`) or a fraction (`1/10`), at most 100.
 * @throws UsageError naming the flag, the value and the rule
 */
export function timeScaleFlag(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const fraction = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(value.trim());
  const n = fraction
    ? Number(fraction[1]) / Number(fraction[2])
    : /^\d+(\.\d+)?$/.test(value.trim())
      ? Number(value)
      : NaN;
  if (!(n > 0) || n > MAX_SCALE || !Number.isFinite(n))
    throw new UsageError(
      `${flag} ${JSON.stringify(value)} must be a positive number up to ${MAX_SCALE}, such as 0.1 or 1/10 (every job ten times faster)`,
    );
  return n;
}
