/**
 * The account's fabric VLANs and fabric networks: each VLAN a `FabricVlan` variable, each network a
 * `FabricNetwork` on its VLAN's variable (the VLAN id as a number when the program does not declare
 * the VLAN), declared as a variable by its server id so that volumes' and instances' `networks`
 * name it by object. The account's default fabric (GetConfig's `default_network` and its VLAN) is
 * the datacenter's, not the program's: it is left out, a network of the program on its VLAN names
 * the VLAN by number, and instances name the default network by id. Every other VLAN is listed:
 * removing one from the program is an edit whose plan shows the delete.
 */
import type { FoundItem, KindGenerator } from './types.js';
import type { PlainObject } from '../../common/contract/handler.js';
import type { GenerateReadContext } from './types.js';
import { listNormalised, managedHandler, mapLimit, strings } from './private/support.js';
import { VLANS_PATH } from '../../kinds/fabric-vlan/handler.js';
import { defaultFabricOf } from '../handlers/default-fabric.js';

/** Generates `fabric-vlan` and `fabric-network`. */
export const fabricGenerator: KindGenerator = {
  names: ['fabric-vlan', 'fabric-network'],
  kinds: ['fabric-vlan', 'fabric-network'],
  readOrder: 45,
  order: 52,
  async read(r) {
    if (!r.wants('fabric-vlan') && !r.wants('fabric-network')) return [];
    const vlans = await r.attempt('fabric VLANs', [] as FoundItem[], async () =>
      (await listNormalised(r, 'fabric-vlan')).map((props) => ({ kind: 'fabric-vlan', props })),
    );
    const networks = r.wants('fabric-network')
      ? (
          await mapLimit(vlans, 4, (v) =>
            r.attempt(`fabric networks of VLAN ${String(v.props['vlanId'])}`, [] as FoundItem[], async () =>
              (await networksOn(r, Number(v.props['vlanId']))).map((props) => ({ kind: 'fabric-network', props })),
            ),
          )
        ).flat()
      : [];
    const fabric = await defaultFabricOf(r.ctx);
    return [
      ...(r.wants('fabric-vlan') ? vlans.filter((v) => Number(v.props['vlanId']) !== fabric?.vlanId) : []),
      ...networks.filter((n) => n.props['id'] !== fabric?.networkId),
    ];
  },
  render(items, w) {
    const vlans = items.filter((i) => i.kind === 'fabric-vlan');
    const networks = items.filter((i) => i.kind === 'fabric-network');
    if (vlans.length > 0) w.section("Fabric VLANs of the account's default fabric");
    for (const v of vlans) {
      const p = v.props;
      const name = String(p['name']);
      w.construct(
        'FabricVlan',
        name,
        [
          `vlanId: ${Number(p['vlanId'])}`,
          `name: ${w.literal(name)}`,
          ...(typeof p['description'] === 'string' && p['description'] !== ''
            ? [`description: ${w.literal(p['description'])}`]
            : []),
        ],
        { kind: 'fabric-vlan', key: String(p['vlanId']), from: name, suffix: 'Vlan' },
      );
    }
    if (networks.length > 0) w.section('Fabric networks (instances and volumes name them by variable)');
    for (const n of networks) {
      const p = n.props;
      const name = String(p['name']);
      const vlanId = Number(p['vlanId']);
      const text = (field: string): string[] =>
        typeof p[field] === 'string' && p[field] !== '' ? [`${field}: ${w.literal(p[field])}`] : [];
      const resolvers = strings(p['resolvers']);
      const routes = (p['routes'] ?? {}) as Record<string, unknown>;
      w.construct(
        'FabricNetwork',
        name,
        [
          `vlan: ${w.ref('fabric-vlan', String(vlanId)) ?? String(vlanId)}`,
          `name: ${w.literal(name)}`,
          ...text('description'),
          ...text('subnet'),
          ...text('provisionStartIp'),
          ...text('provisionEndIp'),
          ...text('gateway'),
          ...(resolvers.length > 0 ? [`resolvers: ${w.value(resolvers)}`] : []),
          ...(Object.keys(routes).length > 0 ? [`routes: ${w.value(routes)}`] : []),
          ...(p['internetNat'] === false ? ['internetNat: false'] : []),
        ],
        { kind: 'fabric-network', key: String(p['id']), from: name, suffix: 'Network' },
      );
    }
  },
};

/** The networks on one VLAN, normalised by the handler (the kind lists them per VLAN, which its handler has no `list` for). */
async function networksOn(r: GenerateReadContext, vlanId: number): Promise<PlainObject[]> {
  const live = await r.ctx.clients.cloudapi.call<unknown[]>(
    {
      operation: 'ListFabricNetworks',
      method: 'GET',
      path: [...VLANS_PATH, String(vlanId), 'networks'],
      expect: 'list',
    },
    { signal: r.ctx.signal },
  );
  const handler = managedHandler(r.handlers, 'fabric-network');
  return live.map((l) => handler.normalizeLive(l));
}

/** A list of network ids as the program writes it: each declared network by its variable, others by id. */
export function networkList(
  w: { ref(kind: string, key: string): string | undefined; literal(t: string): string },
  ids: readonly string[],
): string {
  return `[${ids.map((id) => w.ref('fabric-network', id) ?? w.literal(id)).join(', ')}]`;
}
