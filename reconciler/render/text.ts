/**
 * The Terraform-style text rendering of a plan: one block per changed resource with attribute-level
 * differences, then the summary line. Secrets show as `(sensitive value)`, values resolved at apply as
 * `(known after apply)`.
 */
import { topField } from '../core/difference.js';
import { planConflicts, planHasChanges, type Plan, type ResourceChange } from '../plan/types.js';
import { accessChangesText } from './access.js';
import { warningsText } from './warnings.js';
import { isListedChange } from './listed.js';
import { collapsedGroups } from './collapse.js';
import { Masked, maskChange, type DisplayValue, type MaskedChange } from './mask.js';
import { COLOUR, formatKey, RESET, safeText, summaryLine, symbolOf, VERB } from './private/format.js';
import { fieldChangeLines, formatField, isBookkeeping, listedFields } from './fields.js';

/** Options for {@link renderText}. */
export interface TextRenderOptions {
  /** Colour symbols with ANSI escapes (for a terminal). @default false */
  readonly color?: boolean;
  /** Also list resources with no changes. @default false */
  readonly showUnchanged?: boolean;
  /** List every change of a large group of object-store changes instead of summarising it. @default false */
  readonly verbose?: boolean;
}

/** Renders `plan` as text for a terminal or a log. Ends with a newline. */
export function renderText(plan: Plan, options: TextRenderOptions = {}): string {
  const lines: string[] = [];
  if (!planHasChanges(plan)) {
    // Look-ups are read on every plan; listing them when nothing changes would bury the answer.
    const reads = plan.changes.filter((c) => c.action === 'read').length;
    const note = reads > 0 ? ` (${reads} look-up${reads === 1 ? '' : 's'} read)` : '';
    lines.push(safeText(`No changes. Stack ${plan.stack} (account ${plan.account}) matches the manifest${note}.`));
    const warnings = warningsText(plan);
    if (warnings.length > 0) lines.push('', ...warnings);
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    safeText(`triton-iac will perform the following actions on stack ${plan.stack} (account ${plan.account}):`),
    '',
  );
  const lookups: string[] = [];
  const collapsed = collapsedGroups(plan.changes, options.verbose === true || options.showUnchanged === true);
  for (const change of plan.changes) {
    const group = collapsed.find((g) => g.addresses.has(change.address));
    if (group !== undefined) {
      if (group.firstAddress === change.address)
        lines.push(
          safeText(`  # ${group.prefix}: ${group.addresses.size} object-store changes (--verbose lists each)`),
          `    ${group.summary}`,
          '',
        );
      continue;
    }
    if (!options.showUnchanged && !isListedChange(change)) {
      // A look-up is read on every plan; one that found its object is named once below, not re-listed.
      if (change.action === 'read') lookups.push(change.address);
      continue;
    }
    lines.push(...renderChange(maskChange(change), options.color ?? false), '');
  }
  if (lookups.length > 0)
    lines.push(
      safeText(
        `  # (${lookups.length} look-up${lookups.length === 1 ? '' : 's'} read, not listed: ${lookups.join(', ')})`,
      ),
      '',
    );
  lines.push(summaryLine(plan.summary));
  const warnings = warningsText(plan);
  if (warnings.length > 0) lines.push('', ...warnings);
  const access = accessChangesText(plan);
  if (access.length > 0) lines.push('', ...access);
  const conflicts = planConflicts(plan);
  if (conflicts.length > 0) {
    lines.push(
      '',
      safeText(
        `${conflicts.length === 1 ? 'This object exists' : 'These objects exist'} in the cloud but not in the state of stack ${plan.stack}, which did not create ${conflicts.length === 1 ? 'it' : 'them'}:`,
      ),
      ...conflicts.map((c) =>
        safeText(
          `  ! ${c.address} (${c.kind} ${c.naturalKey}): ${c.conflict!.fields.length > 0 ? c.conflict!.fields.join(', ') : 'existed before, as declared (not created by this stack)'}`,
        ),
      ),
      'Apply changes nothing while there is a conflict. To manage such an object as declared, import it',
      '(`triton-iac import ADDRESS ID`) or consent to adopting it (`triton-iac apply --adopt`); or give the',
      'declaration another name, so that it does not claim an object that is not yours.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * One change's block as {@link renderText} prints it, without colour: its heading comments, then
 * its fields (masked: secrets and values known only after apply never show). For renderers that lay
 * the changes out themselves (the CLI's HTML report).
 */
export function changeBlockText(change: ResourceChange): string[] {
  return renderChange(maskChange(change), false);
}

function renderChange(change: MaskedChange, color: boolean): string[] {
  const paint = (s: string): string => (color && COLOUR[change.action] ? `${COLOUR[change.action]}${s}${RESET}` : s);
  const out: string[] = [];
  if (change.movedFrom !== undefined)
    out.push(
      safeText(
        `  # ${change.movedFrom} will be moved to ${change.address} (the same ${change.kind} ${change.naturalKey}: it is not deleted)`,
      ),
    );
  if (change.action !== 'no-op' || change.movedFrom === undefined) {
    const verb =
      change.conflict !== undefined
        ? `exists outside the state${change.conflict.fields.length > 0 ? ' and differs from the declaration' : ', not created by this stack'}: ${change.action === 'replace' ? 'replacing' : 'adopting'} it needs consent`
        : VERB[change.action];
    out.push(safeText(`  # ${change.address} (${change.kind} ${change.naturalKey}) ${verb}`));
  } else {
    return out;
  }
  if (change.reason) out.push(safeText(`  # (${change.reason})`));
  // Nothing of a forgotten object changes: an empty block, or its fields as removed, would read as
  // a deletion, so it is one line.
  if (change.action === 'forget')
    return [...out, `${paint(symbolOf(change).padStart(3))} ${change.kind} "${safeText(change.address)}"`];
  out.push(`${paint(symbolOf(change).padStart(3))} ${change.kind} "${safeText(change.address)}" {`);
  const before = asRecord(change.before);
  const after = asRecord(change.after);
  const replacing = new Set((change.replacePaths ?? []).map((p) => p.slice(1)));
  // Bookkeeping fields and empty defaults are left out of full listings (see fields.ts).
  switch (change.action) {
    case 'create':
    case 'read':
      for (const [k, v] of listedFields(change.kind, after))
        out.push(`      ${paint('+')} ${formatKey(k)} = ${formatField(change.kind, k, v)}`);
      break;
    case 'delete':
      for (const [k, v] of listedFields(change.kind, before))
        out.push(`      ${paint('-')} ${formatKey(k)} = ${formatField(change.kind, k, v)}`);
      break;
    default: {
      // Only fields the patch touches are shown, lists element by element; the rest (including
      // computed fields) are counted.
      const changed = new Set(change.patch.map((op) => topField(op.path)));
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
      const shown = keys.filter((k) => changed.has(k) && !isBookkeeping(change.kind, k));
      const hidden = keys.filter((k) => !changed.has(k) && k in after && !isBookkeeping(change.kind, k)).length;
      const notes = new Map([...replacing].map((k) => [k, ' # forces replacement']));
      out.push(...fieldChangeLines(change.kind, before, after, shown, paint, notes).map((l) => `      ${l}`));
      if (hidden > 0) out.push(`        # (${hidden} unchanged attribute${hidden === 1 ? '' : 's'} hidden)`);
    }
  }
  out.push('    }');
  return out;
}

function asRecord(value: DisplayValue | null): Record<string, DisplayValue> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Masked)
    ? (value as Record<string, DisplayValue>)
    : {};
}
