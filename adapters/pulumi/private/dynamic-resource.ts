/**
 * What the generated Pulumi resource classes (`adapters/pulumi/generated/resources.ts`) are built
 * from: the input types that turn a kind's manifest properties into Pulumi arguments, and the base
 * class backed by {@link dynamicProvider}.
 */
import * as pulumi from '@pulumi/pulumi';
import type { RefValue, ResourceKind } from '../../../common/manifest.js';
import { dynamicProvider } from '../provider.js';
import type { PulumiConnection } from './context.js';

/** A property value as a Pulumi input, nested values too; `{ $ref }` values become plain Pulumi outputs. */
type DeepInput<T> = T extends string | number | boolean
  ? pulumi.Input<T>
  : T extends readonly (infer E)[]
    ? pulumi.Input<readonly DeepInput<E>[]>
    : T extends object
      ? pulumi.Input<{ [K in keyof T]: DeepInput<Exclude<T[K], RefValue>> }>
      : pulumi.Input<T>;

/** Every property as a Pulumi input. */
export type Inputs<T> = { [K in keyof T]: DeepInput<Exclude<T[K], RefValue>> };

/** What every resource also takes. */
export interface Common {
  /** Where and as whom to connect. @default the environment (TRITON_*, SDC_*, MANTA_*) */
  readonly connection?: pulumi.Input<PulumiConnection>;
}

/** Makes the fields the library fills in (defaults) optional. */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** The outputs a resource class exposes besides `naturalKey`, and the arguments it keeps as Pulumi secrets. */
export interface ResourceShape {
  readonly outputs: readonly string[];
  readonly secrets: readonly string[];
}

/** The outputs every resource has besides its inputs. */
export abstract class TritonDynamicResource extends pulumi.dynamic.Resource {
  /** The natural key (login, name, fingerprint, path) the object is known by. */
  declare readonly naturalKey: pulumi.Output<string>;
  constructor(
    kind: ResourceKind,
    type: string,
    name: string,
    args: object,
    shape: ResourceShape,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const outputs = Object.fromEntries(['naturalKey', ...shape.outputs].map((k) => [k, undefined]));
    // A secret argument (a password) enters the state only wrapped as a Pulumi secret, and so does its output.
    const given = args as { readonly [key: string]: pulumi.Input<unknown> | undefined };
    const secrets = Object.fromEntries(
      shape.secrets.filter((k) => given[k] !== undefined).map((k) => [k, pulumi.secret(given[k])]),
    );
    const options =
      shape.secrets.length === 0
        ? opts
        : { ...opts, additionalSecretOutputs: [...shape.secrets, ...(opts?.additionalSecretOutputs ?? [])] };
    super(dynamicProvider(kind), name, { ...outputs, ...args, ...secrets }, options, 'triton-iac', type);
  }
}
