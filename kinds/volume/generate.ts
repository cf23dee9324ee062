/**
 * NFS volumes as `Volume`s: the size when it is not the default, the networks as the
 * `FabricNetwork` variables (by id when the program does not declare the network), the tags. Each
 * is a variable by its server id, for the instances that mount it. A volume that is neither ready
 * nor being created (failed, being deleted) is left out and named in the notes.
 */
import type { FoundItem, KindGenerator } from '../../provider/generators/types.js';
import { numberDefault } from '../../common/kinds/defaults.js';
import { volume } from './descriptor.js';
import { networkList } from '../../provider/generators/fabric.js';
import { listNormalised, strings } from '../../provider/generators/private/support.js';

/** The size a `Volume` takes when none is given (MiB): the descriptor's default. */
const DEFAULT_SIZE = numberDefault(volume, 'size');

/** Generates `volume`. */
export const volumeGenerator: KindGenerator = {
  names: ['volume'],
  kinds: ['volume'],
  readOrder: 47,
  order: 55,
  async read(r) {
    if (!r.wants('volume')) return [];
    const live = await r.attempt('volumes', [], () => listNormalised(r, 'volume'));
    if (live.length > 0)
      r.note(
        'volume mounts: not read (GetMachine does not return the volumes an instance mounts), so no Instance declares `volumes`; adding them to an existing Instance later plans its replacement',
      );
    return live.flatMap((props): FoundItem[] => {
      if (props['state'] === 'ready' || props['state'] === 'creating') return [{ kind: 'volume', props }];
      r.note(`volume ${String(props['id'])} (${String(props['name'])}): left out, it is ${String(props['state'])}`);
      return [];
    });
  },
  render(items, w) {
    w.section('NFS volumes (which instance mounts one cannot be read: see the notes)');
    for (const v of items) {
      const p = v.props;
      const name = String(p['name']);
      const networks = strings(p['networks']);
      const tags = (p['tags'] ?? {}) as Record<string, unknown>;
      w.construct(
        'Volume',
        name,
        [
          `name: ${w.literal(name)}`,
          ...(Number(p['size']) !== DEFAULT_SIZE ? [`size: ${Number(p['size'])}`] : []),
          ...(networks.length > 0 ? [`networks: ${networkList(w, networks)}`] : []),
          ...(Object.keys(tags).length > 0 ? [`tags: ${w.value(tags)}`] : []),
        ],
        { kind: 'volume', key: String(p['id']), from: name, suffix: 'Volume' },
      );
    }
  },
};
