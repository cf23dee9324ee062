/**
 * Machines as `Instance`s: the image as the variable of its look-up (by name and version), the
 * package by name, networks, tags, the CNS settings (the `triton.cns.*` tags) as `cns`, metadata
 * with its `user-script`, `cloud-init:user-data` and `user-data` keys as `userScript`,
 * `cloudConfig` and `userData`, root SSH keys other than the account's (what CloudAPI writes at
 * create) as `rootAuthorizedKeys`, the firewall and deletion-protection toggles, a
 * delegated dataset, a stopped machine's state, and the machine's role tags as its `roleTags`.
 * Left out: static addresses (a NIC does not say whether its address was asked for), disks
 * (GetMachine does not show them) and `locality` (create-time hints). A machine whose name an
 * `Instance` cannot take, one sharing its name with another, or one not running or stopped is
 * left out and named in the notes.
 */
import type { FoundItem, KindGenerator } from '../../provider/generators/types.js';
import { networkList } from '../../provider/generators/fabric.js';
import { managedHandler, mapLimit, roleList, strings } from '../../provider/generators/private/support.js';
import { ROOT_KEYS } from './private/instance-boot.js';
import type { InstanceLive } from './handler.js';

/** The metadata keys the construct takes as typed props (constructs/private/instance-boot.ts). */
const BOOT_KEYS = [
  ['userScript', 'user-script'],
  ['cloudConfig', 'cloud-init:user-data'],
  ['userData', 'user-data'],
] as const;

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
    // The text CloudAPI writes as `root_authorized_keys` at create (one line per account key): a
    // machine holding just that is left to the default, one holding other keys declares them.
    const accountKeys = await r.attempt('account keys', undefined, async () =>
      ((await managedHandler(r.handlers, 'key').list!(r.ctx, {})) as { key: string }[])
        .map((k) => `${k.key}\n`)
        .join(''),
    );
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
      if (one === undefined) return undefined;
      const props = { ...handler.normalizeLive(one) } as Record<string, unknown>;
      const rootKeys = (one as InstanceLive).metadata[ROOT_KEYS];
      if (typeof rootKeys === 'string' && rootKeys !== '' && rootKeys !== accountKeys)
        props['rootAuthorizedKeys'] = rootKeys;
      return { kind: 'instance', props };
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
      // The boot keys become their typed props; the rest stays `metadata` (the construct merges them).
      const metadata = { ...map('metadata') };
      const boot = BOOT_KEYS.flatMap(([prop, key]) => {
        const text = metadata[key];
        if (typeof text !== 'string') return [];
        delete metadata[key];
        return [`${prop}: ${w.literal(text)}`];
      });
      const cns = map('cns') as { services?: string[]; disable?: boolean };
      const cnsText = [
        ...((cns.services ?? []).length > 0 ? [`services: ${w.value(cns.services)}`] : []),
        ...(cns.disable === true ? ['disable: true'] : []),
      ];
      const rootKeys = typeof p['rootAuthorizedKeys'] === 'string' ? p['rootAuthorizedKeys'].split('\n') : [];
      w.construct(
        'Instance',
        name,
        [
          `name: ${w.literal(name)}`,
          `image: ${w.ref('image-lookup', image) ?? w.literal(image)}`,
          `package: ${w.literal(String(p['package']))}`,
          ...(networks.length > 0 ? [`networks: ${networkList(w, networks)}`] : []),
          ...(Object.keys(map('tags')).length > 0 ? [`tags: ${w.value(map('tags'))}`] : []),
          ...(cnsText.length > 0 ? [`cns: { ${cnsText.join(', ')} }`] : []),
          ...(Object.keys(metadata).length > 0 ? [`metadata: ${w.value(metadata)}`] : []),
          ...boot,
          ...(rootKeys.some((l) => l !== '')
            ? [`rootAuthorizedKeys: ${w.value(rootKeys.filter((l) => l !== ''))}`]
            : []),
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
