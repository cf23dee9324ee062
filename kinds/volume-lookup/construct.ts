/**
 * `VolumeLookup`: an NFS volume of the account found at plan time (data `triton_volume`), by
 * ListVolumes' filters: name (a `*` at either end), size, state, type.
 */
import type { Construct } from 'constructs';
import type { VolumeLookupProperties } from '../../common/resource-properties.js';
import { naturalKeyOf } from '../../common/resource-properties.js';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Filters of a volume look-up (at least one; all given must match). Several matches are a plan error. */
export interface VolumeLookupProps {
  /** The name; a `*` at the start or the end matches any run of characters. @default - any */
  readonly name?: string;
  /** Size in MiB. @default - any */
  readonly size?: number;
  /** State (`ready`, `creating`, `failed`, …). @default - any but `failed` (the server's default) */
  readonly state?: string;
  /** Volume type. @default - any (`tritonnfs` is the only one) */
  readonly type?: string;
}

const VOLUME_LOOKUP_PROPS = propNames<VolumeLookupProps>({ name: true, size: true, state: true, type: true });

/** A look-up of one volume; creates nothing. An Instance mounts it by object (`volumes: [{ volume: found, ... }]`). */
export class VolumeLookup extends TritonResource {
  readonly kind = 'volume-lookup' as const;
  private readonly properties: VolumeLookupProperties;

  constructor(scope: Construct, id: string, props: VolumeLookupProps) {
    super(scope, id, props, VOLUME_LOOKUP_PROPS);
    const at = this.node.path;
    for (const f of ['name', 'state', 'type'] as const)
      if (props[f] !== undefined && (typeof props[f] !== 'string' || props[f] === ''))
        fail(at, f, props[f], 'must be a non-empty string');
    // VOLAPI's name search (validateVolumeNameSearchParam): a `*` only at the start or the end.
    if (typeof props.name === 'string' && props.name.slice(1, -1).includes('*'))
      fail(at, 'name', props.name, 'may hold "*" only at its start or its end (VOLAPI refuses other patterns)');
    if (props.size !== undefined && (typeof props.size !== 'number' || !Number.isInteger(props.size) || props.size < 1))
      fail(at, 'size', props.size, 'must be a whole number of MiB, at least 1');
    if (Object.values(props).every((v) => v === undefined))
      fail(at, 'filters', {}, 'give at least one of name, size, state, type');
    this.properties = Object.fromEntries(
      Object.entries(props).filter(([, v]) => v !== undefined),
    ) as VolumeLookupProperties;
  }

  /** The volume id found (what an Instance's `volumes[].volume` takes). */
  get volumeId(): Reference {
    return this.attributeRef('id');
  }

  /** The volume's name. */
  get volumeName(): Reference {
    return this.attributeRef('name');
  }

  /** The NFS path it is mounted from (`host:/exports/...`). */
  get filesystemPath(): Reference {
    return this.attributeRef('filesystemPath');
  }

  get naturalKey(): string {
    return naturalKeyOf('volume-lookup', this.properties, this.stack.account);
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
