/**
 * What the Manta namespace (`namespace.ts`) takes and gives: an object write's metadata, a listing's
 * options and page, and the extra state saved in its snapshot.
 */
import type { ListingEntry } from './entries.js';

/** Metadata of an object write, taken from the request headers. */
export interface ObjectMeta {
  readonly contentType: string;
  readonly durability: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Role tags to set; `undefined` keeps none on a new object. */
  readonly roleTags?: readonly string[] | undefined;
}

/** Options of a directory listing. */
export interface ListOptions {
  /** Page size, 1–1024. */
  readonly limit: number;
  /** Inclusive start: entries whose name sorts at or after it. */
  readonly marker?: string | undefined;
}

/** A page of a directory listing. */
export interface Listing {
  readonly entries: ListingEntry[];
  /** Number of entries in the whole directory (`Result-Set-Size`). */
  readonly total: number;
}

/** Extra state (jobs, uploads) saved in the same atomic snapshot as the namespace. */
export interface PersistedSection {
  dump(): unknown;
  load(data: unknown): void;
}
