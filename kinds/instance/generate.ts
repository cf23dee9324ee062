/**
 * Machines as `Instance`s: the image as the variable of its look-up (by name and version), the
 * package by name, networks, tags, metadata, the firewall and deletion-protection toggles, a
 * delegated dataset, a stopped machine's state, and the machine's role tags as its `roleTags`. A machine whose name an
 * `Instance` cannot take, one sharing its name with another, or one not running or stopped is
 * left out and named in the notes.
 */
import type { FoundItem, KindGenerator } from '../../provider/generators/types.js';
import { networkList } from '../../provider/generators/fabric.js';
import { managedHandler, mapLimit, roleList, strings } from '../../provider/generators/private/support.js';

/** The names `Instance` accepts (kinds/instance/construct.ts). */
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/;

/** Generates `instance`. */
export const instanceGenerator: KindGenerator = {
  names: ['instance'],
  kinds: ['instance'],
  readOrder: 50,
  order: 60,
  async read(r) {
    if (!r.wants('instance')) return [];
    const machines = await r.attempt('machines', [], () =>
      r.ctx.clients.cloudapi.listMachines(undefined, { signal: r.ctx.signal }),
    );
    const live = machines.filter((m) => m.state !== 'deleted');
    const handler = managedHandler(r.handlers, 'instance');
    const items = await mapLimit(live, 8, async (m): Promise<FoundItem | undefined> => {
      const why =
        !NAME.test(m.name ?? '') || (m.name ?? '').length > 189
          ? `its name ${JSON.stringify(m.name)} is not one an Instance can declare`
          : live.filter((o) => o.name === m.name).length > 1
            ? `another machine has the name ${JSON.stringify(m.name)}`
            : m.state !== 'running' && m.state !== 'stopped'
              ? `it is ${m.state}, neither running nor stopped`
              : undefined;
      if (why !== undefined) {
        r.note(`machine ${m.id} (${m.name ?? ''}): left out, ${why}`);
        return undefined;
      }
      const one = await r.attempt(`machine ${m.name}`, undefined, () =>
        handler.read(r.ctx, { naturalKey: m.name, id: m.id }),
      );
      return one === undefined ? undefined : { kind: 'instance', props: handler.normalizeLive(one) };
    });
    return items.filter((i): i is FoundItem => i !== undefined);
  },
  render(items, w) {
    w.section('Instances (machines)');
    for (const i of items) {
      const p = i.props;
      const name = String(p['name']);
      const image = String(p['image']);
      const networks = strings(p['networks']);
      const map = (field: string): Record<string, unknown> => (p[field] ?? {}) as Record<string, unknown>;
      const roles = strings(p['roleTags']);
      w.construct(
        'Instance',
        name,
        [
          `name: ${w.literal(name)}`,
          `image: ${w.ref('image-lookup', image) ?? w.literal(image)}`,
          `package: ${w.literal(String(p['package']))}`,
          ...(networks.length > 0 ? [`networks: ${networkList(w, networks)}`] : []),
          ...(Object.keys(map('tags')).length > 0 ? [`tags: ${w.value(map('tags'))}`] : []),
          ...(Object.keys(map('metadata')).length > 0 ? [`metadata: ${w.value(map('metadata'))}`] : []),
          ...(p['firewallEnabled'] === true ? ['firewallEnabled: true'] : []),
          ...(p['deletionProtection'] === true ? ['deletionProtection: true'] : []),
          ...(p['delegateDataset'] === true ? ['delegateDataset: true'] : []),
          ...(p['state'] === 'stopped' ? ["state: 'stopped'"] : []),
          ...(roles.length > 0 ? [`roleTags: ${roleList(w, roles)}`] : []),
        ],
        { kind: 'instance', key: name, from: name, suffix: 'Instance' },
      );
    }
  },
};
