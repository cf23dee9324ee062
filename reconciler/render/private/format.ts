/**
 * Shared display helpers for the text and Markdown renderers: symbols, verbs, value formatting and
 * the summary sentence.
 */
import type { PlanAction, PlanSummary } from '../../plan/types.js';
import { escapeUnsafe } from '../../../common/text/safe-text.js';
import { Masked, type DisplayValue } from '../mask.js';

/** The symbol shown before a resource for each action (Terraform's, plus `=>` for adopt). */
export const SYMBOL: Readonly<Record<PlanAction, string>> = {
  create: '+',
  update: '~',
  replace: '-/+',
  delete: '-',
  forget: '.',
  adopt: '=>',
  read: '<=',
  'no-op': ' ',
};

/** The symbol for one change: a replace that creates first shows `+/-`, as in Terraform. */
export function symbolOf(change: { readonly action: PlanAction; readonly replaceStrategy?: string }): string {
  return change.action === 'replace' && change.replaceStrategy === 'create-then-delete' ? '+/-' : SYMBOL[change.action];
}

/** How the heading line of each action ends. */
export const VERB: Readonly<Record<PlanAction, string>> = {
  create: 'will be created',
  update: 'will be updated in place',
  replace: 'must be replaced',
  delete: 'will be destroyed',
  forget: 'will be forgotten, not deleted',
  adopt: 'will be adopted (it exists but is not in state)',
  read: 'will be read during apply',
  'no-op': 'is unchanged',
};

/** ANSI colours per action, used only when colour is asked for. */
export const COLOUR: Readonly<Record<PlanAction, string>> = {
  create: '\u001b[32m',
  update: '\u001b[33m',
  replace: '\u001b[31m',
  delete: '\u001b[31m',
  forget: '\u001b[35m',
  adopt: '\u001b[35m',
  read: '\u001b[36m',
  'no-op': '',
};

/** Resets an ANSI colour. */
export const RESET = '\u001b[0m';

/**
 * A user-supplied string (an address, a natural key, a name) as a plan shows it: control
 * characters escaped, so that a NUL or an escape sequence in a name cannot garble or spoof the
 * terminal or the page. The renderers' own colours are added around such text, never inside it.
 */
export function safeText(text: string): string {
  return escapeUnsafe(text);
}

/**
 * One value on one line: strings quoted, masked values as their label, objects as compact JSON.
 * Control characters are escaped (JSON leaves C1 controls and bidirectional overrides as they are).
 */
export function formatValue(value: DisplayValue | undefined): string {
  if (value === undefined) return 'null';
  if (value instanceof Masked) return value.label;
  if (Array.isArray(value)) return `[${value.map((v) => formatValue(v as DisplayValue)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, DisplayValue>);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${formatKey(k)} = ${formatValue(v)}`).join(', ')} }`;
  }
  return escapeUnsafe(JSON.stringify(value));
}

/** A property name, quoted only when it is not a plain identifier. */
export function formatKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : escapeUnsafe(JSON.stringify(key));
}

/**
 * `Plan: 1 to add, 2 to change, 0 to replace, 1 to destroy, 0 to adopt.`, followed by the moves and
 * conflicts when there are any (`..., 0 to adopt, 2 to move, 1 conflict.`).
 */
export function summaryLine(summary: PlanSummary): string {
  const extra = [
    ...(summary.forget > 0 ? [`${summary.forget} to forget`] : []),
    ...(summary.move > 0 ? [`${summary.move} to move`] : []),
    ...(summary.conflict > 0 ? [`${summary.conflict} conflict${summary.conflict === 1 ? '' : 's'}`] : []),
  ];
  return `Plan: ${summary.add} to add, ${summary.change} to change, ${summary.replace} to replace, ${summary.destroy} to destroy, ${summary.adopt} to adopt${extra.map((e) => `, ${e}`).join('')}.`;
}
