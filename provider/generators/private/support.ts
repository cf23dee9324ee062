/** Small helpers the generators share: the managed handler of a kind, a bounded map, key labels, Manta path forms. */
import type { AnyHandler, PlainObject, ResourceHandler } from '../../../common/contract/handler.js';
import type { Clients } from '../../handlers/clients.js';
import type { GenerateReadContext, ProgramWriter } from '../types.js';

/** The managed handler of `kind`. @throws Error when there is none (a generator registered without its handler) */
export function managedHandler(
  handlers: ReadonlyMap<string, AnyHandler>,
  kind: string,
): ResourceHandler<unknown, Clients> {
  const h = handlers.get(kind);
  if (h === undefined || h.mode !== 'managed') throw new Error(`no managed handler for kind ${kind}`);
  return h as ResourceHandler<unknown, Clients>;
}

/** Every live object of `kind` (under `parent`), normalised: the manifest shape the next plan compares. */
export async function listNormalised(r: GenerateReadContext, kind: string, parent?: string): Promise<PlainObject[]> {
  const handler = managedHandler(r.handlers, kind);
  const live = await handler.list!(r.ctx, parent !== undefined ? { parent } : {});
  return live.map((l) => handler.normalizeLive(l));
}

/** `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A key's label: its name, or the last 12 hex digits of its fingerprint. */
export function keyLabel(props: Readonly<Record<string, unknown>>): string {
  const name = props['name'];
  if (typeof name === 'string' && name !== '' && name !== props['fingerprint']) return name;
  return String(props['fingerprint'] ?? '')
    .replace(/[^0-9a-f]/gi, '')
    .slice(-12);
}

/** A key's name when it has one other than its fingerprint. */
export function keyName(props: Readonly<Record<string, unknown>>): string | undefined {
  const name = props['name'];
  return typeof name === 'string' && name !== '' && name !== props['fingerprint'] ? name : undefined;
}

/** A key as listed (the text the normalised form leaves out), in the manifest's shape. */
export function keyProps(
  k: { key: string; fingerprint: string; name?: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  const name = keyName(k);
  return { ...extra, key: k.key.trim(), fingerprint: k.fingerprint, ...(name !== undefined ? { name } : {}) };
}

/** Manta path forms: `~~/stor/a` for the program, `stor/a` for ids and files. */
export function mantaPath(account: string): { tilde(path: string): string; rel(path: string): string } {
  const prefix = `/${account}/`;
  const rel = (path: string): string =>
    path.startsWith(prefix) ? path.slice(prefix.length) : path.replace(/^\/+/, '');
  return { rel, tilde: (path) => `~~/${rel(path)}` };
}

/** A path segment safe as a folder or file name (no `.`/`..`, no separators or control characters). */
export function safeSegment(segment: string): string {
  const cleaned = [...segment].map((c) => (c === '\\' || c.charCodeAt(0) < 0x20 ? '_' : c)).join('');
  return cleaned === '.' || cleaned === '..' || cleaned === '' ? '_' : cleaned;
}

/** A list property as strings (empty when absent). */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** `[opsRole, 'unknown']`: each role by its variable when the program declares it, else by name. */
export function roleList(w: Pick<ProgramWriter, 'ref' | 'literal'>, names: readonly string[]): string {
  return `[${names.map((n) => w.ref('role', n) ?? w.literal(n)).join(', ')}]`;
}
