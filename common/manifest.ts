/**
 * The manifest: the plain-JSON document `app.synth()` produces and the planner consumes.
 *
 * It is data, not behaviour (DESIGN.md): it can be written to a file, committed, diffed and read back.
 * Per-kind property shapes are documented in `common/resource-properties.ts`; the JSON Schema is
 * published in `docs/manifest.schema.json`.
 */

import { BUILT_IN_KINDS, type BuiltInKind } from './kinds/index.js';

/** The manifest format version; bumped on any incompatible change. */
export const MANIFEST_VERSION = 1;

/** Every built-in kind of resource the tool manages or looks up, from the descriptors in `common/kinds/`. */
export const RESOURCE_KINDS: readonly BuiltInKind[] = BUILT_IN_KINDS.map((d) => d.kind);

/** One kind of resource, e.g. `user` or `object`. */
export type ResourceKind = BuiltInKind;

/** The kinds that authoritative mode may cover ("this stack owns every X in the account"): those whose descriptor says `authoritative`. */
export type AuthoritativeKind = Extract<(typeof BUILT_IN_KINDS)[number], { readonly authoritative: true }>['kind'];

/**
 * A reference to an attribute of another resource, resolved at apply time (for example an image id or
 * a user's server id). The plan shows it as "(known after apply)" until its target exists.
 */
export interface RefValue {
  readonly $ref: { readonly address: string; readonly attribute: string };
}

/**
 * An output of another app, read from that app's state at plan time (`StackOutputs.of(location)`,
 * as `terraform_remote_state`): `state` is the state's location, a local file path (relative to the
 * working directory) or `manta:/<account>/stor/...`. The CLI puts the value in its place before
 * planning, so plans and state hold the value, never the placeholder.
 */
export interface OutputRefValue {
  readonly $output: { readonly state: string; readonly name: string };
}

/**
 * A secret named, never carried: the value is read from the environment variable or file `name` at
 * apply time (`source: 'env' | 'file'`), or made up at random when the object is created
 * (`source: 'generated'`, the `triton rbac apply` behaviour for users without a password), and never
 * written to a manifest, plan, state file or log.
 */
export type SecretValue =
  | { readonly $secret: { readonly source: 'env' | 'file'; readonly name: string } }
  | { readonly $secret: { readonly source: 'generated' } };

/** A JSON value that may contain references and secret placeholders. */
export type ManifestValue =
  | string
  | number
  | boolean
  | null
  | RefValue
  | OutputRefValue
  | SecretValue
  | readonly ManifestValue[]
  | { readonly [key: string]: ManifestValue };

/** One resource as declared. */
export interface ResourceManifest {
  /** Stable address derived from the construct path, e.g. `prod/ops-role`. Unique in the manifest. */
  readonly address: string;
  readonly kind: ResourceKind;
  /**
   * The identity the API knows the object by without a server id: login, role or policy name, key
   * fingerprint, object path, tagged path. Used to adopt objects a crashed run created.
   */
  readonly naturalKey: string;
  /** Desired properties; shapes per kind in `common/resource-properties.ts`. */
  readonly properties: { readonly [key: string]: ManifestValue };
  /** Addresses this resource needs to exist first, sorted. */
  readonly dependsOn: readonly string[];
  /**
   * Lifecycle options: resource-level metadata beside the properties, never sent to the API.
   * Absent when none is set.
   */
  readonly options?: ResourceOptions;
}

/**
 * Per-resource lifecycle options (after Terraform's `lifecycle` block and Pulumi's resource
 * options). The state keeps them for every applied resource, so that a resource removed from the
 * app is still known to be protected or retained.
 */
export interface ResourceOptions {
  /** A plan that would delete or replace the resource fails; so does `destroy` of its stack. */
  readonly protect?: boolean;
  /** When the resource leaves the app or its stack is destroyed, the state forgets it and the object stays. */
  readonly retainOnDelete?: boolean;
  /** Fields set at create, then neither planned nor reported as drift (manifest field names, sorted). */
  readonly ignoreChanges?: readonly string[];
}

/** A named value of a stack, recorded in state at apply (`triton-iac output`). */
export interface OutputManifest {
  /** Unique in the stack. */
  readonly name: string;
  /** A plain value, or one holding `{ $ref }` attributes of the stack's resources. */
  readonly value: ManifestValue;
  readonly description?: string;
  /** Masked by `triton-iac output` unless asked for by name. */
  readonly sensitive?: boolean;
}

/** Where a stack's state lives. */
export type StateBackendConfig =
  { readonly type: 'local'; readonly path?: string } | { readonly type: 'manta'; readonly path: string };

/** One stack: the resources of one account. */
export interface StackManifest {
  readonly name: string;
  /** Account login. */
  readonly account: string;
  /** Sub-user to act as, when not the account owner. */
  readonly user?: string;
  /** Explicit connection settings; absent fields come from the environment and profiles. */
  readonly connection?: {
    readonly cloudapiUrl?: string;
    readonly mantaUrl?: string;
    readonly profile?: string;
    readonly keyId?: string;
    readonly roles?: readonly string[];
    /**
     * The datacenter the stack works in, by the name ListDatacenters lists: its CloudAPI URL is
     * looked up at plan through the cloud the other settings reach (never with `cloudapiUrl`).
     */
    readonly datacenter?: string;
  };
  readonly state?: StateBackendConfig;
  /** Kinds this stack owns exclusively: unmanaged objects of these kinds are deleted. */
  readonly authoritative?: readonly AuthoritativeKind[];
  /**
   * Object-store directories this stack prunes (a `StorTree` with `delete: true`), sorted: an
   * object or link in one of them that no resource declares is deleted.
   */
  readonly prune?: readonly string[];
  /** Resources, sorted by address. */
  readonly resources: readonly ResourceManifest[];
  /** Outputs, sorted by name; absent when the stack has none. */
  readonly outputs?: readonly OutputManifest[];
  /**
   * Who must (or must not) be able to do what (`expectAccess`, `expectDenied`), checked at synth,
   * on the plan's after-state and live by drift; absent when the stack has none.
   */
  readonly expectations?: readonly AccessExpectation[];
  /**
   * Objects of the app's other stacks that this stack's resources refer to (a role of stack `apps`
   * naming users of stack `people`), sorted by address; absent when none. The stack is planned and
   * applied after theirs, and a `$ref` or dependency naming one reads it from that stack's state.
   */
  readonly crossStack?: readonly CrossStackReference[];
}

/** An object of another stack of the app that a stack refers to ({@link StackManifest.crossStack}). */
export interface CrossStackReference {
  /** The object's address (it starts with its stack's name). */
  readonly address: string;
  /** The stack that declares it. */
  readonly stack: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  /** The addresses of this stack's resources that refer to it, sorted. */
  readonly from: readonly string[];
}

/** One access expectation: `user` may (or may not) perform each of `actions` on `resource`. */
export interface AccessExpectation {
  /** `allowed` (`expectAccess`) or `denied` (`expectDenied`). */
  readonly expect: 'allowed' | 'denied';
  /** A sub-user login. */
  readonly user: string;
  /** Action names, lower case (`getmachine`, `putobject`). */
  readonly actions: readonly string[];
  /** The resource path with the account login (`/acme/machines`, `/acme/stor/site`). */
  readonly resource: string;
  /** The roles the request takes up (`as-role`, Manta's `Role` header); absent: only default roles. */
  readonly asRoles?: readonly string[];
  /** Why it must hold, shown when it does not. */
  readonly because?: string;
}

/** The whole synthesized app. */
export interface Manifest {
  readonly version: typeof MANIFEST_VERSION;
  /** What produced it, e.g. `triton-iac 0.1.0`. */
  readonly generator: string;
  /** Stacks, sorted by name. */
  readonly stacks: readonly StackManifest[];
}

/** True when `value` is a `{ $ref }` placeholder. */
export function isRef(value: unknown): value is RefValue {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** True when `value` is a `{ $output }` placeholder. */
export function isOutputRef(value: unknown): value is OutputRefValue {
  return typeof value === 'object' && value !== null && '$output' in value;
}

/** True when `value` is a `{ $secret }` placeholder. */
export function isSecret(value: unknown): value is SecretValue {
  return typeof value === 'object' && value !== null && '$secret' in value;
}
