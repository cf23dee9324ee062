import type { EmulatorContext } from '../core/context.js';
import type { AccountState } from '../core/store/account-state.js';
import { advance } from './private/machine-model.js';
import { FabricStore, type AddressRange } from './private/fabric-store.js';
import { VolumeStore } from '../../kinds/volume/emulator/volume-store.js';
import { ReservedIpStore } from './private/reserved-ip-store.js';
import { CatalogStore, type CatalogSeed } from './private/catalog-store.js';
import { computeNodes, type ComputeNode } from './private/compute-nodes.js';
import { ensureDefaultFabric } from './private/default-fabric.js';
import { initialMachines, PUBLIC_IMAGES, type ImageRecord, type MachineRecord } from './private/fixtures.js';

/** The persistence part name of CloudAPI's own state (`<dataDir>/cloudapi.json`). */
export const CLOUDAPI_PART = 'cloudapi';

export type { ImageRecord, MachineRecord } from './private/fixtures.js';
export { ADMIN_UUID, PUBLIC_IMAGES } from './private/fixtures.js';
export {
  CATALOG_PART,
  checkCatalogSeed,
  DEFAULT_DATACENTER,
  type CatalogSeed,
  type LimitSeed,
} from './private/catalog-store.js';
export { DEFAULT_LAYOUT } from './private/compute-nodes.js';
interface AccountFixtures {
  images: ImageRecord[];
  machines: MachineRecord[];
}

/**
 * CloudAPI-only state: each account's custom images and its machine fixtures (made on first use).
 * Accounts, users, roles and the rest live in the shared identity store.
 */
export class CloudApiState {
  private readonly byAccount = new Map<string, AccountFixtures>();
  /** The accounts' fabric VLANs and networks (NAPI's part). */
  readonly fabrics: FabricStore;
  /** The accounts' NFS volumes (VOLAPI's part). */
  readonly volumes: VolumeStore;
  /** The addresses reserved with UpdateNetworkIP (NAPI's part). */
  readonly reservedIps: ReservedIpStore;

  /** The datacenter's packages, networks and datacenters, and the provisioning limits. */
  readonly catalog: CatalogStore;

  /** The compute nodes machines are placed on (`--servers`). */
  readonly nodes: readonly ComputeNode[];

  /**
   * @param ctx the emulator context, for the clock and persistence
   * @param catalog the catalog the emulator was started with, if any
   */
  constructor(
    private readonly ctx: EmulatorContext,
    catalog?: CatalogSeed,
  ) {
    this.catalog = new CatalogStore(ctx, catalog);
    this.fabrics = new FabricStore(ctx);
    this.volumes = new VolumeStore(ctx);
    this.reservedIps = new ReservedIpStore(ctx);
    this.nodes = computeNodes(ctx.layout);
    ctx.persistence.register(CLOUDAPI_PART, {
      save: () => Object.fromEntries(this.byAccount),
      load: (data) => {
        this.byAccount.clear();
        for (const [id, fixtures] of Object.entries(data as Record<string, AccountFixtures>))
          this.byAccount.set(id, fixtures);
      },
    });
  }

  /**
   * The account's machines (created on first use), deleted ones included as tombstones, each
   * moved along the clock (`provisioning` to `running`) first.
   */
  machines(account: AccountState): MachineRecord[] {
    const machines = this.fixtures(account).machines;
    const now = this.ctx.clock();
    let changed = false;
    for (const machine of machines) changed = advance(machine, now) || changed;
    if (changed) this.changed();
    return machines;
  }

  /**
   * Every account's live machines that exist so far, with their owner's id: who holds an address
   * on a network every account shares (a public network's IPs are the datacenter's, not an
   * account's).
   */
  everyMachine(): Array<{ owner: string; machine: MachineRecord }> {
    const now = this.ctx.clock();
    return [...this.byAccount.entries()].flatMap(([owner, f]) =>
      f.machines.filter((m) => (advance(m, now), m.state !== 'deleted')).map((machine) => ({ owner, machine })),
    );
  }

  /**
   * The servers machines may be placed on: the layout's, then any server a machine stands on that
   * the layout does not have (a copy of a cloud account keeps the cloud's `compute_node`s), with a
   * layout server's capacity, so that an affinity rule naming such a machine places beside it.
   */
  servers(): ComputeNode[] {
    const known = new Set(this.nodes.map((n) => n.uuid));
    const more = new Set<string>();
    for (const m of this.allMachines())
      if (m.compute_node !== undefined && m.compute_node !== '' && !known.has(m.compute_node)) more.add(m.compute_node);
    const { serverRamMb: ramMb, serverDiskMb: diskMb } = this.ctx.layout;
    return [...this.nodes, ...[...more].map((uuid) => ({ uuid, ramMb, diskMb }))];
  }

  /** Every account's machines as they are (for what each server has left). */
  allMachines(): MachineRecord[] {
    return [...this.byAccount.values()].flatMap((f) => f.machines);
  }

  /**
   * Sets up the account's default fabric on its first request when the datacenter has fabrics
   * (`private/default-fabric.ts`).
   */
  ensureDefaultFabric(account: AccountState): void {
    if (this.ctx.layout.fabrics && ensureDefaultFabric(this.fabrics, account)) this.ctx.store.changed();
  }

  /** The emulator clock's now, in ms. */
  clock(): number {
    return this.ctx.clock();
  }

  /** Public images plus the account's own, with lazily-advanced states. */
  images(account: AccountState): ImageRecord[] {
    const now = this.ctx.clock();
    const own = this.fixtures(account).images;
    for (const image of own) {
      if (image.state === 'creating' && image.activeAt !== undefined && now >= image.activeAt) {
        // IMGAPI's create-from-VM job fails when the machine is destroyed before it ends.
        const source = this.machines(account).find((m) => m.id === image.sourceMachine);
        const lost = source?.deletedAt !== undefined && source.deletedAt <= image.activeAt;
        image.state = lost ? 'failed' : 'active';
        if (lost)
          image.error = { message: `VM ${image.sourceMachine} was destroyed while the image was being created` };
        delete image.activeAt;
        delete image.sourceMachine;
        this.changed();
      }
    }
    // IMGAPI's `account` filter: public images, the account's own, and other accounts' images
    // whose `acl` names it (shared images, sdc-cloudapi test/images/clone.js).
    const shared = [...this.byAccount.entries()]
      .filter(([id]) => id !== account.account.id)
      .flatMap(([, f]) => f.images.filter((i) => (i.acl ?? []).includes(account.account.id)));
    return [...PUBLIC_IMAGES, ...own, ...shared];
  }

  /** Adds an image owned by the account. */
  addImage(account: AccountState, image: ImageRecord): void {
    this.fixtures(account).images.push(image);
    this.changed();
  }

  /** Removes an image owned by the account. */
  removeImage(account: AccountState, id: string): void {
    const f = this.fixtures(account);
    f.images = f.images.filter((i) => i.id !== id);
    this.changed();
  }

  /**
   * Where a NIC on `network` gets its address: a seeded catalog network's range, or one of the
   * account's fabric networks'; `undefined` for the default networks (their fixed ranges).
   */
  rangeOf(owner: string, network: string): AddressRange | undefined {
    return this.catalog.rangeOf(network) ?? this.fabrics.rangeOf(owner, network);
  }

  /** Records a change for persistence. */
  changed(): void {
    this.ctx.persistence.markDirty(CLOUDAPI_PART);
  }

  /** Nothing to release beyond what persistence flushes; kept for symmetry with other services. */
  close(): void {
    this.ctx.persistence.flush();
  }

  private fixtures(account: AccountState): AccountFixtures {
    let f = this.byAccount.get(account.account.id);
    if (f === undefined) {
      const machines =
        this.ctx.layout.fixtureMachines === false
          ? []
          : initialMachines(new Date(this.ctx.clock()).toISOString(), this.catalog.fixturePlacement());
      // The fixtures are spread over the servers, as DAPI spreads an owner's machines.
      machines.forEach((m, i) => (m.compute_node = this.nodes[i % this.nodes.length]?.uuid));
      f = { images: [], machines };
      this.byAccount.set(account.account.id, f);
      this.changed();
    }
    return f;
  }
}
