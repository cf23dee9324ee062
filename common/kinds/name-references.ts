/**
 * The dependencies a kind's descriptor derives from names (`refersTo` on its fields): a user key on
 * its user, a role on its members and policies, a role tag on its roles, a Manta entry on its
 * directories, a snaplink on its source, a job on its inputs and assets. One reading of the
 * descriptors for every layer that needs it: the adapters (a `cdk.tf.json` carries no such
 * dependency) and the ordering of an app's stacks (a role in one stack naming a user of another).
 */
import { isRef, type ManifestValue, type ResourceKind } from '../manifest.js';
import { kindDescriptor } from './index.js';
import type { ReferenceRule, TypeSchema } from './types.js';

type Props = { readonly [key: string]: ManifestValue };

/** A resource as the name-reference pass sees it. */
export interface NamedResource {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly properties: Props;
}

/** A name one resource gives to another object, with the rule that says what it names. */
export interface NameReference {
  readonly rule: ReferenceRule;
  readonly value: string;
}

/** The names `resource` gives to other objects, as its kind's descriptor says. */
export function nameReferencesOf(resource: NamedResource): NameReference[] {
  const named: NameReference[] = [];
  for (const field of kindDescriptor(resource.kind)?.properties ?? [])
    collectReferences(field, resource.properties[field.name], named);
  return named;
}

/** Whether `target` is an object `reference` names. */
export function namesResource(reference: NameReference, target: NamedResource): boolean {
  const { rule, value } = reference;
  if (target.kind !== rule.kind) return false;
  const name = target.properties[rule.field];
  if (typeof name !== 'string') return false;
  if (rule.match === 'ancestor') return value.startsWith(`${name}/`);
  return rule.caseInsensitive ? name.toLowerCase() === value.toLowerCase() : name === value;
}

/** The addresses of the resources of `all` that `resource` names (never itself). */
export function implicitDependencies(resource: NamedResource, all: readonly NamedResource[]): string[] {
  const deps: string[] = [];
  for (const reference of nameReferencesOf(resource)) {
    deps.push(
      ...all.filter((r) => r.address !== resource.address && namesResource(reference, r)).map((r) => r.address),
    );
  }
  return deps;
}

/** The names `value` gives to other objects: its field's rule, a list's rule for each element, an object's fields' rules. */
function collectReferences(
  type: TypeSchema,
  value: ManifestValue | undefined,
  out: NameReference[],
  owner?: Props,
  inherited?: ReferenceRule,
): void {
  const rule = type.refersTo ?? inherited;
  if (typeof value === 'string') {
    if (rule && (rule.when === undefined || owner?.[rule.when.field] === rule.when.equals)) out.push({ rule, value });
  } else if (Array.isArray(value)) {
    for (const v of value) collectReferences(type.element ?? { type: 'string' }, v, out, owner, type.refersTo);
  } else if (isPlain(value) && type.type === 'object' && type.fields && !type.secret) {
    for (const f of type.fields) collectReferences(f, (value as Props)[f.name], out, value as Props);
  }
}

function isPlain(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRef(value);
}
