/**
 * CloudAPI's authorisation table is written once (`common/rules/cloudapi-authorisation.ts`): the
 * actions a rule may name and the actions a tag on a path governs are derived from it. These tests
 * hold it to the server as the emulator serves it: every route's action is in the table and
 * placed where the route's requests are authorised, every action in the table is one a route
 * carries (but the few the emulator does not serve), and every action a kind's descriptor says CI
 * needs is in it. A drift (a route added without its action, an action placed on the wrong
 * collection, a typo in a descriptor) fails here, naming the operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionAppliesTo, cloudApiResourceName } from '../../common/access/index.js';
import { BUILT_IN_KINDS } from '../../common/kinds/index.js';
import { KNOWN_ACTIONS, MANTA_ACTION_NAMES } from '../../common/rules/actions.js';
import { CLOUDAPI_ACTIONS } from '../../common/rules/cloudapi-authorisation.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { CloudApiRoute } from '../../emulator/cloudapi/route.js';
import { createCloudApiService } from '../../emulator/cloudapi/service.js';
import { Persistence } from '../../emulator/core/persistence.js';
import type { RequestContext } from '../../emulator/core/types.js';

/** Table actions no emulator route carries, each with the reason. */
const NOT_SERVED: Readonly<Record<string, string>> = {
  describeanalytics: 'the emulator serves no analytics',
  listinstrumentations: 'the emulator serves no analytics',
  getinstrumentation: 'the emulator serves no analytics',
  getinstrumentationvalue: 'the emulator serves no analytics',
  getinstrumentationheatmap: 'the emulator serves no analytics',
  getinstrumentationheatmapdetails: 'the emulator serves no analytics',
  createinstrumentation: 'the emulator serves no analytics',
  deleteinstrumentation: 'the emulator serves no analytics',
  listforeigndatacenters: 'the emulator has no foreign datacenters',
  importimagefromdatacenter: 'the emulator has one datacenter',
  getprovisioninglimits: 'the emulator serves the limits as GetAccountLimits only',
  shareimage: "the emulator's UpdateImage has no share action",
  unshareimage: "the emulator's UpdateImage has no share action",
  headmachines: 'the emulator authorises HeadMachines as listmachines (its route says so)',
  headmachine: 'the emulator authorises HeadMachine as getmachine',
};

/**
 * Emulator route actions the table leaves out, each with the reason: the emulator authorises
 * these HEAD twins under their own names, which CloudAPI's action list does not name (left open:
 * whether a rule can grant them separately from their GET is not settled from the server's code).
 */
const NOT_IN_TABLE: Readonly<Record<string, string>> = {
  headnetworkips: 'HEAD twin of ListNetworkIPs',
  headnetworkip: 'HEAD twin of GetNetworkIP',
};

/** The values a route's `action` function may be asked about (UpdateMachine's and UpdateImage's `action`). */
const ACTION_QUERIES = [
  'start',
  'stop',
  'reboot',
  'resize',
  'rename',
  'enable_firewall',
  'disable_firewall',
  'enable_deletion_protection',
  'disable_deletion_protection',
  'update',
  'export',
  'clone',
];

let emulator: RunningEmulator;
let routes: readonly CloudApiRoute[];
let closeService: (() => Promise<void>) | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 41 });
  // A second CloudAPI service over the running emulator's context, with a persistence of its own
  // (in memory): only its routes' paths, names and actions are read.
  const service = createCloudApiService({ ...emulator.context, persistence: new Persistence(undefined) });
  routes = service.routes as readonly CloudApiRoute[];
  closeService = async () => service.close?.();
});
afterAll(async () => {
  await closeService?.();
  await emulator.close();
});

/** The actions a route's requests carry, with the resource path they are authorised against. */
function actionsOf(route: CloudApiRoute): { action: string; resource: string }[] {
  const path = route.path.replace(/^\/:account/, '/acme').replace(/:[a-z_]+/gi, 'x');
  const resource = cloudApiResourceName(path);
  if (route.action === undefined) return [{ action: route.name.toLowerCase(), resource }];
  const choose = route.action;
  if (typeof choose === 'string') return [{ action: choose, resource }];
  const names = new Set(
    ACTION_QUERIES.map((action) =>
      choose({ query: new URLSearchParams({ action }), body: {} } as unknown as RequestContext),
    ),
  );
  return [...names].filter((a) => KNOWN_ACTIONS.has(a)).map((action) => ({ action, resource }));
}

describe("CloudAPI's authorisation table", () => {
  it('holds every action an emulator route carries, placed on the path the request is authorised against', () => {
    const authenticated = routes.filter((r) => r.auth !== false && r.path.startsWith('/:account'));
    expect(authenticated.length).toBeGreaterThan(100);
    const wrong = authenticated.flatMap((route) =>
      actionsOf(route).flatMap(({ action, resource }) =>
        NOT_IN_TABLE[action] !== undefined
          ? []
          : !KNOWN_ACTIONS.has(action)
            ? [`${route.name} (${route.method} ${route.path}): ${action} is not in the table`]
            : actionAppliesTo(action, resource, false)
              ? []
              : [`${route.name} (${route.method} ${route.path}): ${action} is not placed on ${resource}`],
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('has no action that no emulator route carries, but the few it does not serve', () => {
    const carried = new Set(routes.flatMap((r) => actionsOf(r).map((a) => a.action)));
    // `/--ping` is unauthenticated: it carries its action all the same.
    carried.add('ping');
    const unserved = CLOUDAPI_ACTIONS.filter((a) => !carried.has(a) && NOT_SERVED[a] === undefined);
    expect(unserved).toEqual([]);
    // An entry for an action the emulator now serves is stale.
    expect(Object.keys(NOT_SERVED).filter((a) => carried.has(a))).toEqual([]);
  });

  it('is the CloudAPI part of the actions a rule may name, each action once', () => {
    expect(new Set(CLOUDAPI_ACTIONS).size).toBe(CLOUDAPI_ACTIONS.length);
    expect([...KNOWN_ACTIONS].filter((a) => !MANTA_ACTION_NAMES.has(a)).sort()).toEqual([...CLOUDAPI_ACTIONS].sort());
  });

  it("holds every action a kind's descriptor says CI needs", () => {
    const unknown = BUILT_IN_KINDS.flatMap((d) =>
      (d.ci?.actions ?? []).filter((a) => !KNOWN_ACTIONS.has(a)).map((a) => `${d.kind}: ${a}`),
    );
    expect(unknown).toEqual([]);
  });
});
