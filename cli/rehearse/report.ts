/**
 * What `triton-iac rehearse` prints: what it copied, what each action did in the copy, what the
 * next plan found, and the verdict with its reasons.
 */
import type { StackManifest } from '../../common/manifest.js';
import type { CopyReport } from './copy.js';
import type { RehearsalConditions, RehearsalOutcome } from './run.js';

/** The printed report and whether the rehearsal passed. */
export function reportOf(input: {
  readonly file: string;
  readonly stack: StackManifest;
  readonly user: string | undefined;
  readonly copy: CopyReport;
  readonly conditions: RehearsalConditions;
  readonly outcome: RehearsalOutcome;
}): { text: string; pass: boolean } {
  const { copy, conditions: c, outcome } = input;
  const who = input.user !== undefined ? `sub-user ${input.user}` : 'the account owner';
  const lines = [
    `Rehearsal of ${input.file}: stack ${input.stack.name}, account ${input.stack.account}, applied as ${who}.`,
    'Copied from the cloud (read only; nothing was written there):',
    ...copy.copied.map((l) => `  ${l}`),
    ...copy.notes.map((n) => `  note: ${n}`),
    `The copy: consistency window ${c.windowMs} ms, stale reads ${c.staleReadRate}, faults ${c.faultRate}, latency ${c.latencyMs} ms${c.throttleRps !== undefined ? `, throttled above ${c.throttleRps} requests/s` : ''}, seed ${c.seed}, ${c.timing} job timing × ${c.timeScale}.`,
    'Apply in the copy:',
  ];
  for (const e of outcome.events) {
    if (e.type === 'action-done') lines.push(`  ✓ ${e.address}: ${e.outcome}`);
    else if (e.type === 'action-failed') lines.push(`  ✗ ${e.address}: ${e.action} failed: ${e.message}`);
    else if (e.type === 'action-skipped') lines.push(`  - ${e.address}: skipped (${e.because})`);
  }
  if (outcome.events.length === 0 && outcome.error === undefined) lines.push('  (nothing to do)');
  for (const w of outcome.warnings) lines.push(`  warning: ${w}`);
  const reasons: string[] = [];
  if (outcome.error !== undefined) reasons.push(outcome.error);
  if (outcome.result !== undefined && !outcome.result.ok) {
    const failed = outcome.result.failed.length;
    const skipped = outcome.result.skipped.length;
    reasons.push(
      `${failed} action${failed === 1 ? '' : 's'} failed${skipped > 0 ? ` and ${skipped} ${skipped === 1 ? 'was' : 'were'} skipped` : ''}`,
    );
  }
  if (outcome.remaining !== undefined) {
    if (outcome.remaining.length === 0) lines.push('Next plan in the copy: No changes.');
    else {
      lines.push(`Next plan in the copy: ${outcome.remaining.length} still to do:`);
      for (const ch of outcome.remaining)
        lines.push(`  ${ch.action} ${ch.address}${ch.reason !== undefined ? ` (${ch.reason})` : ''}`);
      reasons.push(`the next plan is not empty (${outcome.remaining.length} changes)`);
    }
  }
  const pass = reasons.length === 0;
  lines.push(
    pass
      ? 'Verdict: PASS. The plan applied cleanly in the copy and left nothing to do.'
      : `Verdict: FAIL. ${reasons.join('; ')}. Do not apply this plan as it is.`,
  );
  return { text: `${lines.join('\n')}\n`, pass };
}
