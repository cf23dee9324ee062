/** The volumes of an emulator seed: VOLAPI's records for the account, with the ids the cloud gave them. */
import type { SeedPartWriter } from '../../../emulator/cloudapi/private/seed-part.js';
import { VOLUMES_PART, type VolumeRecord } from './volume-store.js';

/** An NFS volume to seed, with its server id. */
export interface SeedVolume {
  readonly id: string;
  readonly name: string;
  /** MiB. */
  readonly size: number;
  readonly state: string;
  readonly networks: readonly string[];
  readonly tags?: Readonly<Record<string, string>>;
  readonly type?: string;
  readonly created?: string;
}

/** Writes the seed's volumes. */
export const volumeSeedPart: SeedPartWriter<{ readonly volumes?: readonly SeedVolume[] }> = (owner, seed, now) => ({
  part: VOLUMES_PART,
  data: (seed.volumes ?? []).map((v): VolumeRecord => ({
    owner,
    id: v.id,
    name: v.name,
    type: v.type ?? 'tritonnfs',
    size: v.size,
    state: v.state,
    networks: [...v.networks],
    tags: { ...(v.tags ?? {}) },
    created: v.created ?? now,
  })),
});
