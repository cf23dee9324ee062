/**
 * The emulator's NFS volumes, per account, as VOLAPI keeps them for CloudAPI; persisted as their
 * own part (`<dataDir>/volumes.json`). A volume is `creating` until `readyAt` on the emulator
 * clock, then `ready`; a deleted one is `deleting` until `goneAt` (VOLAPI's delete job, which
 * destroys the volume's storage zone), then gone; moved lazily on every read like machines.
 */
import type { EmulatorContext } from '../../../emulator/core/context.js';

/** A volume as CloudAPI shows it (`translateVolumeFromVolApi`), plus bookkeeping. */
export interface VolumeRecord {
  owner: string;
  id: string;
  name: string;
  type: string;
  size: number;
  state: string;
  networks: string[];
  tags: Record<string, string>;
  created: string;
  /** Internal: clock ms at which a `creating` volume is `ready`. */
  readyAt?: number;
  /** Internal: clock ms at which a `deleting` volume's delete job ends and it is gone. */
  goneAt?: number;
}

/** The persistence part name. */
export const VOLUMES_PART = 'volumes';

/** Every account's volumes. */
export class VolumeStore {
  private volumes: VolumeRecord[] = [];

  constructor(private readonly ctx: EmulatorContext) {
    ctx.persistence.register(VOLUMES_PART, {
      save: () => this.volumes,
      load: (data) => {
        this.volumes = data as VolumeRecord[];
      },
    });
  }

  /** The account's volumes, each moved along the clock first. */
  volumesOf(owner: string): VolumeRecord[] {
    const now = this.ctx.clock();
    const gone = this.volumes.filter((v) => v.owner === owner && v.goneAt !== undefined && now >= v.goneAt);
    if (gone.length > 0) {
      this.volumes = this.volumes.filter((v) => !gone.includes(v));
      this.changed();
    }
    const own = this.volumes.filter((v) => v.owner === owner);
    for (const v of own)
      if (v.state === 'creating' && v.readyAt !== undefined && now >= v.readyAt) {
        v.state = 'ready';
        delete v.readyAt;
        this.changed();
      }
    return own;
  }

  /** Adds or replaces a volume. */
  put(volume: VolumeRecord): void {
    this.volumes = [...this.volumes.filter((v) => v.id !== volume.id), volume];
    this.changed();
  }

  /** Starts a volume's delete job: `deleting` until `goneAt`, then gone. */
  delete(id: string, goneAt: number): void {
    for (const v of this.volumes)
      if (v.id === id && v.goneAt === undefined) {
        v.state = 'deleting';
        v.goneAt = goneAt;
        delete v.readyAt;
      }
    this.changed();
  }

  private changed(): void {
    this.ctx.persistence.markDirty(VOLUMES_PART);
  }
}

/** CloudAPI's answer for a volume: internal fields dropped. */
export function volumeJson(v: VolumeRecord): Record<string, unknown> {
  const { owner: _owner, readyAt: _readyAt, goneAt: _goneAt, ...wire } = v;
  return wire;
}
