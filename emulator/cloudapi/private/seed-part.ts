/**
 * A kind's part of an emulator seed (`emulator/seed.ts`): the records its store keeps, made from
 * the plain values a seed gives, for one account. Each kind whose store persists a part of its own
 * writes its seed beside the store (`volume-seed.ts`, …), and the seed writer loops over them.
 */

/** The part file a seed writes, and what it holds. */
export interface SeedPart {
  /** The persistence part name (`volumes` → `<dataDir>/volumes.json`). */
  readonly part: string;
  readonly data: unknown;
}

/**
 * Makes a kind's part from its slice of the seed, for account `owner` (its id); `now` (ISO 8601)
 * stands in for times the seed leaves out.
 */
export type SeedPartWriter<Slice> = (owner: string, seed: Slice, now: string) => SeedPart;

/** The slice of the seed a {@link SeedPartWriter} reads. */
export type SliceOf<Writer> = Writer extends SeedPartWriter<infer Slice> ? Slice : never;
