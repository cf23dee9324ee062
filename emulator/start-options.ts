/**
 * What `startEmulator` (`start.ts`) takes and gives: its options, the accounts it started, and the
 * running emulator's handle.
 */
import type { EmulatorContext } from './core/context.js';
import type { Service } from './core/types.js';
import type { CloudApiRoute } from './cloudapi/route.js';
import type { CatalogSeed } from './cloudapi/state.js';
import type { TimingProfileName } from './core/timing.js';
import type { TlsMaterial } from './core/http-server.js';

/** An account to create at start-up (kept if it already exists in the data directory). */
export interface EmulatorAccountOption {
  readonly login: string;
  /** OpenSSH public key lines to add to the account. */
  readonly keys?: readonly string[];
}

/** Options of {@link startEmulator}; they mirror the `triton-iac emulator` flags. */
export interface EmulatorOptions {
  /** @default '127.0.0.1' */
  readonly host?: string;
  /**
   * Must be true to listen on a non-loopback host (the CLI sets it when `--host` is explicit);
   * the emulator has no TLS. @default false
   */
  readonly allowNonLoopback?: boolean;
  /** CloudAPI port; 0 picks a free one. @default 0 */
  readonly port?: number;
  /** Manta port; 0 picks a free one. @default 0 */
  readonly mantaPort?: number;
  /** Where state persists; @default in memory only */
  readonly dataDir?: string;
  /** Accounts to ensure; with none (and an empty store) a `demo` account with a fresh key is made. */
  readonly accounts?: readonly EmulatorAccountOption[];
  /**
   * Whether to make the `demo` account (and its RSA key, which takes up to a second to make) when
   * `accounts` is empty: false for a caller that adds its accounts later with `addAccount`.
   * @default true
   */
  readonly demoAccount?: boolean;
  /** The eventual-consistency window W in ms. @default 0 (strongly consistent) */
  readonly consistencyWindowMs?: number;
  /** The share of reads inside the window that are served stale. @default 0.5 */
  readonly staleReadRate?: number;
  /** Mean added latency per request, ms. @default 0 */
  readonly latencyMs?: number;
  /** The share of requests that fail (500, 503 or reset). @default 0 */
  readonly faultRate?: number;
  /** Requests per second above which requests are throttled. @default unlimited */
  readonly throttleRps?: number;
  /** Operations whose first successful answer on each path is lost after the write (`FaultOptions.loseAnswers`). */
  readonly loseAnswers?: readonly string[];
  /** Seed of every random decision. @default 1 */
  readonly seed?: number;
  /** Whether Manta jobs really run. @default true */
  readonly jobExec?: boolean;
  /**
   * How long a new machine stays `provisioning` before it is `running`, in emulator-clock ms; a
   * real cloud takes 30 s or more. @default 100
   */
  readonly provisionMs?: number;
  /**
   * Whether the operator enabled delegated datasets (SAPI `experimental_cloudapi_delegate_dataset`):
   * CreateMachine then takes `delegate_dataset`; otherwise it refuses it with CloudAPI's message.
   * @default false
   */
  readonly delegateDatasets?: boolean;
  /**
   * How long jobs take (deletes, stops, NIC changes, snapshots, images, volumes): `fast` (tens of
   * ms, for tests) or `realistic` (a production datacenter's durations, see emulator/README.md).
   * @default 'fast'
   */
  readonly timing?: TimingProfileName;
  /** Every job duration of the profile is multiplied by it (0.1: ten times faster). @default 1 */
  readonly timeScale?: number;
  /**
   * How many machines (not deleted) an account may have; CreateMachine past it answers 403
   * QuotaExceeded and GetAccountLimits reports it. @default 20
   */
  readonly machineLimit?: number;
  /**
   * The datacenter's packages, networks, name and datacenter list, and the account's provisioning
   * limits, replacing the fixed defaults part by part (kept in the data directory; see
   * `emulator/README.md`). A seed written by `writeEmulatorSeed` may hold one too; this one wins.
   * @default the fixed catalog: four packages (one `flexible_disk`), an `external` and an `internal` network, `emulator-1`
   */
  readonly catalog?: CatalogSeed;
  /**
   * How much RAM (MiB, the sum of the packages' memory) an account's machines (not deleted) may
   * have; CreateMachine past it answers 403 QuotaExceeded and GetAccountLimits reports it. Ignored
   * when `catalog` seeds the limits.
   * @default - no RAM limit (GetAccountLimits reports none)
   */
  readonly ramLimitMb?: number;
  /**
   * How many compute nodes machines are placed on (DAPI's choice: affinity rules, RAM and disk);
   * each machine's `compute_node` is its server's UUID, made from `seed`. @default 3
   */
  readonly servers?: number;
  /** Each compute node's RAM machines may reserve, MiB. @default 131072 (128 GiB) */
  readonly serverRamMb?: number;
  /** Each compute node's disk machines may reserve, MiB. @default 4194304 (4 TiB) */
  readonly serverDiskMb?: number;
  /**
   * Whether the datacenter has fabrics: every account then has VLAN 2 and its default fabric
   * network, GetConfig's `default_network`. Without, the fabric routes answer 501 and GetConfig `{}`.
   * @default true
   */
  readonly fabrics?: boolean;
  /**
   * Whether a new account starts with the three fixture machines (`web-1`, `web-2`, `builder`).
   * A real new account has none, and CloudAPI's own tests expect ListMachines empty at first:
   * pass `false` to run them. @default true
   */
  readonly fixtureMachines?: boolean;
  /** The Manta line to answer as: 1 (mantav1: jobs, snaplinks) or 2 (Manta v2, muskie master). @default 1 */
  readonly mantaVersion?: 1 | 2;
  /**
   * Logins of Manta operators (UFDS's `operators` group, as muskie's test accounts are made): each
   * is made an account if missing; Manta authorizes it in every account and lets it use the
   * operator-only listing parameters and upload deletes. CloudAPI does not treat it specially.
   * @default none
   */
  readonly mantaOperators?: readonly string[];
  /** Ms an object upload may send nothing before Manta answers 408 `UploadTimeout`; 0: never. @default 45000 */
  readonly mantaUploadTimeoutMs?: number;
  /**
   * Whether to open muskie's monitoring listener on the Manta port + 800 (`GET /metrics`, kang's
   * `/kang/snapshot`), which muskie's own `monitoring.test.js` reads. @default false
   */
  readonly mantaMonitor?: boolean;
  /** A PEM certificate and key: both listeners then serve HTTPS. @default plain HTTP */
  readonly tls?: TlsMaterial;
  /** The emulator clock in ms (tests move time with it). @default Date.now */
  readonly clock?: () => number;
  /**
   * CloudAPI routes a plug-in kind adds (its emulator route; see docs/adding-a-kind.md). They are
   * signed and authorised like the built-in ones, and tried before SetRoleTags' catch-all.
   * @default none
   */
  readonly cloudapiRoutes?: readonly CloudApiRoute[];
  /**
   * PEM root certificates a key's `attestation` chain may lead to (UFDS's `attestation.ca_certs`):
   * with one, CreateKey accepts a key whose YubiKey PIV attestation verifies to it and lists it
   * `attested: true` with its `multifactor` policy. Each must be self-signed and a CA.
   * @default none: every attestation is refused, as by a server that trusts no root
   */
  readonly trustedAttestationRoots?: readonly string[];
  /**
   * The datacenters of the one cloud the emulator serves, each behind its own CloudAPI listener
   * (the first on `port`, the others on free ports), in this order: each has its own machines,
   * images, networks, fabrics, volumes, firewall rules and catalog, and they share the account-wide
   * objects (UFDS: the account, keys, sub-users, roles, policies, their role tags, access keys)
   * and one Manta. Names: letters, digits, `-` and `_`, unique (see emulator/README.md, "Several
   * datacenters").
   * @default one datacenter, the catalog's name (`emulator-1`), exactly as without this option
   */
  readonly datacenters?: readonly string[];
  /**
   * How long (emulator-clock ms) an account-wide write made through one datacenter takes to reach
   * the others and Manta, plus up to 20 % seeded jitter (`seed`); the datacenter written through
   * sees it at once. Only with `datacenters`. @default 0
   */
  readonly replicationDelayMs?: number;
}

/** One datacenter of a running emulator. */
export interface RunningDatacenter {
  readonly name: string;
  readonly cloudapiUrl: string;
}

/** An account as reported at start-up. */
export interface StartedAccount {
  readonly login: string;
  readonly keys: ReadonlyArray<{ readonly name: string; readonly fingerprint: string }>;
}

/** A running emulator. */
export interface RunningEmulator {
  /** The first datacenter's CloudAPI. */
  readonly cloudapiUrl: string;
  /** Every datacenter with its CloudAPI, in the order given (one without `datacenters`). */
  readonly datacenters: readonly RunningDatacenter[];
  readonly mantaUrl: string;
  readonly dataDir: string | undefined;
  readonly accounts: readonly StartedAccount[];
  /**
   * Set when a `demo` account was created with a generated key pair: where the files are. Without a
   * data directory they are in a temporary folder that `close()` removes.
   */
  readonly generatedKey?: {
    readonly privateKeyPath: string;
    readonly publicKeyPath: string;
    readonly fingerprint: string;
  };
  /**
   * The shared context (for tests that want to look inside). With `datacenters` it is Manta's, with
   * `cloud` set; each datacenter's context derives from it (its own name, URLs, directory replica
   * and data folder).
   */
  readonly context: EmulatorContext;
  /**
   * Resolves once every write handled so far is older than the consistency window, so that every
   * read sees it: what a test awaits before it counts the live objects. At once without a window.
   * With an injected clock it resolves soon after the test moves that clock past the window.
   * @param options.stuckAfterMs how long (real ms) an injected clock may stand still before the wait
   *   gives up @default 10000, far longer than a test takes to move its clock on a loaded machine
   * @throws Error when an injected clock does not move for `stuckAfterMs` while waiting
   */
  settled(options?: { readonly stuckAfterMs?: number }): Promise<void>;
  /**
   * Makes an account (when missing) and adds its keys, while running: what `accounts` does at
   * start-up, for a caller that learns the logins later (`triton-iac/testing` adds the accounts
   * of each app it applies).
   * @throws EmulatorStartError `account-key-invalid` for a key that is not an OpenSSH public key
   */
  addAccount(account: EmulatorAccountOption): void;
  /**
   * Resolves once every account-wide write made so far has reached every datacenter and Manta
   * (`replicationDelayMs`); at once when none is pending (and always with one datacenter). With an
   * injected clock, move it past the delay: the wait looks at the clock again every 50 ms.
   */
  replicated(): Promise<void>;
  /**
   * Calls `listener` each time a write has reached every other replica (with the emulator-clock
   * time it did); returns the function that stops it.
   */
  onReplicated(listener: (at: number) => void): () => void;
  /**
   * Stops both listeners (the requests being handled are answered first, later ones refused), writes
   * the state and resolves when done; every acknowledged write is then on disk, and the emulator
   * writes nothing to its data directory any more.
   */
  close(): Promise<void>;
}

/** The signature of the Manta service factory the emulator mounts (`emulator/manta/service.ts`). */
export type MantaServiceFactory = (ctx: EmulatorContext) => Service | Promise<Service>;
