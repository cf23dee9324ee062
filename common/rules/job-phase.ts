/** The input rules of one compute-job phase. */
import { showValue } from '../text/safe-text.js';

/** The memory sizes (MB) a phase may ask for. */
export const JOB_MEMORY_VALUES: readonly number[] = [256, 512, 1024, 2048, 4096, 8192];

/** The disk sizes (GB) a phase may ask for. */
export const JOB_DISK_VALUES: readonly number[] = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/** The most reducers a reduce phase may have. */
export const JOB_MAX_REDUCERS = 1024;

/**
 * Checks one phase of a job: `exec` a non-empty string; `type` `map` or `reduce` (absent means
 * map); `count` only on reduce phases, an integer 1–1024; `memory` one of
 * {@link JOB_MEMORY_VALUES}; `disk` one of {@link JOB_DISK_VALUES}; `init` a string and `assets`
 * an array of strings when present.
 *
 * @param index the phase's position in the job, used in messages as `phases[i]`.
 * @returns every problem found; empty when the phase is valid.
 */
export function checkJobPhase(phase: unknown, index: number): string[] {
  const at = `phases[${index}]`;
  if (typeof phase !== 'object' || phase === null || Array.isArray(phase)) return [`${at} must be an object`];
  const p = phase as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof p.exec !== 'string' || p.exec.trim().length === 0) {
    problems.push(`${at}.exec is required and must be a non-empty string`);
  }
  const type = p.type ?? 'map';
  if (type !== 'map' && type !== 'reduce') problems.push(`${at}.type ${showValue(p.type)} must be "map" or "reduce"`);
  if (p.count !== undefined) {
    if (type !== 'reduce') problems.push(`${at}.count is allowed only on reduce phases`);
    else if (!Number.isInteger(p.count) || (p.count as number) < 1 || (p.count as number) > JOB_MAX_REDUCERS) {
      problems.push(`${at}.count ${showValue(p.count)} must be an integer from 1 to ${JOB_MAX_REDUCERS}`);
    }
  }
  if (p.memory !== undefined && !JOB_MEMORY_VALUES.includes(p.memory as number)) {
    problems.push(`${at}.memory ${showValue(p.memory)} must be one of ${JOB_MEMORY_VALUES.join(', ')} (MB)`);
  }
  if (p.disk !== undefined && !JOB_DISK_VALUES.includes(p.disk as number)) {
    problems.push(`${at}.disk ${showValue(p.disk)} must be one of ${JOB_DISK_VALUES.join(', ')} (GB)`);
  }
  if (p.init !== undefined && typeof p.init !== 'string') problems.push(`${at}.init must be a string`);
  if (p.assets !== undefined && (!Array.isArray(p.assets) || p.assets.some((a) => typeof a !== 'string'))) {
    problems.push(`${at}.assets must be an array of object paths`);
  }
  return problems;
}
