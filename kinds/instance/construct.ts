/**
 * `Instance`: a machine provisioned from an image and a package.
 */
import type { Construct } from 'constructs';
import type { IRole } from '../../constructs/interfaces.js';
import { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail } from '../../constructs/private/problems.js';
import { checkRoleRefs, resolveRoleRefs } from '../../constructs/private/role-refs.js';
import { networkValue, type Volume, type NetworkRef } from '../volume/construct.js';
import type { VolumeLookup } from '../volume-lookup/construct.js';
import { checkVolumeMounts, unreachableMountProblems } from '../../constructs/private/instance-mounts.js';
import { checkDisks, type InstanceDiskSpec } from '../../constructs/private/instance-disks.js';
import { instancePlaceholder, type FirewallTargetSpec } from '../../common/fwrule-language/index.js';
import { propNames } from '../../constructs/private/known-props.js';
import { checkAffinityRule } from '../../common/rules/affinity.js';
import type { Secret } from '../../constructs/secret.js';
import {
  checkAdministratorPw,
  checkCns,
  checkServerMetadata,
  checkSpecialTags,
} from '../../constructs/private/instance-checks.js';
import { booleanDefault, stringDefault } from '../../common/kinds/defaults.js';
import { instance as instanceKind } from './descriptor.js';
import {
  affinityFromLocality,
  metadataWithBootProps,
  rootAuthorizedKeysText,
  type InstanceBoot,
  type LocalitySpec,
  type RootKeySpec,
  type TextOrFile,
} from '../../constructs/private/instance-boot.js';
import {
  checkStaticIpClashes,
  isStaticIpSpec,
  staticIpOf,
  type StaticIpNetworkSpec,
} from '../../constructs/private/instance-static-ips.js';

/** An image an instance can be made from: an `Image` the stack builds or an `ImageLookup`. */
export interface IInstanceImage {
  /** The image id, known after apply (or after the look-up is read). */
  readonly imageId: Reference;
}

/** A package an instance can be sized by: a `PackageLookup`. */
export interface IInstancePackage {
  /** The package name, known after the look-up is read. */
  readonly packageName: Reference;
}

/** Props of an {@link Instance}. */
export interface InstanceProps extends ResourceOptionProps {
  /**
   * Instance name: a letter or digit, then letters, digits, `.`, `_`, `-`; at most 189 characters.
   * A change renames the instance in place.
   */
  readonly name: string;
  /**
   * The image: an `Image` or `ImageLookup` (`Image.lookup(...)`) by object, its id (UUID), or a
   * reference (`image.imageId`). A change replaces the instance.
   */
  readonly image: IInstanceImage | string | Reference;
  /**
   * The package: a `PackageLookup` by object, a package name (`g4-highcpu-1G`), or a reference to a
   * look-up's name. A change resizes in place.
   */
  readonly package: IInstancePackage | string | Reference;
  /**
   * Networks, the first the primary NIC: declared {@link FabricNetwork}s, {@link NetworkLookup}s,
   * references or network ids, each once. Another network added or removed is a NIC added or
   * removed in place (the instance reboots); a change of the first (the primary) replaces the
   * instance. An empty list is refused: leave the prop out for the datacenter's defaults.
   * `{ network, ips: ['10.0.0.5'] }` asks for a static address (CloudAPI's `ipv4_ips`), checked at
   * synth on a declared FabricNetwork (inside its subnet, not its gateway, a resolver or the
   * broadcast address, not another instance's); a change of the addresses replaces the instance.
   * A network pool may be named like a network: its NIC is on one of the pool's member networks,
   * which the instance and the vendor CLI then show, and is compared as the pool.
   * @default - the datacenter's default networks
   */
  readonly networks?: readonly (NetworkRef | StaticIpNetworkSpec<NetworkRef>)[];
  /**
   * NFS volumes to mount at create: `{ volume, mountpoint, mode }`, the volume a declared
   * {@link Volume} (by its id, so a rename of the volume changes nothing here; the instance depends
   * on it, so a destroy deletes the instance first) or the name of one the stack does not manage.
   * A change replaces the instance.
   * @default - none
   */
  readonly volumes?: readonly InstanceVolumeMountSpec[];
  /**
   * Triton CNS: the service names the instance answers for and whether CNS leaves it out, kept as
   * the tags `triton.cns.services` and `triton.cns.disable` (as terraform-provider-triton's `cns`).
   * Changed in place. @default - the CNS tags are not managed
   */
  readonly cns?: { readonly services?: readonly string[]; readonly disable?: boolean };
  /**
   * Affinity rules for placement, CloudAPI's grammar: `<key>==<value>` or `<key>!=<value>`, the key
   * `instance`, `container` or a tag name, a value starting with `~` a soft rule, the value an
   * exact name, a glob (`web-*`) or a `/regex/`. Used at create only: a change replaces the
   * instance. @default - no placement rules
   */
  readonly affinity?: readonly string[];
  /** Instance tags (`triton.cns.*` ones go in `cns`). @default - the instance's tags are not managed */
  readonly tags?: { readonly [key: string]: string | Reference };
  /**
   * Customer metadata, `user-script` included. Declared, it is managed as a whole (the server's
   * own `root_authorized_keys` aside). @default - not managed
   */
  readonly metadata?: { readonly [key: string]: string | Reference };
  /** A user script run at every boot, the metadata key `user-script`: text or `{ file }` read at synth. @default - none */
  readonly userScript?: TextOrFile;
  /** cloud-init configuration, the metadata key `cloud-init:user-data`: text or `{ file }`. @default - none */
  readonly cloudConfig?: TextOrFile;
  /** Free-form user data, the metadata key `user-data`: text or `{ file }`. @default - none */
  readonly userData?: TextOrFile;
  /**
   * The root user's SSH keys (the metadata key `root_authorized_keys`): `Key`/`UserKey` objects,
   * OpenSSH public key lines or `{ file }` of `.pub` files. Written after the instance is up
   * (CloudAPI fills the key with the account's keys at create) and changed in place.
   * @default - the account's keys, as CloudAPI writes them
   */
  readonly rootAuthorizedKeys?: readonly RootKeySpec[];
  /**
   * terraform-provider-triton's deprecated `locality`: instances to be near or far from, strictly
   * or not; written as the affinity rules CloudAPI turns into the same hints. Not with `affinity`.
   * @default - no placement hints
   */
  readonly locality?: LocalitySpec;
  /**
   * Whether the instance gets a delegated ZFS dataset (CreateMachine `delegate_dataset`); only where
   * the datacenter enables it (the server refuses otherwise). Set at create: a change replaces it.
   * @default false
   */
  readonly delegateDataset?: boolean;
  /**
   * A bhyve instance's disks on a flexible-disk package, the boot disk first (its size the image's
   * unless given): `[{}, { size: 20480 }]`. A disk grown or added changes in place while the
   * instance is stopped; the plan refuses it otherwise, and a removed disk always.
   * @default - the image disk and one data disk of the rest of the package's space
   */
  readonly disks?: readonly InstanceDiskSpec[];
  /**
   * The Administrator's initial password of a Windows instance, read at apply time from the
   * environment or a file (`Secret.fromEnv('WIN_ADMIN_PW')`), as terraform-provider-triton's
   * `administrator_pw`. Sent at create (CloudAPI keeps it as the metadata key `administrator_pw`,
   * which a plan never shows); never stored: state keeps a salted hash, so a changed password
   * replaces the instance (the image sets it at first boot only). @default - none
   */
  readonly administratorPw?: Secret;
  /** Whether the cloud firewall applies. @default false */
  readonly firewallEnabled?: boolean;
  /** Whether CloudAPI refuses to delete the instance. @default false */
  readonly deletionProtection?: boolean;
  /** Desired power state. @default 'running' */
  readonly state?: 'running' | 'stopped';
  /** Roles tagged on the instance (`/<account>/machines/<id>`). @default - not managed */
  readonly roleTags?: readonly (IRole | string)[];
}

/** One NFS volume an {@link Instance} mounts. */
export interface InstanceVolumeMountSpec {
  /** The volume: a declared {@link Volume}, a {@link VolumeLookup}, or a volume name. */
  readonly volume: Volume | VolumeLookup | string;
  /** Absolute path it is mounted at. */
  readonly mountpoint: string;
  /** Read-write or read-only. @default 'rw' */
  readonly mode?: 'rw' | 'ro';
}

const INSTANCE_PROPS = propNames<InstanceProps>({
  volumes: true,
  name: true,
  image: true,
  package: true,
  networks: true,
  tags: true,
  cns: true,
  affinity: true,
  metadata: true,
  administratorPw: true,
  userScript: true,
  cloudConfig: true,
  userData: true,
  rootAuthorizedKeys: true,
  locality: true,
  delegateDataset: true,
  disks: true,
  firewallEnabled: true,
  deletionProtection: true,
  state: true,
  roleTags: true,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/;

/** The construct's `field` attribute when `v` is an object that has it as a reference. */
function attributeOf(v: unknown, field: 'imageId' | 'packageName'): Reference | undefined {
  if (typeof v !== 'object' || v === null || v instanceof Reference || !(field in v)) return undefined;
  const ref = (v as Record<string, unknown>)[field];
  return ref instanceof Reference ? ref : undefined;
}

/** The `image` prop as the manifest takes it: an image (or look-up) by object becomes its id. */
function imageValue(at: string, v: unknown): string | Reference {
  const ref = attributeOf(v, 'imageId');
  if (ref !== undefined) return ref;
  if (v instanceof Reference || (typeof v === 'string' && UUID.test(v))) return v;
  return fail(at, 'image', v, 'must be an Image or ImageLookup, an image id (UUID) or a reference to an image');
}

/** The `package` prop as the manifest takes it: a package look-up by object becomes its name. */
function packageValue(at: string, v: unknown): string | Reference {
  const ref = attributeOf(v, 'packageName');
  if (ref !== undefined) return ref;
  if (v instanceof Reference || (typeof v === 'string' && v !== '')) return v;
  return fail(at, 'package', v, 'must be a PackageLookup, a package name or a reference to a package look-up');
}
/** The longest alias CloudAPI accepts (machines.js: 255 base64 characters). */
const MAX_NAME = 189;

/**
 * A machine. Apply waits until it is running (and stops it when declared `stopped`); rename,
 * resize, tags, metadata, the firewall and deletion-protection toggles, the power state and role
 * tags change in place, a new image or network list replaces it.
 */
export class Instance extends TritonResource {
  readonly kind = 'instance' as const;
  /** The instance name. */
  readonly instanceName: string;
  private readonly props: InstanceProps;
  private readonly image: string | Reference;
  private readonly package: string | Reference;
  private readonly networks: (string | Reference)[] | undefined;
  private readonly volumes: { volume: string | Reference; mountpoint: string; mode: string }[] | undefined;
  private readonly boot: InstanceBoot;
  /** @internal the static addresses asked for, by network as declared (for the clash check of later instances) */
  readonly staticIps: { network: unknown; ip: string; field: string; value: string | Reference }[];

  constructor(scope: Construct, id: string, props: InstanceProps) {
    super(scope, id, props, INSTANCE_PROPS);
    const at = this.node.path;
    if (typeof props.name !== 'string' || !NAME.test(props.name) || props.name.length > MAX_NAME)
      fail(
        at,
        'name',
        props.name,
        `must start with a letter or digit and hold only letters, digits, ".", "_", "-" (at most ${MAX_NAME})`,
      );
    this.image = imageValue(at, props.image);
    this.package = packageValue(at, props.package);
    this.staticIps = [];
    const networks = checkNetworks(at, props.networks, this.staticIps);
    checkStaticIpClashes(this, at, this.staticIps, (c) => (c instanceof Instance ? c.staticIps : undefined));
    const volumes = checkVolumeMounts(at, props.volumes, stringDefault(instanceKind, 'volumes.mode'));
    this.node.addValidation({ validate: () => unreachableMountProblems(at, props.volumes, networks) });
    for (const field of ['tags', 'metadata'] as const)
      for (const [k, v] of Object.entries(props[field] ?? {}))
        if (!(v instanceof Reference) && typeof v !== 'string')
          fail(at, `${field}.${k}`, v, 'must be a string or a Reference');
    for (const field of ['tags', 'metadata'] as const)
      if (Object.keys(props[field] ?? {}).includes('')) fail(at, field, '', 'must not have an empty key');
    checkServerMetadata(at, props.metadata);
    checkSpecialTags(at, props.tags);
    checkAdministratorPw(at, props.administratorPw);
    checkCns(at, props.cns);
    if (props.affinity !== undefined && !Array.isArray(props.affinity))
      fail(at, 'affinity', props.affinity, 'must be a list of affinity rules such as "instance!=web-*"');
    (props.affinity ?? []).forEach((rule, i) => {
      const problem = typeof rule === 'string' ? checkAffinityRule(rule) : 'must be a string';
      if (problem !== undefined) fail(at, `affinity[${i}]`, rule, problem);
    });
    for (const field of ['firewallEnabled', 'deletionProtection'] as const)
      if (props[field] !== undefined && typeof props[field] !== 'boolean')
        fail(at, field, props[field], 'must be true or false');
    if (props.state !== undefined && props.state !== 'running' && props.state !== 'stopped')
      fail(at, 'state', props.state, 'must be "running" or "stopped"');
    checkRoleRefs(at, 'roleTags', props.roleTags);
    if (props.delegateDataset !== undefined && typeof props.delegateDataset !== 'boolean')
      fail(at, 'delegateDataset', props.delegateDataset, 'must be true or false');
    this.boot = {
      metadata: metadataWithBootProps(at, props.metadata, props),
      rootAuthorizedKeys: rootAuthorizedKeysText(at, props.rootAuthorizedKeys),
      locality: affinityFromLocality(at, props.locality, props.affinity),
      disks: checkDisks(at, props.disks),
    };
    this.instanceName = props.name;
    this.props = props;
    this.networks = networks;
    this.volumes = volumes;
  }

  /**
   * The instance as a firewall rule target (`FirewallRule.allow({ from: 'any', to: web, ports: [443] })`):
   * the rule names it `vm <uuid>`, its id put in at apply.
   */
  firewallTargets(): readonly FirewallTargetSpec[] {
    return [{ vm: instancePlaceholder(this.node.path) }];
  }

  /** The instance id, known after apply (an Image's `machine`). */
  get instanceId(): Reference {
    return this.attributeRef('id');
  }

  /** The primary IP address, known after apply. */
  get primaryIp(): Reference {
    return this.attributeRef('primaryIp');
  }

  get naturalKey(): string {
    return this.instanceName;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const p = this.props;
    const deps: (TritonResource | undefined)[] = [];
    let roleTags: string[] | undefined;
    if (p.roleTags !== undefined) {
      const r = resolveRoleRefs(ctx, p.roleTags);
      roleTags = r.names;
      deps.push(...r.deps);
    }
    const affinity = this.boot.locality?.rules ?? p.affinity;
    deps.push(...(this.boot.locality?.after ?? []));
    return {
      properties: {
        name: p.name,
        image: this.image,
        package: this.package,
        networks: this.networks === undefined ? undefined : [...this.networks],
        networkIps:
          this.staticIps.length === 0 ? undefined : this.staticIps.map((s) => ({ network: s.value, ip: s.ip })),
        affinity: affinity === undefined ? undefined : [...affinity],
        volumes: this.volumes === undefined ? undefined : this.volumes.map((v) => ({ ...v })),
        tags: p.tags === undefined ? undefined : { ...p.tags },
        cns:
          p.cns === undefined
            ? undefined
            : {
                ...(p.cns.services ? { services: [...p.cns.services] } : {}),
                ...(p.cns.disable !== undefined ? { disable: p.cns.disable } : {}),
              },
        metadata: this.boot.metadata,
        rootAuthorizedKeys: this.boot.rootAuthorizedKeys,
        delegateDataset: p.delegateDataset ?? booleanDefault(instanceKind, 'delegateDataset'),
        disks: this.boot.disks,
        administratorPw: p.administratorPw?.toJSON(),
        firewallEnabled: p.firewallEnabled ?? booleanDefault(instanceKind, 'firewallEnabled'),
        deletionProtection: p.deletionProtection ?? booleanDefault(instanceKind, 'deletionProtection'),
        state: p.state ?? stringDefault(instanceKind, 'state'),
        roleTags,
      },
      dependsOn: deps,
    };
  }
}

/**
 * The networks, checked: at least one (an instance has a primary NIC; leave the prop out for the
 * datacenter's defaults), each once (CloudAPI gives an instance one NIC per network).
 */
function checkNetworks(
  at: string,
  networks: InstanceProps['networks'],
  staticIps: Instance['staticIps'],
): (string | Reference)[] | undefined {
  if (networks === undefined) return undefined;
  if (!Array.isArray(networks)) fail(at, 'networks', networks, 'must be a list of networks');
  if (networks.length === 0)
    fail(
      at,
      'networks',
      networks,
      "must name at least one network (the first is the primary NIC); leave it out for the datacenter's default networks",
    );
  const seen = new Set<string>();
  return networks.map((n, i) => {
    const net = isStaticIpSpec(n) ? n.network : n;
    const value = networkValue(at, isStaticIpSpec(n) ? `networks[${i}].network` : `networks[${i}]`, net);
    if (isStaticIpSpec(n))
      staticIps.push({ network: net, ip: staticIpOf(at, `networks[${i}]`, n), field: `networks[${i}].ips[0]`, value });
    const key = JSON.stringify(value);
    if (seen.has(key)) fail(at, `networks[${i}]`, value, 'is listed twice: an instance has one NIC per network');
    seen.add(key);
    return value;
  });
}
