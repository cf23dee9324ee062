/**
 * A kind that re-runs over what it depends on (a job over its inputs and assets) runs again when this
 * apply writes one of those: the engine plans it from the handler's `schema.rerunWhenWritten`.
 */
import type { RerunRule } from '../../common/contract/handler.js';
import type { ResourceChange } from '../plan/types.js';
import type { RunContext } from './private/run-context.js';

/**
 * A resource whose kind re-runs over what it depends on (a job over its inputs and assets, by its
 * handler's `schema.rerunWhenWritten`) must run again when this very apply writes one of those; the
 * handler can only see a rewrite that already happened, so the engine plans it: an unchanged
 * resource that depends on a created, updated or replaced object of those kinds becomes a
 * replacement (a new run).
 */
export function rerunWithWrittenDependencies(
  changes: ResourceChange[],
  run: Pick<RunContext, 'handlers'>,
): ResourceChange[] {
  const written = new Map(
    changes
      .filter((c) => c.action === 'create' || c.action === 'update' || c.action === 'replace')
      .map((c) => [c.address, c]),
  );
  return changes.map((c) => {
    const schema = run.handlers.get(c.kind)?.schema;
    const rule = schema?.rerunWhenWritten;
    if (schema === undefined || rule === undefined) return c;
    if (
      c.action === 'replace' &&
      rule.staleField !== undefined &&
      (c.replacePaths ?? []).includes(`/${rule.staleField}`)
    )
      return withStaleReason(c, rule);
    if (c.action !== 'no-op') return c;
    const inputs = c.dependsOn.filter((d) => rule.kinds.includes(written.get(d)?.kind ?? ''));
    if (inputs.length === 0) return c;
    return {
      ...c,
      action: 'replace' as const,
      replaceStrategy: schema.replaceStrategy,
      replacePaths: [`/${rule.field}`],
      reason: `its ${rule.what} ${inputs.join(', ')} changes in this apply, so the ${c.kind} runs again`,
    };
  });
}

/**
 * A resource that re-runs because what it reads was written after it ran says so in words: the
 * stale-input field is the handler's bookkeeping, which renderings do not show, so the reason must
 * name the inputs.
 */
function withStaleReason(c: ResourceChange, rule: RerunRule): ResourceChange {
  const field = rule.staleField ?? '';
  const value = c.before?.[field];
  const stale = Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  const others = (c.replacePaths ?? []).filter((p) => p !== `/${field}`).map((p) => p.slice(1));
  const why = `${stale.length === 1 ? `its ${rule.what}` : `its ${rule.what}s`} ${stale.join(', ')} ${stale.length === 1 ? 'was' : 'were'} written after the ${c.kind} ran, so the ${c.kind} runs again`;
  return { ...c, reason: others.length > 0 ? `${others.join(', ')} cannot change in place; and ${why}` : why };
}
