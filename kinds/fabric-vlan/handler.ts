/**
 * `fabric-vlan`: one VLAN of the account's default fabric. The VLAN id is the server's only
 * identifier (`/fabrics/default/vlans/<vlan_id>`), so it is the id and the natural key; the name and
 * description change in place with UpdateFabricVLAN. A new VLAN id is another VLAN, which can exist
 * beside the old one: it is made first, the old one's networks are replaced onto it, and the old VLAN
 * is deleted last (CloudAPI refuses deleting a VLAN a network is on).
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { desiredOptionals, liveOptionals } from '../../provider/handlers/private/normalize.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import type { PlainObject, ResolvedProperties, ResourceHandler } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { fabricVlan as fabricVlanKind } from './descriptor.js';
import { defaultFabricOf, defaultFabricReason, knownDefaultFabric } from '../../provider/handlers/default-fabric.js';
import { TritonApiError } from '../../provider/errors.js';

/** A fabric VLAN as CloudAPI answers it. */
export interface FabricVlanLive {
  readonly vlan_id: number;
  readonly name: string;
  readonly description?: string;
}

/** The collection's path segments under the account. */
export const VLANS_PATH = ['fabrics', 'default', 'vlans'] as const;

function body(desired: ResolvedProperties): Record<string, unknown> {
  return { name: String(desired['name']), ...desiredOptionals(desired, ['description']) };
}

/** The `fabric-vlan` handler. */
export const fabricVlanHandler: ResourceHandler<FabricVlanLive, Clients> = {
  kind: 'fabric-vlan',
  mode: 'managed',
  schema: {
    ...fieldRulesOf(fabricVlanKind),
    replaceStrategy: 'delete-then-create',
    replaceStrategyOnNewKey: 'create-then-delete',
  },
  normalizeDesired: (props): PlainObject => ({
    vlanId: Number(props['vlanId']),
    name: String(props['name'] ?? ''),
    ...desiredOptionals(props, ['description']),
  }),
  normalizeLive: (live, desired): PlainObject => ({
    vlanId: live.vlan_id,
    name: live.name,
    ...liveOptionals(live as unknown as Record<string, unknown>, ['description'], desired),
  }),
  naturalKeyOf: (live) => String(live.vlan_id),
  idOf: (live) => String(live.vlan_id),
  async list(ctx) {
    // The default fabric is learnt beside the list, so that `mustNotDelete` knows it when planning.
    const [vlans] = await Promise.all([
      ctx.clients.cloudapi.call<FabricVlanLive[]>(
        { operation: 'ListFabricVLANs', method: 'GET', path: VLANS_PATH, expect: 'list' },
        { signal: ctx.signal },
      ),
      defaultFabricOf(ctx),
    ]);
    return vlans;
  },
  mustNotDelete(ctx, naturalKey) {
    const fabric = knownDefaultFabric(ctx);
    return fabric !== undefined && String(fabric.vlanId) === naturalKey
      ? defaultFabricReason(fabric, 'vlan')
      : undefined;
  },
  async refuseDeclared(ctx, declared) {
    const fabric = await defaultFabricOf(ctx);
    if (fabric === undefined) return [];
    return declared
      .filter((d) => Number(d.properties['vlanId']) === fabric.vlanId)
      .map(
        (d) =>
          `${d.address}: vlanId ${fabric.vlanId} is taken: ${defaultFabricReason(fabric, 'vlan')}; CreateFabricVLAN refuses a VLAN id in use ("VLAN ID is already in use"), and the stack must not own the datacenter's VLAN. Give the VLAN another id, or put your networks on VLAN ${fabric.vlanId} without declaring it (vlan: ${fabric.vlanId})`,
      );
  },
  read: (ctx, ref) =>
    orUndefined(
      ctx.clients.cloudapi.call<FabricVlanLive>(
        {
          operation: 'GetFabricVLAN',
          method: 'GET',
          path: [...VLANS_PATH, ref.id ?? ref.naturalKey],
          expect: 'object',
        },
        { signal: ctx.signal },
      ),
    ),
  create: (ctx, desired) =>
    ctx.clients.cloudapi.call<FabricVlanLive>(
      {
        operation: 'CreateFabricVLAN',
        method: 'POST',
        path: VLANS_PATH,
        json: { vlan_id: Number(desired['vlanId']), ...body(desired) },
        expect: 'object',
      },
      { signal: ctx.signal },
    ),
  update: (ctx, id, desired) =>
    ctx.clients.cloudapi.call<FabricVlanLive>(
      {
        operation: 'UpdateFabricVLAN',
        method: 'PUT',
        path: [...VLANS_PATH, id],
        json: body(desired),
        expect: 'object',
      },
      { signal: ctx.signal },
    ),
  async delete(ctx, ref) {
    await ignoreNotFound(
      ctx.clients.cloudapi.call(
        {
          operation: 'DeleteFabricVLAN',
          method: 'DELETE',
          path: [...VLANS_PATH, ref.id ?? ref.naturalKey],
          expect: 'empty',
        },
        { signal: ctx.signal },
      ),
    );
  },
  // Every rehearsal's copy holds the account's VLANs (its networks' VLANs name them).
  rehearsalCopy: {
    order: 10,
    async copy({ clients, signal, tryRead }) {
      // A datacenter without fabrics answers 501 (sdc-cloudapi `ensureFabricsEnabled`): the copy has none either.
      let fabrics = true;
      const vlans =
        (await tryRead('fabric VLANs', () =>
          clients.cloudapi
            .call<FabricVlanLive[]>(
              { operation: 'ListFabricVLANs', method: 'GET', path: [...VLANS_PATH], expect: 'list' },
              { signal },
            )
            .catch((err: unknown) => {
              if (err instanceof TritonApiError && err.status === 501) {
                fabrics = false;
                return [];
              }
              throw err;
            }),
        )) ?? [];
      const fabricVlans = vlans.map((v) => ({
        vlanId: v.vlan_id,
        name: v.name,
        ...(v.description !== undefined ? { description: v.description } : {}),
      }));
      return {
        seed: { ...(fabrics ? {} : { fabrics: false }), fabricVlans },
        copied: [...(fabrics ? [] : ['no fabrics in the datacenter']), `${fabricVlans.length} fabric VLANs`],
      };
    },
  },
};
