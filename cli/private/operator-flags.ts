/**
 * `--replace ADDRESS` and `--exclude ADDRESS` (both repeatable) on plan, apply and drift: the
 * flags, their help, and the note that names what an exclusion leaves out.
 */
import type { StackManifest } from '../../common/manifest.js';
import { exclusionsOf } from '../../reconciler/index.js';
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

/** Says on stderr what `--exclude` leaves out of `stack`'s run, dependants with what they depend on. */
export function noteExclusions(stack: StackManifest, options: OperatorOptions, io: CommandIo): void {
  if (options.exclude === undefined) return;
  const declared = new Set(stack.resources.map((r) => r.address));
  const out = exclusionsOf(options.exclude, new Map(stack.resources.map((r) => [r.address, r.dependsOn]))).filter(
    (e) => declared.has(e.address) || options.exclude!.includes(e.address),
  );
  const dependants = out.filter((e) => e.dependsOn !== undefined);
  io.stderr.write(
    `Excluded from this run of stack ${stack.name}: ${options.exclude.join(', ')}` +
      (dependants.length > 0
        ? `; and, because they depend on it, ${dependants.map((e) => `${e.address} (on ${e.dependsOn})`).join(', ')}`
        : '') +
      '.\n',
  );
}
