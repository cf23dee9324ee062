/**
 * Reading ahead for a plan: the collections that the state of a stack's last run names are listed
 * before the stack's manifest exists, while the app is still being loaded and synthesized. A plan is
 * mostly waiting for answers, and the app's synth (tens of milliseconds for a thousand resources)
 * used to come before the first request: now the first answers arrive meanwhile.
 *
 * Nothing is guessed about the cloud: a listing is a plain read of one collection, the same
 * whichever manifest asked for it, and the plan uses one only when it reads through the very
 * clients the listing was made with (see `readLive`). What the state does not name (a new user's
 * keys, an object read on its own) is read as before, after synth.
 */
import type { StackManifest } from '../../common/manifest.js';
import { readFile } from 'node:fs/promises';
import { parseStateDocument, type StateDocument } from '../state/document.js';
import { localStatePath, type ParsedStateFile } from '../state/local-backend.js';
import type { ListedAhead } from './listed-ahead.js';
import { listCollection, readsOf, runPool, withSharedListings } from './live-reader.js';
import { readTargetsOf } from './plan-against-live.js';
import { createRunContext } from './private/run-context.js';
import type { EngineClients, EngineOptions } from './api-types.js';

/**
 * Collections listed from a state before the plan that will use them (see the module comment),
 * through clients of type `C` (the caller's, given back as they came).
 */
export class ReadAhead<C extends EngineClients = EngineClients> implements ListedAhead<C> {
  /** The stack whose state named the collections. */
  readonly stack: string;
  /** That state's account. */
  readonly account: string;
  readonly clients: C;
  readonly sharedClients: C;
  /** How many listings it started at once (each sends a request first). */
  readonly firstRequests: number;
  /** The state file the collections were named by, until the plan's read takes it (see {@link takeStateFile}). */
  private parsedState: ParsedStateFile | undefined;
  private readonly listings = new Map<string, Promise<readonly unknown[]>>();
  private stopped = false;
  private takenCount = 0;

  private constructor(doc: StateDocument, options: EngineOptions<C>) {
    this.stack = doc.stack;
    this.account = doc.account;
    this.clients = options.clients;
    this.sharedClients = withSharedListings(options.clients);
    const stack: StackManifest = { name: doc.stack, account: doc.account, resources: [] };
    const run = createRunContext(stack, options, options.handlers);
    const ctx = { ...run.ctx, clients: this.sharedClients };
    const retry = run.retryFor('(read ahead)', { cancellable: true });
    const tasks: (() => Promise<void>)[] = [];
    for (const [key, read] of readsOf(readTargetsOf([], doc), options.handlers)) {
      if (!('handler' in read)) continue;
      let settle!: { resolve: (objects: readonly unknown[]) => void; reject: (error: unknown) => void };
      const listing = new Promise<readonly unknown[]>((resolve, reject) => (settle = { resolve, reject }));
      // A failed listing is met by the read that takes it, which lists again; one nobody takes is moot.
      listing.catch(() => undefined);
      this.listings.set(key, listing);
      tasks.push(() =>
        this.stopped
          ? Promise.resolve(settle.reject(new Error('reading ahead was stopped')))
          : listCollection(read, ctx, retry).then(settle.resolve, settle.reject),
      );
    }
    this.firstRequests = Math.min(run.parallelism, tasks.length);
    void runPool(tasks, run.parallelism);
  }

  /**
   * Starts listing every collection `doc` names, through `options.clients` (with its handlers,
   * parallelism and consistency window); returns at once.
   */
  static start<C extends EngineClients>(doc: StateDocument, options: EngineOptions<C>): ReadAhead<C> {
    return new ReadAhead(doc, options);
  }

  take(key: string): Promise<readonly unknown[]> | undefined {
    const listing = this.listings.get(key);
    if (listing === undefined) return undefined;
    // Once: a later read of the same collection (a drift's confirming read) must list it afresh.
    this.listings.delete(key);
    this.takenCount++;
    return listing;
  }

  get taken(): number {
    return this.takenCount;
  }

  /**
   * The state file this read-ahead parsed (when it started from one), for the plan's own read of it:
   * given out once, since the plan then owns the document.
   */
  takeStateFile(): ParsedStateFile | undefined {
    const parsed = this.parsedState;
    this.parsedState = undefined;
    return parsed;
  }

  /**
   * Starts reading ahead for a plan of the stack `name` from its state in the local file the engine
   * keeps for it by default (`.triton-iac/<name>.state.json` under `options.workDir`), through the
   * clients `connect` makes for that state's account. `undefined` when there is no such state, it
   * names no object, or it cannot be read (the plan then reads it, and reports what is wrong).
   */
  static async fromLocalState<C extends EngineClients>(
    name: string,
    options: Omit<EngineOptions<C>, 'clients'> & { readonly connect: (account: string) => Promise<C> },
  ): Promise<ReadAhead<C> | undefined> {
    const location = localStatePath(options.workDir, name);
    let text: string;
    let doc: StateDocument;
    try {
      text = await readFile(location, 'utf8');
      doc = parseStateDocument(text, location);
    } catch {
      return undefined;
    }
    if (doc.stack !== name || doc.resources.length === 0) return undefined;
    const { connect, ...rest } = options;
    const ahead = ReadAhead.start(doc, { ...rest, clients: await connect(doc.account) });
    ahead.parsedState = { location, text, doc };
    return ahead;
  }

  /** Starts nothing more (the plan went another way); listings in flight finish unused. */
  stop(): void {
    this.stopped = true;
  }
}
