/**
 * An instance's metadata as the handler compares and writes it: string values, the keys the server
 * keeps left out (never compared, shown, recorded or deleted).
 */
import type { Clients } from '../../../provider/handlers/clients.js';
import { byCodePoint } from '../../../provider/handlers/private/normalize.js';
import type { HandlerContext, ResolvedProperties } from '../../../common/contract/handler.js';
import { isServerMetadataKey } from '../descriptor.js';

/**
 * Metadata keys the server keeps (`root_authorized_keys`, `administrator_pw`, `credentials`, any
 * `*_pw`): never compared, shown, recorded or removed; a password among them must not reach a plan,
 * a state file or a generated program.
 */
export const SERVER_METADATA = isServerMetadataKey;

/** `value`'s entries as strings (JSON for other values), sorted, without the keys `skip` picks. */
export function stringMap(value: unknown, skip: (key: string) => boolean = () => false): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !skip(k))
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const)
      .sort(([a], [b]) => byCodePoint(a, b)),
  );
}

/** Makes the metadata exactly the declared keys (the server's own keys aside). */
export async function syncMetadata(
  ctx: HandlerContext<Clients>,
  id: string,
  desired: ResolvedProperties,
): Promise<void> {
  const want = stringMap(desired['metadata'], SERVER_METADATA);
  const machine = await ctx.clients.cloudapi.getMachine(id, { signal: ctx.signal });
  const have = stringMap(machine.metadata, SERVER_METADATA);
  const changed = Object.fromEntries(Object.entries(want).filter(([k, v]) => have[k] !== v));
  if (Object.keys(changed).length > 0)
    await ctx.clients.cloudapi.addMachineMetadata(id, changed, { signal: ctx.signal });
  for (const key of Object.keys(have))
    if (want[key] === undefined) await ctx.clients.cloudapi.deleteMachineMetadata(id, key, { signal: ctx.signal });
}
