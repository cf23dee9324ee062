/**
 * An instance's NFS volume mounts on the wire: the declared mounts normalised for comparing, and as
 * CreateMachine takes them (by volume name).
 */
import type { HandlerContext, PlainValue } from '../../../common/contract/handler.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import { byCodePoint } from '../../../provider/handlers/private/normalize.js';
import { INSTANCE_DEFAULTS as DEFAULTS } from './instance-defaults.js';

/** The declared volume mounts (volume id or name, mount point, mode), sorted by mount point. */
export function volumeMounts(value: readonly PlainValue[]): { volume: string; mountpoint: string; mode: string }[] {
  return value
    .map((v) => {
      const m = (v ?? {}) as Record<string, PlainValue>;
      const mode = String(m['mode'] ?? DEFAULTS.mountMode);
      return { volume: String(m['volume']), mountpoint: String(m['mountpoint']), mode };
    })
    .sort((a, b) => byCodePoint(a.mountpoint, b.mountpoint));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mounts as CreateMachine takes them: by volume name, so a volume given by id (a reference to a
 * Volume, which keeps the declaration stable when the volume is renamed) is looked up first.
 */
export async function wireMounts(
  ctx: HandlerContext<Clients>,
  value: readonly PlainValue[],
): Promise<{ name: string; type: 'tritonnfs'; mountpoint: string; mode: string }[]> {
  const out = [];
  for (const m of volumeMounts(value)) {
    const name = UUID.test(m.volume)
      ? (
          await ctx.clients.cloudapi.call<{ name: string }>(
            { operation: 'GetVolume', method: 'GET', path: ['volumes', m.volume], expect: 'object' },
            { signal: ctx.signal },
          )
        ).name
      : m.volume;
    out.push({ name, type: 'tritonnfs' as const, mountpoint: m.mountpoint, mode: m.mode });
  }
  return out;
}
