/**
 * How long the emulated cloud's jobs take: a timing profile chosen at start (`--timing`,
 * `--time-scale`). Every job-backed operation (a VMAPI workflow, a VOLAPI or IMGAPI job) answers at
 * once and finishes after its duration on the emulator clock, with the intermediate states the real
 * services show meanwhile (see emulator/README.md, "Jobs and timing", for the durations' sources).
 */

/** The jobs whose durations a profile sets, named after the VMAPI task (or the service's job). */
export type JobKind =
  | 'provision'
  | 'destroy'
  | 'start'
  | 'stop'
  | 'reboot'
  | 'resize'
  | 'rename'
  /** A VMAPI `update` job that is none of the above (firewall, deletion protection). */
  | 'update'
  | 'add_nics'
  | 'remove_nics'
  | 'create_snapshot'
  | 'delete_snapshot'
  | 'rollback_snapshot'
  | 'image_create'
  | 'volume_create'
  | 'volume_delete';

/** The profiles: `fast` for tests (every state visible, milliseconds long), `realistic` for rehearsals and benches. */
export const TIMING_PROFILES = ['fast', 'realistic'] as const;

/** A profile's name. */
export type TimingProfileName = (typeof TIMING_PROFILES)[number];

/** What the emulator was started with. */
export interface TimingOptions {
  /** @default 'fast' */
  readonly profile?: TimingProfileName;
  /** Every duration is multiplied by it (0.1: ten times faster than the profile). @default 1 */
  readonly scale?: number;
  /**
   * How long a provision takes, in ms, exactly (not scaled): `--provision-ms`, kept from before
   * profiles existed. In `fast` the jobs that are a boot long (NIC changes) and a volume's create
   * follow it too, as they always did. @default the profile's
   */
  readonly provisionMs?: number;
}

/** The durations the emulator runs with. */
export interface JobTiming {
  readonly profile: TimingProfileName;
  readonly scale: number;
  /** How long a job of `kind` takes, in emulator-clock ms. */
  ms(kind: JobKind): number;
}

/** `fast`: a few tens of ms, so that a test sees every state without waiting for it. */
const FAST: Readonly<Record<JobKind, number>> = {
  provision: 100,
  destroy: 60,
  start: 30,
  stop: 30,
  reboot: 40,
  resize: 30,
  rename: 20,
  update: 20,
  add_nics: 100,
  remove_nics: 100,
  create_snapshot: 20,
  delete_snapshot: 20,
  rollback_snapshot: 40,
  image_create: 200,
  volume_create: 100,
  volume_delete: 60,
};

/**
 * `realistic`: what the jobs take in a production Triton datacenter (SmartOS zones on an idle
 * compute node), rounded; emulator/README.md gives each one's source.
 */
const REALISTIC: Readonly<Record<JobKind, number>> = {
  provision: 45_000,
  destroy: 15_000,
  start: 10_000,
  stop: 12_000,
  reboot: 20_000,
  resize: 8_000,
  rename: 4_000,
  update: 4_000,
  add_nics: 25_000,
  remove_nics: 25_000,
  create_snapshot: 6_000,
  delete_snapshot: 5_000,
  rollback_snapshot: 25_000,
  image_create: 120_000,
  volume_create: 60_000,
  volume_delete: 20_000,
};

/** The jobs that run as long as a provision in `fast` (they boot a zone), following `--provision-ms`. */
const BOOT_LONG: readonly JobKind[] = ['volume_create', 'add_nics', 'remove_nics'];

/**
 * The timing an emulator runs with.
 * @throws RangeError for an unknown profile or a scale that is not a positive number (the CLI checks both first)
 */
export function jobTiming(options: TimingOptions = {}): JobTiming {
  const profile = options.profile ?? 'fast';
  if (!TIMING_PROFILES.includes(profile)) throw new RangeError(`unknown timing profile ${String(profile)}`);
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`time scale ${scale} is not a positive number`);
  const table = profile === 'fast' ? FAST : REALISTIC;
  const provisionMs = options.provisionMs;
  return {
    profile,
    scale,
    ms(kind) {
      if (provisionMs !== undefined && kind === 'provision') return provisionMs;
      // Kept from before profiles: a NIC job of at least 20 ms, a volume as long as a provision.
      if (provisionMs !== undefined && profile === 'fast' && BOOT_LONG.includes(kind))
        return kind === 'volume_create' ? provisionMs : Math.max(20, provisionMs);
      return Math.round(table[kind] * scale);
    },
  };
}
