import { checkEmail } from '../../../common/rules/index.js';
import { invalidArgument } from '../../../emulator/core/errors.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { optionalBoolean, optionalString, param, PROFILE_FIELDS } from '../../../emulator/cloudapi/private/params.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountJson } from '../../../emulator/cloudapi/private/serialize.js';

/** UpdateAccount's directory-attribute names and the fields they set. */
const LEGACY_FIELDS = [
  ['company', 'companyName'],
  ['givenName', 'firstName'],
  ['sn', 'lastName'],
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GetConfig's answer. */
const configJson = (config: Readonly<Record<string, string>>): Record<string, string> =>
  config['default_network'] !== undefined ? { default_network: config['default_network'] } : {};

/** GetAccount, UpdateAccount, GetConfig, UpdateConfig. */
export function accountRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const networkIds = (rc: RequestContext): string[] =>
    [
      ...state.catalog.listedNetworks(),
      ...state.fabrics.networksOf(accountOf(rc).account.id).map((n) => ({ id: n.id })),
    ].map((n) => n['id'] as string);
  return [
    {
      method: 'GET',
      path: '/:account',
      name: 'GetAccount',
      // lib/account.js `getAccount` names the datacenter in Triton-Datacenter-Name.
      handler: (rc) => ({
        status: 200,
        body: accountJson(accountOf(rc).account),
        headers: { 'triton-datacenter-name': rc.ctx.datacenter },
      }),
    },
    {
      method: 'POST',
      path: '/:account',
      name: 'UpdateAccount',
      handler: (rc) => {
        const state = accountOf(rc);
        const next = { ...state.account };
        const email = optionalString(rc, 'email');
        if (email !== undefined) {
          const problem = checkEmail(email);
          if (problem !== undefined) throw invalidArgument(problem);
          if (rc.ctx.store.emailTaken(email, next.id)) throw invalidArgument(`email "${email}" is already taken`);
          next.email = email;
        }
        // The directory's attribute names are accepted too (sdc-cloudapi lib/account.js); the
        // API's names win when both are given.
        for (const [name, field] of [...LEGACY_FIELDS, ...PROFILE_FIELDS.map((f) => [f, f] as const)]) {
          const v = optionalString(rc, name);
          if (v !== undefined) next[field] = v;
        }
        const cns = optionalBoolean(rc, 'triton_cns_enabled') ?? optionalBoolean(rc, 'svc_cns_enabled');
        if (cns !== undefined) next.svc_cns_enabled = cns;
        next.updated = new Date(rc.ctx.clock()).toISOString();
        state.account = next;
        rc.ctx.store.changed();
        return { status: 200, body: accountJson(next) };
      },
    },
    {
      method: 'GET',
      path: '/:account/config',
      name: 'GetConfig',
      // sdc-cloudapi lib/config.js translateUfdsConf: only `default_network`, absent when unset.
      handler: (rc) => ({ status: 200, body: configJson(accountOf(rc).account.config) }),
    },
    {
      method: 'PUT',
      path: '/:account/config',
      name: 'UpdateConfig',
      handler: (rc) => {
        const state = accountOf(rc);
        const network = param(rc, 'default_network');
        // sdc-cloudapi lib/endpoints/config.js updateConfig: a UUID (the schema), then one of the
        // networks the account may use (req.networks): another account's fabric network is unknown.
        if (network !== undefined && (typeof network !== 'string' || !UUID.test(network)))
          throw invalidArgument('property "default_network": must be a UUID');
        if (network === undefined || !networkIds(rc).includes(network)) throw invalidArgument('unknown network');
        state.account = { ...state.account, config: { ...state.account.config, default_network: network } };
        rc.ctx.store.changed();
        return { status: 200, body: configJson(state.account.config) };
      },
    },
  ];
}
