/**
 * `PackageLookup` and `NetworkLookup`: read-only catalog queries resolved at plan time, whose
 * attributes an {@link Instance} takes (`package: pkg.packageName`, `networks: [net.networkId]`).
 */
import type { Construct } from 'constructs';
import type { NetworkLookupProperties, PackageLookupProperties } from '../common/resource-properties.js';
import { naturalKeyOf } from '../common/resource-properties.js';
import type { Reference } from './reference.js';
import { TritonResource, type RenderedResource } from './resource.js';
import { fail } from './private/problems.js';
import { propNames } from './private/known-props.js';

/** Constraints of a package look-up (at least one). Several matching packages are a plan error. */
export interface PackageLookupProps {
  /** @default - any name */
  readonly name?: string;
  /** Exact memory, MiB. @default - any */
  readonly memory?: number;
  /** At least this memory, MiB. @default - any */
  readonly minMemory?: number;
  /** Exact vCPU count. @default - any */
  readonly vcpus?: number;
  /** At least this many vCPUs. @default - any */
  readonly minVcpus?: number;
  /** Package group (`highcpu`, `general`, `memory`). @default - any */
  readonly group?: string;
}

const PACKAGE_PROPS = propNames<PackageLookupProps>({
  name: true,
  memory: true,
  minMemory: true,
  vcpus: true,
  minVcpus: true,
  group: true,
});

/** A look-up of one package of the datacenter; creates nothing. */
export class PackageLookup extends TritonResource {
  readonly kind = 'package-lookup' as const;
  private readonly properties: PackageLookupProperties;

  constructor(scope: Construct, id: string, props: PackageLookupProps) {
    super(scope, id, props, PACKAGE_PROPS);
    const at = this.node.path;
    for (const f of ['name', 'group'] as const) {
      const v = props[f];
      if (v !== undefined && (typeof v !== 'string' || v === '')) fail(at, f, v, 'must be a non-empty string');
    }
    for (const f of ['memory', 'minMemory', 'vcpus', 'minVcpus'] as const) {
      const v = props[f];
      if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 1))
        fail(at, f, v, 'must be a whole number of at least 1');
    }
    if (Object.values(props).every((v) => v === undefined))
      fail(at, 'filters', {}, 'give at least one of name, memory, minMemory, vcpus, minVcpus, group');
    this.properties = Object.fromEntries(
      Object.entries(props).filter(([, v]) => v !== undefined),
    ) as PackageLookupProperties;
  }

  /** The package name found (what an Instance's `package` takes). */
  get packageName(): Reference {
    return this.attributeRef('name');
  }

  /** The package id found. */
  get packageId(): Reference {
    return this.attributeRef('id');
  }

  get naturalKey(): string {
    return naturalKeyOf('package-lookup', this.properties, this.stack.account);
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'filters';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}

/** Filters of a network look-up (at least one). Several matching networks are a plan error. */
export interface NetworkLookupProps {
  /** @default - any name */
  readonly name?: string;
  /** Public networks only (true) or private only (false). @default - both */
  readonly public?: boolean;
}

const NETWORK_PROPS = propNames<NetworkLookupProps>({ name: true, public: true });

/** A look-up of one network the account may use; creates nothing. */
export class NetworkLookup extends TritonResource {
  readonly kind = 'network-lookup' as const;
  private readonly properties: NetworkLookupProperties;

  constructor(scope: Construct, id: string, props: NetworkLookupProps) {
    super(scope, id, props, NETWORK_PROPS);
    const at = this.node.path;
    if (props.name !== undefined && (typeof props.name !== 'string' || props.name === ''))
      fail(at, 'name', props.name, 'must be a non-empty string');
    if (props.public !== undefined && typeof props.public !== 'boolean')
      fail(at, 'public', props.public, 'must be true or false');
    if (props.name === undefined && props.public === undefined)
      fail(at, 'filters', {}, 'give at least one of name, public');
    this.properties = {
      ...(props.name !== undefined ? { name: props.name } : {}),
      ...(props.public !== undefined ? { public: props.public } : {}),
    };
  }

  /** The network id found (what an Instance's `networks` takes). */
  get networkId(): Reference {
    return this.attributeRef('id');
  }

  get naturalKey(): string {
    return naturalKeyOf('network-lookup', this.properties, this.stack.account);
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'filters';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
