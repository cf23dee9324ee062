/**
 * What the engine refuses at plan, before anything is read or changed, because the connected cloud
 * cannot hold it: a kind it lacks (`unavailable`), or declared objects its rules are certain to
 * refuse (`refuseDeclared`: a VLAN with the id of the account's default fabric VLAN).
 */
import type { ResourceKind, StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import type { RunContext } from './private/run-context.js';

/**
 * Refuses, before anything is read or changed, a stack that declares a kind the connected cloud
 * cannot hold (a Job or a SnapLink on Manta v2), naming the kind, the resources and the reason; then
 * one whose declared objects the handlers' `refuseDeclared` says the cloud will refuse, in their
 * words (each names the address, the value and the rule).
 * @throws ReconcilerError `PLAN_INPUT_INVALID`
 */
export async function refuseUnavailableKinds(run: RunContext, stack: StackManifest): Promise<void> {
  const byKind = new Map<ResourceKind, string[]>();
  for (const r of stack.resources) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.address]);
  const refused: string[] = [];
  for (const [kind, addresses] of byKind) {
    const handler = run.handlers.get(kind);
    if (handler === undefined || handler.mode !== 'managed' || handler.unavailable === undefined) continue;
    const reason = await handler.unavailable(run.ctx);
    if (reason !== undefined)
      refused.push(
        `${addresses.length} ${kind} resource(s) (${addresses.join(', ')}), but the cloud cannot hold a ${kind}: ${reason}`,
      );
  }
  if (refused.length > 0) {
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `the stack declares ${refused.join('; and ')}. Remove them, or point the stack at a cloud whose Manta has them (Manta v1)`,
    );
  }
  const certain: string[] = [];
  for (const [kind, addresses] of byKind) {
    const handler = run.handlers.get(kind);
    if (handler === undefined || handler.mode !== 'managed' || handler.refuseDeclared === undefined) continue;
    const declared = stack.resources.filter((r) => addresses.includes(r.address));
    certain.push(...(await handler.refuseDeclared(run.ctx, declared)));
  }
  if (certain.length > 0) throw new ReconcilerError('PLAN_INPUT_INVALID', certain.join('; '));
}
