/**
 * `--target` and `--exclude` of a destroy (`destroy`, `plan --destroy`): each stack's part of the
 * selection (`destroySelectionPerStack`), as engine options.
 */
import type { StackManifest } from '../../common/manifest.js';
import { destroySelectionPerStack, refuseBlockedDirectoryDeletes } from '../../reconciler/index.js';
import type { EngineOptions } from './engine.js';
import { UsageError } from '../command.js';

/**
 * The engine options limiting each stack's destroy, or `undefined` for a stack that destroys nothing
 * (targets were given and none reaches it). With neither flag, every stack destroys everything.
 * @param app every stack of the app: a target takes what refers to it in a stack `--stack` leaves out too
 * @param selected the stacks the command works on (`--stack`)
 * @throws ReconcilerError `APPLY_WOULD_FAIL` when a stack `--stack` leaves standing declares an entry
 *   in a directory of a destroyed one (`refuseBlockedDirectoryDeletes`)
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for an address of no stack of the app; UsageError for
 *   one of a stack `--stack` leaves out
 */
export function destroyOptionsPerStack(
  app: readonly StackManifest[],
  selected: readonly StackManifest[],
  targets: readonly string[],
  exclude: readonly string[],
): (stack: StackManifest) => Partial<EngineOptions> | undefined {
  if (targets.length === 0 && exclude.length === 0) {
    refuseBlockedDirectoryDeletes(app, selected);
    return () => ({});
  }
  const parts = destroySelectionPerStack(app, targets, exclude);
  // An address of a stack --stack leaves out would silently do nothing: say so instead.
  const names = new Set(selected.map((s) => s.name));
  const left = [...parts.entries()]
    .filter(([name]) => !names.has(name))
    .flatMap(([name, p]) => [
      ...[...p.targets, ...p.exclude].map((a) => `${a} (stack ${name})`),
      // A dependant a target takes with it there: left standing, it would refer to what is gone.
      ...[...p.pulled.keys()].map((a) => `${a} (stack ${name}, which depends on a target)`),
    ]);
  if (left.length > 0)
    throw new UsageError(
      `--target/--exclude ${left.join(', ')}: --stack ${selected.map((s) => s.name).join(',')} leaves that stack out; add it to --stack, or give no --stack`,
    );
  return (stack) => {
    const part = parts.get(stack.name);
    if (part === undefined) return undefined;
    return {
      ...(part.targets.length > 0 ? { targets: part.targets } : {}),
      ...(part.exclude.length > 0 ? { exclude: part.exclude } : {}),
      ...(part.pulled.size > 0 || part.keep.size > 0
        ? { destroyAcross: { pulled: part.pulled, keep: part.keep } }
        : {}),
    };
  };
}
