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
   * The seed fields copied before this kind (the account's users, machines…, then the kinds before
   * it by `order`): a kind listed per parent object reads its parents there (fabric networks per
   * copied VLAN, a sub-user's access keys per copied user).
   */
  readonly copied: Readonly<Record<string, unknown>>;
  /** The natural keys of the plan's changes of this kind (empty when the copy is for no plan). */
  readonly touched: readonly string[];
}

/** What a kind's copy read. */
export interface RehearsalCopyResult {
  /** Fields of the emulator's seed (`EmulatorSeed`), by name: `{ volumes: [...] }`. */
  readonly seed: Readonly<Record<string, unknown>>;
  /** Its parts of the report's line (`3 volumes`, `no fabrics in the datacenter`), in order. */
  readonly copied: readonly string[];
  /**
   * What it counts on a line of its own, summed over the kinds giving the same `noun`
   * (`2 access-key records (no secret: …)`); a line whose sum is 0 is left out.
   */
  readonly counted?: readonly { readonly noun: string; readonly n: number }[];
  /** Lines of its own for the report, shown as they are (`2 snapshots of 1 machines`). */
  readonly lines?: readonly string[];
}

/**
 * A kind whose objects a rehearsal's copy holds, with the ids the cloud gave them: every copy (an
 * instance's or a volume's networks name them by id, so the saved plan's ids must resolve there),
 * or a copy for a plan touching the kind. A seed field two kinds fill (the access-key records of
 * the account and of its sub-users) is a list, joined in `order`.
 */
export interface RehearsalCopy<Clients = unknown> {
  /** Where the kind comes among the copied kinds: a kind listed under another comes after it. */
  readonly order: number;
  /**
   * `always`: every copy holds the kind's objects. `touched`: only a copy for a plan that changes
   * objects of the kind, and only what those changes need (the access-key records of their owners).
   * @default 'always'
   */
  readonly when?: 'always' | 'touched';
  /** Reads the kind's objects from the cloud, in the seed's form. */
  copy(ctx: RehearsalCopyContext<Clients>): Promise<RehearsalCopyResult>;
}
