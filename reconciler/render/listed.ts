/**
 * Which changes a rendered plan lists one by one, the same in text, Markdown and the HTML report: an
 * unchanged resource is not listed unless it moved, and a look-up that found its object (read on
 * every plan) is counted, not listed.
 */
import type { ResourceChange } from '../plan/types.js';

/** Whether `change` is listed as a change of its own in a rendered plan. */
export function isListedChange(change: ResourceChange): boolean {
  if (change.action === 'no-op') return change.movedFrom !== undefined;
  return change.action !== 'read' || change.unknown.includes('');
}
