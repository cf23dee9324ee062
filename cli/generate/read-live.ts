/**
 * Reads a live account into a {@link FoundAccount} by running each kind's generator
 * (`provider/generators/`) in its read order, through the same resource handlers plan and apply
 * use (so a value is read exactly as the next plan will read it), with the identity the clients
 * sign as: a sub-user gets what it may read, and every kind it may not read is named in the notes
 * instead of failing the whole run.
 */
import type { Clients } from '../../provider/handlers/clients.js';
import type { FoundItem, GenerateReadContext, KindGenerator } from '../../provider/generators/index.js';
import type { AnyHandler, HandlerContext } from '../../common/contract/handler.js';
import { refusalReason } from '../private/read-helpers.js';
import type { FoundAccount, SkippedObject } from './model.js';

/** How to read the account. */
export interface ReadLiveOptions {
  readonly clients: Clients;
  readonly handlers: ReadonlyMap<string, AnyHandler>;
  readonly generators: readonly KindGenerator[];
  readonly account: string;
  /** Who signs (for the notes): the sub-user login, when not the account owner. */
  readonly user?: string;
  /** The `--kinds` names to read (each one of a generator's `names`). */
  readonly kinds: ReadonlySet<string>;
  /** Largest object whose content is downloaded, in bytes; larger ones are skipped. */
  readonly maxObjectBytes: number;
  /** Download no object content (every object is skipped). */
  readonly skipContent: boolean;
  readonly signal: AbortSignal;
}

/** Reads everything `opts.kinds` names. */
export async function readLiveAccount(opts: ReadLiveOptions): Promise<FoundAccount> {
  const notes: string[] = [];
  const skipped: SkippedObject[] = [];
  const found: FoundItem[] = [];
  const ctx: HandlerContext<Clients> = {
    clients: opts.clients,
    account: opts.account,
    signal: opts.signal,
    log: { debug: () => undefined, info: () => undefined, warn: (m) => void notes.push(m) },
    secrets: {
      resolve: () => {
        throw new Error('generate reads only; it resolves no secret');
      },
    },
  };
  const owner = new Map<string, KindGenerator>();
  for (const g of opts.generators) for (const k of g.kinds) owner.set(k, g);
  const r: GenerateReadContext = {
    ctx,
    handlers: opts.handlers,
    account: opts.account,
    found,
    taggedPathOf: (item) => owner.get(item.kind)?.taggedPath?.(item, opts.account),
    wants: (name) => opts.kinds.has(name),
    async attempt(what, empty, read) {
      try {
        return await read();
      } catch (err) {
        notes.push(`${what}: not read (${refusalReason(err)})`);
        return empty;
      }
    },
    note: (line) => void notes.push(line),
    skip: (path, size, reason) => void skipped.push({ path, size, reason }),
    maxObjectBytes: opts.maxObjectBytes,
    skipContent: opts.skipContent,
  };
  for (const g of [...opts.generators].sort((a, b) => a.readOrder - b.readOrder)) found.push(...(await g.read(r)));
  return {
    account: opts.account,
    source: `account ${opts.account}${opts.user !== undefined ? ` (as sub-user ${opts.user})` : ''}`,
    items: found,
    skippedObjects: skipped,
    notes,
  };
}
