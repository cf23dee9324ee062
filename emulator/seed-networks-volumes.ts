/**
 * The parts of an {@link EmulatorSeed} beyond identities, machines and Manta: the account's fabric
 * VLANs and networks, its NFS volumes and its access keys. Each kind writes its own part beside its
 * store (`kinds/<kind>/emulator/<kind>-seed.ts`), in the emulator's saved format with the ids the
 * cloud gave them (a saved plan names those ids); this file only loops over them (the generated
 * `SEED_PARTS`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_PARTS, type PartsSeed } from './cloudapi/generated/seed-parts.js';

export type { SeedAccessKey } from '../kinds/access-key/emulator/access-key-seed.js';
export type { SeedFabricNetwork, SeedFabricVlan } from '../kinds/fabric-vlan/emulator/fabric-seed.js';
export type { SeedVolume } from '../kinds/volume/emulator/volume-seed.js';
// The firewall rules' part, which the seed writes from its machines' rules (emulator/seed.ts).
export { FIREWALL_RULES_PART, type FirewallRuleRecord } from '../kinds/firewall-rule/emulator/firewall-rule-store.js';

/** What {@link writeNetworkVolumeParts} writes: every kind's slice of the seed. */
export type NetworkVolumeSeed = PartsSeed;

/** Writes the kinds' parts for account `owner` (its id) into `dataDir`. */
export function writeNetworkVolumeParts(dataDir: string, owner: string, seed: NetworkVolumeSeed, now: string): void {
  for (const write of SEED_PARTS) {
    const { part, data } = write(owner, seed, now);
    writeSeedPart(dataDir, part, data);
  }
}

/** Writes one part of an emulator's data directory (`<part>.json`, readable by its owner only), as a seed lays it down. */
export function writeSeedPart(dataDir: string, part: string, data: unknown): void {
  writeFileSync(join(dataDir, `${part}.json`), `${JSON.stringify(data)}\n`, { mode: 0o600 });
}
