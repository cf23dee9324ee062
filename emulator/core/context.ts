import type { X509Certificate } from 'node:crypto';
import type { ConsistencyModel } from './consistency.js';
import type { FaultInjector } from './faults.js';
import type { Persistence } from './persistence.js';
import type { SeededRandom } from './rng.js';
import type { StatsCounter } from './stats.js';
import type { JobTiming } from './timing.js';
import type { IdentityStore } from './store/identity-store.js';
import type { Replication } from './replication.js';

/** One datacenter of the cloud and where its CloudAPI listens (filled in once it listens). */
export interface DatacenterEntry {
  readonly name: string;
  cloudapiUrl: string;
}

/**
 * The cloud of several datacenters one listener belongs to (`datacenters`): its own name, every
 * datacenter in the order given, and the replication between them.
 */
export interface CloudOfDatacenters {
  /** This listener's datacenter (Manta's context: the first one's). */
  readonly name: string;
  readonly datacenters: readonly DatacenterEntry[];
  readonly replication: Replication;
}

/** The URLs the two listeners serve on (filled in once they listen). */
export interface EmulatorUrls {
  cloudapi: string;
  manta: string;
}

/**
 * How other services write into the object store: the Manta service registers one so that
 * CloudAPI's ExportImage can write the image manifest and file objects.
 */
export interface MantaObjectWriter {
  /**
   * Writes an object, creating missing parent directories under `/<login>/stor`.
   * @param login the owning account
   * @param path an absolute Manta path, e.g. `/acme/stor/images/base-1.0.imgmanifest`
   * @param data the object's bytes
   * @param contentType e.g. `application/json`
   */
  putObject(login: string, path: string, data: Buffer, contentType: string): Promise<void>;
  /** True when `path` exists and is a directory. */
  isDirectory(login: string, path: string): Promise<boolean>;
}

/**
 * How the emulated datacenter is laid out (`--servers`, `--server-ram-mb`, `--server-disk-mb`,
 * `--no-fabrics`): CloudAPI places machines on its servers and gives accounts a default fabric.
 */
export interface DatacenterLayout {
  /** How many compute nodes provisions are placed on. */
  readonly servers: number;
  /** Each compute node's RAM that machines may reserve, MiB. */
  readonly serverRamMb: number;
  /** Each compute node's disk that machines may reserve, MiB. */
  readonly serverDiskMb: number;
  /** Whether the datacenter has fabrics (every account then gets its default fabric). */
  readonly fabrics: boolean;
  /** The emulator's seed: the servers' UUIDs are made from it. */
  readonly seed: number;
  /** Whether a new account starts with the three fixture machines (`false`: none, as a real one). @default true */
  readonly fixtureMachines?: boolean;
}

/** What every service shares: options, clock, identity store, stats, persistence, faults. */
export interface EmulatorContext {
  /** The emulator clock in ms since the epoch (injectable for tests). */
  readonly clock: () => number;
  readonly store: IdentityStore;
  readonly stats: StatsCounter;
  readonly persistence: Persistence;
  readonly consistency: ConsistencyModel;
  readonly faults: FaultInjector;
  /** A seeded generator services may use for their own choices (ids are not taken from it). */
  readonly random: SeededRandom;
  /** The data directory, or `undefined` for an in-memory emulator. */
  readonly dataDir: string | undefined;
  /** Whether Manta jobs really run (`--no-job-exec` turns it off). */
  readonly jobExec: boolean;
  /** How long a new machine stays `provisioning`, in emulator-clock ms (`--provision-ms`, else the profile's). */
  readonly provisionMs: number;
  /** Whether CreateMachine takes `delegate_dataset` (SAPI `experimental_cloudapi_delegate_dataset`, `--delegate-datasets`). */
  readonly delegateDatasets: boolean;
  /** How long every job takes (`--timing`, `--time-scale`). */
  readonly timing: JobTiming;
  /** How many machines (not deleted) an account may have (`--machine-limit`). */
  readonly machineLimit: number;
  /** How much RAM (MiB) an account's machines may have (`--ram-limit`); absent: no RAM limit. */
  readonly ramLimitMb?: number;
  /** The compute nodes and fabrics of the datacenter. */
  readonly layout: DatacenterLayout;
  readonly urls: EmulatorUrls;
  /** The roots a key's attestation chain must lead to (`trustedAttestationRoots`); none: every attestation is refused. */
  readonly attestationRoots: readonly X509Certificate[];
  /**
   * The datacenter name the emulator answers as (Ping, ListDatacenters, the `datacenter` a policy
   * condition compares): `emulator-1`, or the seeded catalog's (set by CloudAPI's catalog store).
   */
  datacenter: string;
  /** Several datacenters (`datacenters` option); absent for the one datacenter of old. */
  readonly cloud?: CloudOfDatacenters;
  /** Set by the Manta service when it starts; `undefined` without one. */
  mantaWriter: MantaObjectWriter | undefined;
}
