/**
 * Several datacenters of one cloud in one emulator (`datacenters`): the names' rule, and each
 * datacenter's context over the shared one. See emulator/README.md, "Several datacenters".
 */
import type { CloudOfDatacenters, DatacenterEntry, EmulatorContext } from './core/context.js';
import type { Replication } from './core/replication.js';
import { EmulatorStartError } from './core/start-error.js';
import type { IdentityStore } from './core/store/identity-store.js';

/** A datacenter name: a DNS label's letters, digits, `-` and `_` (it names a data folder too). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

/** The name Manta's mahi reads the directory as (it is no datacenter's CloudAPI). */
export const MANTA_REPLICA = 'manta';

/**
 * Refuses names that are empty, repeated, or not made of letters, digits, `-` and `_`.
 * @throws EmulatorStartError `EMULATOR_DATACENTER_INVALID` naming the first bad one
 */
export function checkDatacenterNames(names: readonly string[]): void {
  if (names.length === 0)
    throw new EmulatorStartError({
      kind: 'datacenter-invalid',
      index: 0,
      name: '',
      rule: 'at least one datacenter is needed',
    });
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (!NAME.test(name))
      throw new EmulatorStartError({
        kind: 'datacenter-invalid',
        index,
        name,
        rule: 'a name is 1 to 63 letters, digits, "-" and "_", starting with a letter or digit',
      });
    if (seen.has(name) || name === MANTA_REPLICA)
      throw new EmulatorStartError({
        kind: 'datacenter-invalid',
        index,
        name,
        rule: name === MANTA_REPLICA ? '"manta" names Manta\'s replica' : 'each datacenter is named once',
      });
    seen.add(name);
  }
}

/** The cloud `names` make, as the listener of datacenter `name` (or Manta, as the first's) sees it. */
export function cloudOf(name: string, names: readonly string[], replication: Replication): CloudOfDatacenters {
  const datacenters: DatacenterEntry[] = names.map((dc) => ({ name: dc, cloudapiUrl: '' }));
  return { name, datacenters, replication };
}

/**
 * Each datacenter's context: the shared one (clock, stats, faults, Manta's writer) with its own
 * name, URLs, replica of the directory, compute nodes (their UUIDs from a seed of its own) and data
 * folder (`<dataDir>/datacenters/<name>/`).
 * @param base the context Manta uses, with the cloud
 * @param directory the directory itself (no replica)
 */
export function datacenterContexts(base: EmulatorContext, directory: IdentityStore): EmulatorContext[] {
  const { datacenters, replication } = base.cloud!;
  return datacenters.map(({ name }, i) => {
    const cloud: CloudOfDatacenters = { name, datacenters, replication };
    const own: Partial<EmulatorContext> = {
      store: directory.forReplica(replication.link(name)),
      datacenter: name,
      urls: { cloudapi: '', manta: '' },
      persistence: base.persistence.scoped(`datacenters/${name}/`),
      // Another datacenter's servers are other machines: their UUIDs differ.
      layout: { ...base.layout, seed: i === 0 ? base.layout.seed : (base.layout.seed + i * 0x9e3779b1) | 0 },
      cloud,
    };
    // The rest (mantaWriter, set by Manta once it starts, among them) is read through the shared one.
    return Object.assign(Object.create(base) as EmulatorContext, own);
  });
}
