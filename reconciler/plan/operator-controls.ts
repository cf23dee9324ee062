/**
 * The operator controls Terraform and Pulumi users reach for: `--replace ADDRESS` forces the
 * replacement of a resource that would otherwise be left alone or updated in place (the clean way
 * to re-run a job or re-create a key), and `--exclude ADDRESS` leaves a resource out of the run
 * together with everything that depends on it (which is said). Pure.
 */
import { didYouMean } from '../../common/did-you-mean.js';
import { ReconcilerError } from '../errors.js';
import type { ResourceChange } from './types.js';

/** What the operator asked for. */
export interface OperatorControls {
  /** Addresses to replace even when nothing about them changed. */
  readonly replace?: readonly string[];
  /** Addresses to leave out of the run, with their dependants. */
  readonly exclude?: readonly string[];
}

/** An address left out of a run, and why. */
export interface Exclusion {
  readonly address: string;
  /** The excluded address it depends on, when it is left out as a dependant. */
  readonly dependsOn?: string;
}

/**
 * The addresses `exclude` leaves out: each one named, and every resource that depends on one of
 * them (directly or through others), in a stable order.
 * @param dependsOn each known address's dependencies (manifest and state)
 */
export function exclusionsOf(
  exclude: readonly string[],
  dependsOn: ReadonlyMap<string, readonly string[]>,
): Exclusion[] {
  const out = new Map<string, Exclusion>();
  for (const a of exclude) out.set(a, { address: a });
  let grew = true;
  while (grew) {
    grew = false;
    for (const [address, deps] of [...dependsOn].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (out.has(address)) continue;
      const on = deps.find((d) => out.has(d));
      if (on === undefined) continue;
      out.set(address, { address, dependsOn: on });
      grew = true;
    }
  }
  return [...out.values()];
}

/**
 * `changes` with `controls` applied: excluded addresses (and dependants) removed, and each address
 * to replace planned as a replacement.
 * @param known every address of the manifest and the state, for the error on one that is neither
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for an unknown address, or a `--replace` of a look-up,
 *   of an object that does not exist yet, or of one being deleted, or one both replaced and excluded.
 */
export function withOperatorControls(
  changes: readonly ResourceChange[],
  controls: OperatorControls,
  dependsOn: ReadonlyMap<string, readonly string[]>,
  stackName: string,
  strategyOf: (kind: string) => ResourceChange['replaceStrategy'],
): ResourceChange[] {
  const replace = controls.replace ?? [];
  const exclude = controls.exclude ?? [];
  const known = [...new Set([...dependsOn.keys(), ...changes.map((c) => c.address)])];
  const unknown = [
    ...replace.filter((a) => !known.includes(a)).map((a) => `--replace ${a}${didYouMean(a, known)}`),
    ...exclude.filter((a) => !known.includes(a)).map((a) => `--exclude ${a}${didYouMean(a, known)}`),
  ];
  if (unknown.length > 0)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${unknown.join(', ')}: no such address in the manifest or the state of stack ${stackName}; \`triton-iac state list\` and \`triton-iac synth\` show the addresses`,
    );
  const excluded = new Set(exclusionsOf(exclude, dependsOn).map((e) => e.address));
  const both = replace.filter((a) => excluded.has(a));
  if (both.length > 0)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `--replace ${both.join(', ')}: the address is also excluded (by --exclude, itself or as a dependant); a run cannot both replace and leave it out`,
    );
  const byAddress = new Map(changes.map((c) => [c.address, c]));
  for (const a of replace) {
    const c = byAddress.get(a);
    const why =
      c === undefined
        ? 'it is in neither the plan nor the live account'
        : c.action === 'read'
          ? 'it is a look-up, which is read, never created'
          : c.action === 'create'
            ? 'it does not exist yet: the plan creates it'
            : c.action === 'delete' || c.action === 'forget'
              ? `the plan ${c.action === 'delete' ? 'deletes' : 'forgets'} it (it is no longer declared)`
              : undefined;
    if (why !== undefined)
      throw new ReconcilerError('PLAN_INPUT_INVALID', `--replace ${a}: cannot replace it, because ${why}`);
  }
  const forced = new Map(replace.map((a) => [a, 'replacement forced by --replace']));
  // Deleting an object drops the server's references to it (a policy from its roles, a sub-user from
  // its roles and with its keys): what depends on an object deleted before it is created again is
  // replaced too, so that it is made again against the new one.
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of changes) {
      if (forced.has(c.address) || !(c.action === 'no-op' || c.action === 'update')) continue;
      const on = c.dependsOn.find((d) => {
        const dep = byAddress.get(d);
        return forced.has(d) && (dep?.replaceStrategy ?? strategyOf(dep?.kind ?? '')) === 'delete-then-create';
      });
      if (on === undefined) continue;
      forced.set(c.address, `it depends on ${on}, which is deleted and created again (--replace)`);
      grew = true;
    }
  }
  return changes
    .filter((c) => !excluded.has(c.address))
    .map((c) => {
      const why = forced.get(c.address);
      if (why === undefined || c.action === 'replace') return c;
      return {
        ...c,
        action: 'replace' as const,
        replaceStrategy: c.replaceStrategy ?? strategyOf(c.kind),
        reason: c.reason === undefined ? why : `${c.reason}; ${why}`,
      };
    });
}
