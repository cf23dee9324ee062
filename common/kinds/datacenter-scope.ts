/**
 * Where a stack's objects live when one account spans several datacenters. Its account-wide objects
 * (the kinds whose descriptor says `scope: 'account'`: users, keys, roles, policies, access keys)
 * are written through one datacenter's CloudAPI and replicated by UFDS to the others seconds later,
 * so two stacks writing them through two datacenters would each read the other's writes late (a
 * plan through the lagging one shows false drift) and could undo each other. An account therefore
 * declares its account-wide objects in the stacks of one datacenter; the stacks of the others refer
 * to them by object. Several stacks of that one datacenter may still split them (issue 43's
 * `people` and `apps` stacks of one account): they write through the same CloudAPI.
 */
import type { StackManifest } from '../manifest.js';
import { kindDescriptor } from './index.js';

/**
 * What synth can tell of the datacenter a stack reaches: the datacenter it names, else its
 * CloudAPI URL, else its profile, else the configured default (`''`). Two stacks with different
 * keys may reach different datacenters (a profile and a URL may name the same one, but synth cannot
 * know it), so the rule treats them as different.
 */
export function datacenterKeyOf(stack: Pick<StackManifest, 'connection'>): string {
  const c = stack.connection;
  if (c?.datacenter !== undefined) return `datacenter ${c.datacenter}`;
  if (c?.cloudapiUrl !== undefined) return `CloudAPI ${c.cloudapiUrl}`;
  if (c?.profile !== undefined) return `profile ${c.profile}`;
  return '';
}

/**
 * True when two stacks, of the datacenters named `a` and `b` (`undefined`: none named), are known
 * to work in different datacenters: each names its `datacenter`, and the names differ. Their per-datacenter objects (VLAN 120, a firewall rule's text) are two objects
 * even with one natural key. Stacks that name none may share one, so they are not known apart.
 */
export function inDifferentDatacenters(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a !== b;
}

/**
 * The datacenter names `stacks` give (`datacenter`), in the order first given: what the embedded
 * emulator and `LocalCloud.startFor` serve (a stack naming none works in the first).
 */
export function datacentersNamed(stacks: readonly Pick<StackManifest, 'connection'>[]): string[] {
  return [...new Set(stacks.flatMap((s) => (s.connection?.datacenter !== undefined ? [s.connection.datacenter] : [])))];
}

/** How a message names the datacenter a stack reaches. */
export function describeDatacenterOf(stack: Pick<StackManifest, 'connection'>): string {
  return datacenterKeyOf(stack) || 'the default datacenter (no datacenter, cloudapiUrl or profile)';
}

/** The first account-wide object a stack declares (look-ups declare nothing), or undefined. */
function firstAccountWide(stack: StackManifest): StackManifest['resources'][number] | undefined {
  return stack.resources.find((r) => {
    const d = kindDescriptor(r.kind);
    return d?.mode === 'managed' && d.scope === 'account';
  });
}

/**
 * The stacks that declare account-wide objects of one account through another datacenter than the
 * first such stack (in the order given), each as a message naming both stacks, an object of each,
 * both datacenters and the rule.
 */
export function accountScopeProblems(stacks: readonly StackManifest[]): string[] {
  const first = new Map<string, { readonly stack: StackManifest; readonly address: string; readonly kind: string }>();
  const problems: string[] = [];
  for (const stack of stacks) {
    const object = firstAccountWide(stack);
    if (object === undefined) continue;
    const seen = first.get(stack.account);
    if (seen === undefined) {
      first.set(stack.account, { stack, address: object.address, kind: object.kind });
      continue;
    }
    if (datacenterKeyOf(seen.stack) === datacenterKeyOf(stack)) continue;
    problems.push(
      `stack ${stack.name}: declares ${object.address} (${object.kind}), an account-wide object of account ${stack.account}, through ${describeDatacenterOf(stack)}, and stack ${seen.stack.name} declares ${seen.address} (${seen.kind}) of the same account through ${describeDatacenterOf(seen.stack)}: account-wide objects (users, keys, roles, policies, access keys) are replicated to every datacenter, so an account declares them in the stacks of one datacenter; move them to stack ${seen.stack.name} (or another stack of its datacenter) and refer to them by object from stack ${stack.name}`,
    );
  }
  return problems;
}
