/**
 * What the plan can tell of an access key's apply before it runs (the handlers' `planRefusals`):
 * a create whose secret's destination cannot take it (a file that exists, a symbolic link, a
 * missing folder or Manta directory, an object already there) fails at apply before any key is made; an adoption of a
 * key found live with the declared description fails unless the destination already holds that
 * key's secret, which the server never returns again. Both are known from a read, so the plan
 * refuses them instead of promising them.
 */
import type { HandlerContext, PlanNote, PlannedChange, PlanScope } from '../../../common/contract/handler.js';
import type { Clients } from '../clients.js';
import { accessKeyWords } from './access-keys.js';
import { describeDestination, destinationOf, destinationProblem, holdsKey } from './secret-handover.js';

/** The changes of an access-key kind that apply would certainly fail at, each with why. */
export async function accessKeyPlanRefusals(
  ctx: HandlerContext<Clients>,
  changes: readonly PlannedChange[],
  scope?: PlanScope,
): Promise<PlanNote[]> {
  const notes: PlanNote[] = [];
  // A Manta directory this plan makes is there by the time the key's secret is written (the key
  // waits for its declared ancestors).
  const plannedDirectories = new Set(
    (scope?.creates ?? []).filter((c) => c.kind === 'directory').map((c) => c.naturalKey),
  );
  for (const c of changes) {
    if (c.declared === undefined || c.after === null) continue;
    if (c.action !== 'create' && c.action !== 'replace' && c.action !== 'adopt') continue;
    // A destination named by a reference is known only at apply.
    const to = c.declared['secretTo'];
    if (typeof to !== 'object' || to === null || Array.isArray(to)) continue;
    const paths = [(to as Record<string, unknown>)['file'], (to as Record<string, unknown>)['object']];
    if (paths.some((p) => p !== undefined && typeof p !== 'string')) continue;
    const user = typeof c.after['user'] === 'string' ? c.after['user'] : undefined;
    const what = accessKeyWords(user, c.after['description']);
    const destination = destinationOf(ctx, c.declared, what);
    const where = describeDestination(destination);
    if (c.action === 'adopt') {
      const id = c.before?.['accesskeyid'];
      if (typeof id !== 'string' || (await holdsKey(ctx, destination, id))) continue;
      notes.push({
        addresses: [c.address],
        message: `${c.address}: ${what} exists already outside this stack's state (access key ${id}: made by hand, or by a run whose state or secret was lost), and ${where} does not hold its secret, which the server never returns again, so apply would refuse to adopt it (SECRET_NOT_HANDED_OVER); delete that key, or give the declaration another description`,
      });
      continue;
    }
    const problem = await destinationProblem(ctx, destination, plannedDirectories);
    if (problem !== undefined)
      notes.push({
        addresses: [c.address],
        message: `${c.address}: the secret of ${what} cannot be written to ${where}: ${problem}; apply would make no key`,
      });
  }
  return notes;
}
