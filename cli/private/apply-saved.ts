/**
 * `apply PLANFILE`: carries out a saved plan, of one stack or of an app's stacks. A plan of several
 * stacks is all or nothing on staleness: every stack's plan is checked (under its lock, changing
 * nothing) before the first is applied, then the stacks are applied in the saved order, each under
 * its own lock, stopping at the first that fails and saying what was applied and what to run next.
 */
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError, type Plan } from '../../reconciler/index.js';
import type { CommandIo } from '../command.js';
import { hasWork, outcomeLine, runPlan } from './carry-out.js';
import { applyPlan, checkSavedPlan, type EngineOptions } from './engine.js';
import type { Session } from './session.js';

/** One stack of a saved plan, matched to the stack it is applied to. */
export interface SavedPart {
  readonly stack: StackManifest;
  readonly plan: Plan;
}

/** Where the saved plan came from, for the messages. */
export interface SavedPlanSource {
  /** The file as the user named it. */
  readonly file: string;
  /** The command that plans again what is left, e.g. `triton-iac plan /w/app.ts --out p.json --emulator`. */
  readonly replan: string;
}

/**
 * Applies the parts of a saved plan in their order (see the module comment).
 * @returns the exit code: 0 when every stack was applied (or had nothing to do), 1 when one failed
 * @throws ReconcilerError `PLAN_STALE` naming every stale stack, before anything is changed; or the
 *   error that stopped a stack (after saying which stacks were applied)
 */
export async function applySavedParts(
  session: Session,
  parts: readonly SavedPart[],
  extra: Partial<EngineOptions>,
  io: CommandIo,
  source: SavedPlanSource,
): Promise<number> {
  if (parts.length === 1) {
    const { stack, plan } = parts[0]!;
    try {
      return await applySaved(stack, plan, await session.options(stack, extra), io, source.file);
    } catch (error) {
      // The engine's hint names a bare `plan --out FILE`; this one repeats how the plan was made.
      if (!(error instanceof ReconcilerError) || error.code !== 'PLAN_STALE') throw error;
      throw new ReconcilerError('PLAN_STALE', error.message, { hint: replanHint(source) });
    }
  }
  await refuseStale(session, parts, extra, source);
  io.stdout.write(
    `Applying saved plan ${source.file}: ${parts.length} stacks, in this order: ${parts.map((p) => p.stack.name).join(', ')}.\n`,
  );
  for (const [i, part] of parts.entries()) {
    let code: number;
    try {
      code = await applySaved(part.stack, part.plan, await session.options(part.stack, extra), io, source.file);
    } catch (error) {
      io.stderr.write(stoppedAt(parts, i, source, 'an error stopped it (below)'));
      throw error;
    }
    if (code !== 0) {
      io.stderr.write(stoppedAt(parts, i, source, 'it failed (above)'));
      return code;
    }
  }
  io.stdout.write(`Applied saved plan ${source.file} to every stack: ${parts.map((p) => p.stack.name).join(', ')}.\n`);
  return 0;
}

/**
 * Checks every stack's plan before any is applied, and refuses the whole file, naming each stale
 * stack, when one is. Other refusals (a conflict, a lock held) stop the check as they would apply.
 * @throws ReconcilerError `PLAN_STALE`
 */
async function refuseStale(
  session: Session,
  parts: readonly SavedPart[],
  extra: Partial<EngineOptions>,
  source: SavedPlanSource,
): Promise<void> {
  const stale: string[] = [];
  for (const { stack, plan } of parts) {
    try {
      await checkSavedPlan(stack, plan, await session.options(stack, extra));
    } catch (error) {
      if (!(error instanceof ReconcilerError) || error.code !== 'PLAN_STALE') throw error;
      // The engine's sentence is about one plan; here it is one line of the file's refusal.
      const why = error.message
        .replace(/^the saved plan cannot be applied, it is stale: /, '')
        .replace(/\.? Run plan again\.$/, '');
      stale.push(`stack ${stack.name}: ${why}`);
    }
  }
  if (stale.length === 0) return;
  throw new ReconcilerError(
    'PLAN_STALE',
    `saved plan ${source.file} was not applied, and nothing was changed: the plan${stale.length === 1 ? '' : 's'} of ${stale.length} of its ${parts.length} stacks ${stale.length === 1 ? 'is' : 'are'} stale (a plan of several stacks is applied whole or not at all):\n${stale.map((s) => `  ${s}`).join('\n')}`,
    {
      hint: replanHint(source),
    },
  );
}

/** What was applied and what was not when stack `at` stopped the run, and what to run next. */
function stoppedAt(parts: readonly SavedPart[], at: number, source: SavedPlanSource, why: string): string {
  const names = (from: number, to?: number): string =>
    parts
      .slice(from, to)
      .map((p) => p.stack.name)
      .join(', ') || 'none';
  return (
    `Saved plan ${source.file} stopped at stack ${parts[at]!.stack.name}: ${why}. ` +
    `Applied: ${names(0, at)}. Not applied: ${names(at)} (what ${parts[at]!.stack.name} finished is recorded in its state).\n` +
    `The file cannot be applied again (the applied stacks' state has moved on): fix the cause, then plan what is left with \`${source.replan}\`, review it, and apply the new file.\n`
  );
}

/** Applies one stack's saved plan (a plan without changes is still checked, under the lock). */
async function applySaved(
  stack: StackManifest,
  plan: Plan,
  options: EngineOptions,
  io: CommandIo,
  file: string,
): Promise<number> {
  if (!hasWork(plan)) {
    // Checked all the same, under the lock: a CI job applying a pull request's plan must learn that
    // the state or the cloud moved since (as Terraform refuses any stale plan), not be told all is well.
    const result = await applyPlan(stack, plan, options);
    if (!result.ok) {
      io.stdout.write(`${outcomeLine(stack.name, result, io)}\n`);
      return 1;
    }
    io.stdout.write(`Saved plan ${file} has no changes for stack ${stack.name} and is still current; nothing to do.\n`);
    return 0;
  }
  io.stdout.write(`Applying saved plan ${file} to stack ${stack.name} (account ${stack.account}).\n`);
  const result = await runPlan(stack, plan, options, io);
  return result.ok ? 0 : 1;
}

/** What to do with a stale saved plan: make it again the way it was made. */
function replanHint(source: SavedPlanSource): string {
  return `Make the plan again (\`${source.replan}\`), review it, and apply the new file.`;
}
