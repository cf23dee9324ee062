/**
 * `--replace ADDRESS` and `--exclude ADDRESS` (both repeatable) on plan, apply and drift: the
 * flags, their help, and the note that names what an exclusion leaves out.
 */
import type { StackManifest } from '../../common/manifest.js';
import { controlsPerStack, exclusionsOf, type StackControls } from '../../reconciler/index.js';
import { UsageError, type CommandIo } from '../command.js';
import type { FlagSpec, ParsedArgs } from './args.js';

/** The flags. */
export const OPERATOR_FLAGS: FlagSpec = { replace: 'repeat', exclude: 'repeat' };

/** Their help lines. */
export const OPERATOR_HELP = `  --replace ADDRESS          replace this resource even if nothing about it changed (delete and
                             create it again: re-run a job, re-create a key); repeatable
  --exclude ADDRESS          leave this resource out of the run, and every resource that depends
                             on it (they are named); repeatable`;

/** The engine options of the flags (none when not given). */
export interface OperatorOptions {
  readonly replace?: readonly string[];
  readonly exclude?: readonly string[];
}

/**
 * Reads the flags.
 * @param refusedWith why they cannot be used in this run (a saved plan, a destroy), if they cannot
 * @throws UsageError when given but refused
 */
export function operatorOptions(args: ParsedArgs, refusedWith?: string): OperatorOptions {
  const replace = args.repeats.get('replace') ?? [];
  const exclude = args.repeats.get('exclude') ?? [];
  if (replace.length + exclude.length === 0) return {};
  if (refusedWith !== undefined) throw new UsageError(`--${replace.length > 0 ? 'replace' : 'exclude'} ${refusedWith}`);
  return { ...(replace.length > 0 ? { replace } : {}), ...(exclude.length > 0 ? { exclude } : {}) };
}

/**
 * The flags of each stack of the session (`controlsPerStack`): each address goes to its own stack,
 * and an excluded object takes out what names it in the app's other stacks of the account.
 */
export function operatorOptionsPerStack(
  stacks: readonly StackManifest[],
  options: OperatorOptions,
): (stack: StackManifest) => StackControls {
  if (options.replace === undefined && options.exclude === undefined) return () => ({});
  const perStack = controlsPerStack(stacks, options);
  return (stack) => perStack.get(stack.name) ?? {};
}

/** The engine options of one stack's flags (without the note of what they name). */
export function engineControls(controls: StackControls): OperatorOptions {
  return {
    ...(controls.replace !== undefined ? { replace: controls.replace } : {}),
    ...(controls.exclude !== undefined ? { exclude: controls.exclude } : {}),
  };
}

/** Says on stderr what `--exclude` leaves out of `stack`'s run, dependants with what they depend on. */
export function noteExclusions(stack: StackManifest, options: StackControls, io: CommandIo): void {
  if (options.exclude === undefined) return;
  const declared = new Set(stack.resources.map((r) => r.address));
  const out = exclusionsOf(options.exclude, new Map(stack.resources.map((r) => [r.address, r.dependsOn]))).filter(
    (e) => declared.has(e.address) || options.exclude!.includes(e.address),
  );
  const dependants = out.filter((e) => e.dependsOn !== undefined);
  const named = options.namesExcluded ?? new Map<string, string>();
  const flagged = options.exclude.filter((a) => !named.has(a));
  io.stderr.write(
    `Excluded from this run of stack ${stack.name}: ${[
      ...flagged,
      ...[...named].map(([a, on]) => `${a} (it names ${on}, excluded in its stack)`),
    ].join(', ')}` +
      (dependants.length > 0
        ? `; and, because they depend on it, ${dependants.map((e) => `${e.address} (on ${e.dependsOn})`).join(', ')}`
        : '') +
      '.\n',
  );
}
