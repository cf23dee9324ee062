/**
 * The lifecycle options every managed resource construct takes beside its own props (after
 * Terraform's `lifecycle` block, Pulumi's resource options and the CDK's removal policy). They go
 * into the manifest as resource-level metadata (`options`), never into a kind's properties, so no
 * handler ever sees them.
 */
import type { ResourceKind, ResourceOptions } from '../common/manifest.js';
import { RESOURCE_OPTION_KEYS, resourceOptionProblems } from '../common/resource-options.js';
import { problem } from './private/problems.js';

/** The lifecycle options of a resource construct; every managed kind's props include them. */
export interface ResourceOptionProps {
  /**
   * Refuse to delete or replace the object: a plan that would (a changed immutable field, the
   * resource removed from the app) fails naming it and this option, and so does `destroy` of its
   * stack, before anything is deleted. The state remembers it, so removing the resource from the
   * app does not lift it: set it to `false` and apply first, or use `triton-iac state rm`.
   * @default false
   */
  readonly protect?: boolean;
  /**
   * Leave the object in the cloud when the resource leaves the app or its stack is destroyed: the
   * state forgets it (the plan says "will be forgotten, not deleted") and nothing is deleted. A
   * replacement still deletes the old object; add `protect` to refuse replacements too.
   * @default false
   */
  readonly retainOnDelete?: boolean;
  /**
   * Manifest fields (see `triton-iac schema`) that are set when the object is created and then
   * neither planned nor reported as drift, for fields that someone or something else manages
   * afterwards. An unknown field name fails synth, listing the kind's fields.
   * @default - every field is managed
   */
  readonly ignoreChanges?: readonly string[];
}

/** The names of {@link ResourceOptionProps}, taken out of a construct's props before its own are checked. */
export const RESOURCE_OPTION_NAMES: readonly (keyof ResourceOptionProps)[] = RESOURCE_OPTION_KEYS;

/** Splits the lifecycle options off a props object (a copy without them is returned as `rest`). */
export function splitOptions(props: object): { options: ResourceOptionProps; rest: object } {
  const rest: Record<string, unknown> = { ...props };
  const options: Record<string, unknown> = {};
  for (const name of RESOURCE_OPTION_NAMES) {
    if (name in rest) {
      if (rest[name] !== undefined) options[name] = rest[name];
      delete rest[name];
    }
  }
  return { options: options as ResourceOptionProps, rest };
}

/**
 * Checks the options given to a resource of `kind` at `path` and renders them for the manifest.
 * @returns the manifest's `options` (`undefined` when none is set) and one message per problem
 */
export function renderOptions(
  path: string,
  kind: ResourceKind,
  options: ResourceOptionProps,
): { options?: ResourceOptions; problems: string[] } {
  const problems = resourceOptionProblems(kind, options as Readonly<Record<string, unknown>>).map((p) =>
    problem(path, p.field, p.value, p.rule),
  );
  if (problems.length > 0) return { problems };
  const rendered: { protect?: boolean; retainOnDelete?: boolean; ignoreChanges?: string[] } = {};
  if (options.protect === true) rendered.protect = true;
  if (options.retainOnDelete === true) rendered.retainOnDelete = true;
  if (options.ignoreChanges !== undefined && options.ignoreChanges.length > 0)
    rendered.ignoreChanges = [...new Set(options.ignoreChanges)].sort();
  return Object.keys(rendered).length > 0 ? { options: rendered, problems } : { problems };
}
