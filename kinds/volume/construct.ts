/**
 * `Volume`: an NFS shared volume (`tritonnfs`), mounted by instances by object
 * (`new Instance(..., { volumes: [{ volume, mountpoint: '/data' }] })`).
 */
import type { Construct } from 'constructs';
import { numberDefault } from '../../common/kinds/defaults.js';
import { volume, VOLUME_SIZES_MIB } from './descriptor.js';
import { FabricNetwork } from '../fabric-network/construct.js';
import { NetworkLookup } from '../../constructs/catalog-lookups.js';
import { FabricNetworkLookup } from '../fabric-network-lookup/construct.js';
import { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** The size a volume takes when none is given (MiB): the descriptor's default. */
const DEFAULT_SIZE = numberDefault(volume, 'size');

/** A network as a prop takes it: a declared fabric network, a look-up (of the catalog or of a fabric VLAN), a reference or an id. */
export type NetworkRef = FabricNetwork | NetworkLookup | FabricNetworkLookup | Reference | string;

/** Props of a {@link Volume}. */
export interface VolumeProps extends ResourceOptionProps {
  /** Volume name: a letter or digit, then letters, digits, `_`, `.`, `-` (at most 256); renamed in place. */
  readonly name: string;
  /**
   * Size in MiB, one of the sizes the datacenter offers (ListVolumeSizes: 10240, 20480, … 102400,
   * then 204800 … 1024000). A change replaces the volume.
   * @default 10240
   */
  readonly size?: number;
  /** Fabric networks it is reachable on. A change replaces the volume. @default - the account's default fabric network */
  readonly networks?: readonly NetworkRef[];
  /** Tags, set at create. A change replaces the volume. @default - none */
  readonly tags?: { readonly [key: string]: string };
}

const VOLUME_PROPS = propNames<VolumeProps>({ name: true, size: true, networks: true, tags: true });

const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;
/** VOLAPI's longest volume name. */
const MAX_NAME = 256;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The manifest value of a network prop, or a problem: a construct becomes a reference to its id
 * (so the consumer depends on it).
 */
export function networkValue(at: string, field: string, n: unknown): string | Reference {
  if (n instanceof FabricNetwork || n instanceof NetworkLookup || n instanceof FabricNetworkLookup) return n.networkId;
  if (n instanceof Reference) return n;
  if (typeof n === 'string' && UUID.test(n)) return n;
  return fail(
    at,
    field,
    n,
    'must be a FabricNetwork, a NetworkLookup, a FabricNetworkLookup, a reference or a network id (UUID)',
  );
}

/** An NFS shared volume of the account. Apply waits until it is `ready`. */
export class Volume extends TritonResource {
  readonly kind = 'volume' as const;
  /** The volume name. */
  readonly volumeName: string;
  private readonly size: number;
  private readonly networks: (string | Reference)[] | undefined;
  private readonly tags: Record<string, string> | undefined;

  constructor(scope: Construct, id: string, props: VolumeProps) {
    super(scope, id, props, VOLUME_PROPS);
    const at = this.node.path;
    if (typeof props.name !== 'string' || !NAME.test(props.name) || props.name.length > MAX_NAME)
      fail(
        at,
        'name',
        props.name,
        `must be 2 to ${MAX_NAME} characters: a letter or digit, then letters, digits, "_", ".", "-"`,
      );
    const size = props.size ?? DEFAULT_SIZE;
    if (!VOLUME_SIZES_MIB.includes(size))
      fail(
        at,
        'size',
        props.size,
        `must be one of the sizes the datacenter offers, in MiB: ${VOLUME_SIZES_MIB.join(', ')}`,
      );
    if (props.networks !== undefined && !Array.isArray(props.networks))
      fail(at, 'networks', props.networks, 'must be a list of networks');
    for (const [k, v] of Object.entries(props.tags ?? {}))
      if (typeof v !== 'string') fail(at, `tags.${k}`, v, 'must be a string');
    this.volumeName = props.name;
    this.size = size;
    this.networks = props.networks?.map((n, i) => networkValue(at, `networks[${i}]`, n));
    this.tags = props.tags === undefined ? undefined : { ...props.tags };
  }

  /** The volume id, known after apply. */
  get volumeId(): Reference {
    return this.attributeRef('id');
  }

  get naturalKey(): string {
    return this.volumeName;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return {
      properties: {
        name: this.volumeName,
        size: this.size,
        ...(this.networks !== undefined ? { networks: [...this.networks] } : {}),
        ...(this.tags !== undefined ? { tags: { ...this.tags } } : {}),
      },
    };
  }
}
