/**
 * The machine-readable rendering of a plan (`plan --json`). Its shape is the {@link Plan} type,
 * published as `docs/plan.schema.json`, with two guarantees for consumers:
 * - keys are sorted at every level, so the output is byte-for-byte stable for the same plan;
 * - every value at a pointer listed in a change's `sensitive` is `null`, and so is every value at a
 *   pointer listed in `unknown` (consumers read the two lists to tell why);
 * - `before` and `after` are complete, but `patch` and `replacePaths` (what changes) leave out the
 *   kind's bookkeeping fields (`fields.ts`), whose change the `reason` puts in words.
 */
import { topField } from '../core/difference.js';
import type { Plan } from '../plan/types.js';
import { accessChangesOf } from './access.js';
import { sortKeys } from '../private/canonical-json.js';
import { isBookkeeping } from './fields.js';
import { Masked, maskChange, type DisplayValue } from './mask.js';

/** Renders `plan` as pretty-printed JSON, ending with a newline. */
export function renderJson(plan: Plan): string {
  return `${JSON.stringify(sortKeys(toJsonPlan(plan)), null, 2)}\n`;
}

/** The plan as rendered by {@link renderJson}, before serialisation: masked values are `null`. */
export function toJsonPlan(plan: Plan): Plan {
  return {
    ...plan,
    accessChanges: accessChangesOf(plan),
    changes: plan.changes.map((change) => {
      const masked = maskChange(change);
      const shown = (pointer: string): boolean => !isBookkeeping(change.kind, topField(pointer));
      return {
        ...change,
        before: nullMasked(masked.before) as Plan['changes'][number]['before'],
        after: nullMasked(masked.after) as Plan['changes'][number]['after'],
        patch: masked.patch
          .filter((op) => shown(op.path))
          .map((op) =>
            'value' in op ? { ...op, value: nullMasked(op.value ?? null) } : op,
          ) as Plan['changes'][number]['patch'],
        ...(change.replacePaths !== undefined ? { replacePaths: change.replacePaths.filter(shown) } : {}),
      };
    }),
  };
}

function nullMasked(value: DisplayValue | null): unknown {
  if (value instanceof Masked) return null;
  if (Array.isArray(value)) return value.map((v) => nullMasked(v as DisplayValue));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, DisplayValue>).map(([k, v]) => [k, nullMasked(v)]),
    );
  }
  return value;
}
