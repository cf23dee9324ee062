/**
 * The contract between `triton-iac generate` (`cli/generate/`, which names no kind) and the kinds:
 * each kind's objects are read from the account and written as constructs by a {@link KindGenerator}
 * registered in `provider/generators/index.ts`. A kind whose construct takes its manifest
 * properties as they are needs no generator of its own: its descriptor's `generate` rule drives the
 * generic one (`descriptor-generator.ts`).
 */
import type { KindDescriptor } from '../../common/kinds/index.js';
import type { AnyHandler, HandlerContext } from '../../common/contract/handler.js';
import type { Clients } from '../handlers/clients.js';

/** One object found, in its manifest shape (what a construct would render), by kind. */
export interface FoundItem {
  readonly kind: string;
  /** The properties as the kind's manifest carries them (logins, names, canonical paths, not ids). */
  readonly props: Readonly<Record<string, unknown>>;
  /** Bytes to write beside the program (an object's content). */
  readonly content?: Buffer;
}

/** What a generator reads with. */
export interface GenerateReadContext {
  readonly ctx: HandlerContext<Clients>;
  readonly handlers: ReadonlyMap<string, AnyHandler>;
  readonly account: string;
  /** What the generators read before this one (role tags are read for their paths). */
  readonly found: readonly FoundItem[];
  /** The CloudAPI path role tags are set on for `item`, from the generator that read it. */
  taggedPathOf(item: FoundItem): string | undefined;
  /** Whether `--kinds` asks for `name` (one of a generator's {@link KindGenerator.names}). */
  wants(name: string): boolean;
  /** Runs a read; a refusal (403, a kind the cloud lacks) becomes a note naming `what` and an empty result. */
  attempt<T>(what: string, empty: T, read: () => Promise<T>): Promise<T>;
  /** A line for the "Not read" list. */
  note(line: string): void;
  /** An object left out of the program, listed with the reason. */
  skip(path: string, size: number, reason: string): void;
  /** Largest object whose content is downloaded, in bytes. */
  readonly maxObjectBytes: number;
  /** Download no object content. */
  readonly skipContent: boolean;
}

/** Declares the variable of the object a construct makes, so later constructs refer to it. */
export interface Declaration {
  /** The kind and key later constructs look it up by (`ref(kind, key)`). */
  readonly kind: string;
  readonly key: string;
  /** The text the variable name is made from (`read-only`) and its suffix (`Policy`). */
  readonly from: string;
  readonly suffix?: string;
  /** The CloudAPI path its role tags are set on, so a role tag there refers to it. */
  readonly taggedPath?: string;
  /** What a reference to it writes after the variable (`.imageId` for an image look-up). */
  readonly attribute?: string;
}

/** What a generator writes the program with (`cli/generate/render.ts`). */
export interface ProgramWriter {
  /** The account login the stack is for. */
  readonly account: string;
  /** Where passwords come from: an environment variable each, or none (a random one at create). */
  readonly passwords: 'env' | 'generated';
  /** A comment line (or lines) opening a group of constructs. */
  section(...comment: string[]): void;
  /**
   * A construct statement: `new <cls>(stack, <id>, { …props })`, or a static call when `cls` has a
   * dot (`Image.lookup`). `props` are written as given (`name: 'x'`). With `declares`, a variable
   * is written when something refers to it. `props` may be a function of the construct id given
   * (made unique from `idText`), for a construct whose `name` defaults to its id.
   */
  construct(
    cls: string,
    idText: string,
    props: readonly string[] | ((id: string) => readonly string[]),
    declares?: Declaration,
  ): void;
  /** A reference to an object declared earlier (marking its variable used), or undefined. */
  ref(kind: string, key: string): string | undefined;
  /** A reference to the declared object whose role tags live at `path`, or undefined. */
  refByPath(path: string): string | undefined;
  /** `text` as a TypeScript string literal. */
  literal(text: string): string;
  /** Any JSON value as a TypeScript expression (objects' keys quoted when they must be). */
  value(value: unknown): string;
  /** Writes `data` to `dir/name` beside the program and returns the expression of its path. */
  file(dir: string, name: string, data: string | Buffer): string;
  /** A `Secret.fromEnv('<LOGIN>_PASSWORD')` placeholder for the password of `login`, listed for the user. */
  passwordOf(login: string): string;
  /** A name the program must import (`Role` for `Role.ACCOUNT_OWNER`). */
  use(name: string): void;
  /** A construct-id-safe and file-safe form of `text`. */
  fileName(text: string): string;
}

/** Reads one or more kinds from the account and writes them as constructs. */
export interface KindGenerator {
  /** What `generate --kinds` calls it (the kind name, or `image` for image look-ups). */
  readonly names: readonly string[];
  /** The kinds of the items it reads and writes. */
  readonly kinds: readonly string[];
  /** When it reads: a generator may use what ran before (role tags use every tagged path). */
  readonly readOrder: number;
  /** Where its constructs come in the program: a construct can refer only to those above it. */
  readonly order: number;
  /** Reads its objects (only those `--kinds` wants). */
  read(r: GenerateReadContext): Promise<FoundItem[]>;
  /** Writes `items` (of its {@link kinds}, read live or from a manifest). */
  render(items: readonly FoundItem[], w: ProgramWriter): void;
  /** The CloudAPI path role tags are set on for one of its items, when a role tag can name it. */
  taggedPath?(item: FoundItem, account: string): string | undefined;
}

/** A descriptor's {@link KindDescriptor.generate} rule, for the generic generator. */
export type DescribedKind = KindDescriptor & { readonly generate: NonNullable<KindDescriptor['generate']> };
