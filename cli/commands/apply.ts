import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MANIFEST_VERSION, type StackManifest } from '../../common/manifest.js';
import {
  destroyView,
  isSavedPlanText,
  manifestDigestOf,
  readSavedPlans,
  type Plan,
  type SavedStackPlan,
} from '../../reconciler/index.js';
import { UsageError, type Command, type CommandIo } from '../command.js';
import { expectPositionals, intFlag, parseArgs } from '../private/args.js';
import {
  engineControls,
  noteExclusions,
  OPERATOR_FLAGS,
  OPERATOR_HELP,
  operatorOptions,
  operatorOptionsPerStack,
} from '../private/operator-flags.js';
import type { LoadedApp } from '../private/app-loader.js';
import { runReviewed } from '../private/carry-out.js';
import { shellWord } from '../private/shell-word.js';
import { applySavedParts, type SavedPart, type SavedPlanSource } from '../private/apply-saved.js';
import { checkSavedPlanContext } from '../private/context.js';
import { crossStackLine } from '../private/cross-stack-states.js';
import {
  COMMON_FLAGS,
  COMMON_HELP,
  commonOptions,
  loadAppFor,
  openSession,
  type CommonOptions,
} from '../private/session.js';

const HELP = `Usage: triton-iac apply [APP | PLANFILE] [options]

Makes the cloud match the app: takes the state lock, plans, shows the plan, asks for confirmation
on a terminal, then carries out exactly that plan, creating, updating and deleting in dependency
order, in parallel, all under the one lock. A second run meanwhile fails at once naming the holder
(or waits, with --lock-timeout) and shows no plan. State is written after every action, so an
interrupted apply resumes where it stopped when run again.

A renamed construct is moved, not deleted and re-created: its object keeps being managed at the new
address. An object that exists in the cloud but not in this stack's state is adopted only if it
already matches the declaration; otherwise the plan shows a conflict naming the fields that differ
and apply changes nothing until you consent: \`triton-iac import ADDRESS ID\`, or --adopt.

Given a PLANFILE saved by \`triton-iac plan --out FILE\` (recognised by its content, whatever its
name), applies exactly that plan without asking, and refuses if the state or any planned object
changed since it was made. The file is self-contained: it holds the synthesized stack and the
directory the plan was made in (relative paths such as object content files are read from
there), so it can be applied from any directory without the app. Give --emulator when the plan
was made with it. The file records the context the app was built with (--context,
triton-iac.json); apply refuses a --context (or, with --app, an app context) that differs. --app APP applies it against APP instead (refused if APP changed since).

A PLANFILE of an app with several stacks is applied whole or not at all: every stack's plan is
checked first, and one that is stale refuses the file with nothing changed. The stacks are then
applied in the saved order, each under its own lock; the first that fails stops the run, which
says which stacks were applied and which were not.

Without a terminal (CI, a pipe) apply refuses to run unless --auto-approve or a PLANFILE is given.

Options:
  --auto-approve, -y     do not ask for confirmation
  --adopt                adopt objects found in the cloud that differ from the declaration, and
                         make them match it (preview with \`triton-iac plan --adopt\`)
  --parallelism N        at most N actions at once (default 96; --max-requests caps requests)
  --target ADDRESS       apply only this resource and what it depends on (repeatable)
${OPERATOR_HELP}
  --app APP              check a PLANFILE against this app (and use it instead of the stack
                         recorded in the file; needed only for plans saved by triton-iac 0.1.0)
  --verbose              list every file of a large object-store change (a StorTree of hundreds
                         of files) instead of its summary line

${COMMON_HELP}

Exit codes: 0 applied (or nothing to do), 1 error, declined or an action failed.

Examples:
  triton-iac apply --emulator examples/quickstart/main.ts
  triton-iac apply --auto-approve --parallelism 4
  triton-iac plan --out plan.json && triton-iac apply plan.json
  triton-iac apply --context env=staging --auto-approve
`;

/** `triton-iac apply`: makes the cloud match the app. */
export const applyCommand: Command = {
  name: 'apply',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...COMMON_FLAGS,
        'auto-approve': 'boolean',
        adopt: 'boolean',
        parallelism: 'string',
        target: 'repeat',
        app: 'string',
        verbose: 'boolean',
        ...OPERATOR_FLAGS,
      },
      'apply',
    );
    expectPositionals(args, 'apply', 0, 1, '[APP | PLANFILE] [options]');
    const common = commonOptions(args);
    const parallelism = intFlag(args, 'parallelism', 1, 256);
    const targets = args.repeats.get('target') ?? [];
    const first = args.positionals[0];
    const autoApprove = args.booleans.has('auto-approve');
    const adopt = args.booleans.has('adopt');
    const savedFile =
      first !== undefined && isSavedPlan(resolve(io.cwd, first))
        ? await readSavedPlans(resolve(io.cwd, first))
        : undefined;
    const saved = savedFile?.stacks;
    if (saved !== undefined && targets.length > 0)
      throw new UsageError('--target cannot narrow a saved plan; make the plan with --target instead');
    if (saved !== undefined && adopt)
      throw new UsageError(
        '--adopt cannot change a saved plan; make the plan with `triton-iac plan --adopt --out FILE` instead',
      );
    if (saved !== undefined && saved.length > 1 && common.stack !== undefined)
      throw new UsageError(
        `--stack cannot narrow saved plan ${first} of ${saved.length} stacks (${saved.map((s) => s.plan.stack).join(', ')}): it is applied whole; make a plan of one stack with \`triton-iac plan --stack ${common.stack} --out FILE\` instead`,
      );
    const controls = operatorOptions(
      args,
      saved !== undefined ? 'cannot change a saved plan; make the plan with it instead' : undefined,
    );
    const extra = {
      ...(parallelism !== undefined ? { parallelism } : {}),
      ...(targets.length > 0 ? { targets } : {}),
    };
    const origins = saved?.map((s) => s.origin);
    if (saved !== undefined && !args.strings.has('app') && origins!.every((o) => o !== undefined)) {
      // The plan carries the stack its context built: a --context that says otherwise is refused.
      checkSavedPlanContext(origins![0]!.context, common.context, first!, true);
      return applySelfContained(saved as SavedStackPlan[], common, extra, io, first!);
    }
    const app = await loadAppFor(
      saved !== undefined ? args.strings.get('app') : (args.strings.get('app') ?? first),
      common,
      io,
    );
    if (origins?.[0] !== undefined) checkSavedPlanContext(origins[0].context, app.context ?? {}, first!, false);
    const session = await openSession(
      app,
      saved !== undefined ? { ...common, stack: saved.length === 1 ? saved[0]!.plan.stack : undefined } : common,
      io,
    );
    try {
      if (saved !== undefined) {
        const parts = saved.map((s) => ({ stack: stackOfPlan(s.plan, session.stacks, app.path), plan: s.plan }));
        return await applySavedParts(
          session,
          parts,
          extra,
          io,
          sourceOf(first!, app.path, parts, common.emulator, origins?.[0]?.planFlags),
        );
      }
      let ok = true;
      const controlsOf = operatorOptionsPerStack(session.stacks, controls);
      for (const stack of session.stacks) {
        noteExclusions(stack, controlsOf(stack), io);
        await session.refuseNamesNotApplied(stack);
        const options = await session.options(stack, {
          ...extra,
          ...engineControls(controlsOf(stack)),
          ...(adopt ? { adopt } : {}),
        });
        io.stdout.write(crossStackLine(stack, options.crossStack, session.outputsRead.get(stack.name)));
        const question = `\nApply these changes to stack ${stack.name} (account ${stack.account})?`;
        const outcome = await runReviewed(
          stack,
          options,
          'apply',
          { autoApprove, question, command: 'triton-iac apply --auto-approve' },
          io,
          args.booleans.has('verbose'),
        );
        if (outcome === 'declined') {
          io.stdout.write('Apply cancelled; nothing was changed.\n');
          return 1;
        }
        if (outcome === 'nothing') io.stdout.write(`Nothing to apply for stack ${stack.name}.\n`);
        else ok &&= outcome.ok;
      }
      return ok ? 0 : 1;
    } finally {
      await session.close();
    }
  },
};

/**
 * Applies a saved plan with the stacks and working directory recorded in it, so neither the app nor
 * the directory `apply` runs in matter (Terraform's plan files behave the same).
 */
async function applySelfContained(
  saved: readonly SavedStackPlan[],
  common: CommonOptions,
  extra: { parallelism?: number },
  io: CommandIo,
  file: string,
): Promise<number> {
  // One plan run made every stack's part (the file's digest covers it): they share the origin but the stack.
  const origin = saved[0]!.origin;
  if (origin.emulator !== common.emulator) {
    throw new UsageError(
      origin.emulator
        ? `saved plan ${file} was made against the embedded emulator (plan --emulator); add --emulator to apply it there`
        : `saved plan ${file} was made against the cloud, not the embedded emulator; apply it without --emulator`,
    );
  }
  if (!existsSync(origin.workDir)) {
    throw new UsageError(
      `saved plan ${file} was made in ${origin.workDir}, which no longer exists; its relative paths (content files, a local state file) are resolved there. Make the plan again`,
    );
  }
  const app: LoadedApp = {
    path: origin.app,
    kind: 'manifest',
    manifest: { version: MANIFEST_VERSION, generator: 'saved plan', stacks: saved.map((s) => s.origin.stack) },
  };
  const planIo: CommandIo = { ...io, cwd: origin.workDir };
  const session = await openSession(app, { ...common, stack: undefined }, planIo);
  try {
    const parts = saved.map((s) => ({ stack: session.stacks.find((t) => t.name === s.plan.stack)!, plan: s.plan }));
    return await applySavedParts(
      session,
      parts,
      { ...extra, contentDir: origin.workDir },
      io,
      sourceOf(file, origin.app, parts, common.emulator, origin.planFlags),
    );
  } finally {
    await session.close();
  }
}

/** The file and the command that plans again what it was made for (a destroy plans a destroy, a targeted plan the same targets). */
function sourceOf(
  file: string,
  app: string,
  parts: readonly SavedPart[],
  emulator: boolean,
  planFlags: readonly string[] = [],
): SavedPlanSource {
  // A destroy plan is made from the stack without its resources (see plan --destroy --out).
  const destroy = parts.every((p) => p.plan.manifestDigest === manifestDigestOf(destroyView(p.stack)));
  const several = parts.length > 1 ? '' : ` --stack ${parts[0]!.plan.stack}`;
  const flags = planFlags.map((f) => ` ${shellWord(f)}`).join('');
  return {
    file,
    replan: `triton-iac plan ${app}${several}${destroy ? ' --destroy' : ''}${flags} --out ${file}${emulator ? ' --emulator' : ''}`,
  };
}

function stackOfPlan(plan: Plan, stacks: readonly StackManifest[], appPath: string): StackManifest {
  const stack = stacks.find((s) => s.name === plan.stack);
  if (!stack)
    throw new UsageError(
      `the saved plan is for stack ${plan.stack}, which ${appPath} does not declare; pass the app it was made from with --app`,
    );
  if (stack.account !== plan.account) {
    throw new UsageError(
      `the saved plan is for account ${plan.account}, but stack ${stack.name} in ${appPath} is for account ${stack.account}; make the plan again`,
    );
  }
  return stack;
}

/**
 * Whether APP is a saved plan, decided by its content (the `savedPlanFormat` marker), never by
 * its name: `plan --out` accepts any name.
 */
function isSavedPlan(path: string): boolean {
  try {
    return isSavedPlanText(readFileSync(path, 'utf8'));
  } catch {
    // Unreadable (missing, a directory): not a saved plan; the app loader reports what is wrong with it.
    return false;
  }
}
