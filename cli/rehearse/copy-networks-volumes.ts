/**
 * The parts of a rehearsal's copy beyond identities, machines, images, firewall rules, the catalog
 * and Manta: the objects of every kind whose handler offers a rehearsal copy (`RehearsalCopy`,
 * `common/contract/rehearsal.ts`): the account's fabric VLANs and networks and its NFS volumes,
 * which every copy holds since an instance's or a volume's networks name them by id; for a plan
 * touching them, the snapshots of its instances and the access-key records of its keys' owners
 * (never a secret: the copy makes its own). Each kind reads its own objects, with the cloud's ids,
 * so the saved plan's ids apply; this file names no kind. Only reads.
 */
import type { EmulatorSeed } from '../../emulator/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type { AnyHandler } from '../../common/contract/handler.js';
import type { RehearsalCopy, TryRead } from '../../common/contract/rehearsal.js';

/** The handlers' rehearsal copies with their kinds, in their order. */
function rehearsalCopies(handlers: Iterable<AnyHandler>): { kind: string; hook: RehearsalCopy<Clients> }[] {
  return [...handlers]
    .flatMap((h) =>
      h.mode === 'managed' && h.rehearsalCopy !== undefined
        ? [{ kind: h.kind, hook: h.rehearsalCopy as RehearsalCopy<Clients> }]
        : [],
    )
    .sort((a, b) => a.hook.order - b.hook.order);
}

/** The plan a copy is for: the natural keys of its changes of a kind, and the seed fields already read. */
export interface CopyPlanContext {
  readonly touched: (kind: string) => readonly string[];
  /** The seed fields read before the kinds' copies (the account's users, machines…). */
  readonly base: Readonly<Record<string, unknown>>;
}

/**
 * What the copy holds of the kinds whose handler offers a rehearsal copy: every copy those of
 * `when: 'always'`, a copy for a plan those it touches too. Answers the seed fields they filled,
 * the report's line (`3 fabric VLANs, 3 fabric networks, 1 volumes (ids as in the cloud)`) and the
 * lines they count on their own.
 * @param handlers the handler map (default: the built-in handlers)
 */
export async function copyFabricsAndVolumes(
  clients: Clients,
  signal: AbortSignal,
  tryRead: TryRead,
  handlers: Iterable<AnyHandler> = defaultHandlers().values(),
  plan: CopyPlanContext = { touched: () => [], base: {} },
): Promise<{ seed: Partial<EmulatorSeed>; copied: string; lines: readonly string[] }> {
  const seed: Record<string, unknown> = {};
  const parts: string[] = [];
  const counts = new Map<string, number>();
  const lines: string[] = [];
  for (const { kind, hook } of rehearsalCopies(handlers)) {
    const touched = plan.touched(kind);
    if (hook.when === 'touched' && touched.length === 0) continue;
    const got = await hook.copy({ clients, signal, tryRead, copied: { ...plan.base, ...seed }, touched });
    // A field two kinds fill is a list: joined in their order.
    for (const [field, value] of Object.entries(got.seed))
      seed[field] =
        Array.isArray(value) && Array.isArray(seed[field]) ? [...(seed[field] as unknown[]), ...value] : value;
    parts.push(...got.copied);
    for (const c of got.counted ?? []) counts.set(c.noun, (counts.get(c.noun) ?? 0) + c.n);
    lines.push(...(got.lines ?? []));
  }
  // Each kind answers its objects in the seed's form (the contract says so; the provider may not
  // import the emulator's types), which the rehearse tests hold to the emulator's seed writer.
  return {
    seed: seed as Partial<EmulatorSeed>,
    copied: `${parts.join(', ')} (ids as in the cloud)`,
    lines: [...lines, ...[...counts].filter(([, n]) => n > 0).map(([noun, n]) => `${n} ${noun}`)],
  };
}
