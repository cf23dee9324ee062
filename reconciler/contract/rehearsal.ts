/**
 * The contract's part for `triton-iac rehearse`: what a kind adds to a rehearsal's copy of the
 * account. The copy (`cli/rehearse/`) loops over the handlers that offer a {@link RehearsalCopy},
 * so it names no kind and calls no kind's API itself: each kind reads its own objects, as its
 * handler reads them for a plan, and answers them in the emulator's seed form (`EmulatorSeed`,
 * `emulator/seed.ts`), which the emulator writes into the copy's data directory. Only reads.
 */

/** A read that records its failure for the report and answers `undefined` (the copy then runs without it). */
export type TryRead = <T>(what: string, read: () => Promise<T>) => Promise<T | undefined>;

/** What a kind's copy is given. */
export interface RehearsalCopyContext<Clients = unknown> {
  readonly clients: Clients;
  readonly signal: AbortSignal;
  readonly tryRead: TryRead;
  /**
   * The seed fields the kinds copied before this one filled (by `order`): a kind listed per
   * parent object reads its parents there (fabric networks per copied VLAN).
   */
  readonly copied: Readonly<Record<string, unknown>>;
}

/** What a kind's copy read. */
export interface RehearsalCopyResult {
  /** Fields of the emulator's seed (`EmulatorSeed`), by name: `{ volumes: [...] }`. */
  readonly seed: Readonly<Record<string, unknown>>;
  /** Its parts of the report's line (`3 volumes`, `no fabrics in the datacenter`), in order. */
  readonly copied: readonly string[];
}

/**
 * A kind whose objects every rehearsal's copy holds (an instance's or a volume's networks name
 * them by id, so the saved plan's ids must resolve there), with the ids the cloud gave them.
 */
export interface RehearsalCopy<Clients = unknown> {
  /** Where the kind comes among the copied kinds: a kind listed under another comes after it. */
  readonly order: number;
  /** Reads the kind's objects from the cloud, in the seed's form. */
  copy(ctx: RehearsalCopyContext<Clients>): Promise<RehearsalCopyResult>;
}
