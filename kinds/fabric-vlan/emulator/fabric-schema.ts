/**
 * The checks of the fabric routes' parameters that come before NAPI sees them, worded as the
 * server answers: joyent-schemas `lib/cloudapi/vlans.js` and `networks.js` through jsprim's
 * `validateJsonObject` (the first error only, `property "<p>": <reason>` lower-cased, an unknown
 * property `unsupported property`, an address field's pattern `must be an IPv4 address`:
 * sdc-cloudapi `lib/endpoints/networks.js` `schemaValidate`), then CloudAPI's `MAX_RESOLVERS`, then
 * the NAPI field rules CloudAPI passes through by `translateErr` (names and descriptions of at most
 * 64 characters, `Subnet must be in CIDR form`, `invalid route`).
 */
import { invalidArgument } from '../../../emulator/core/errors.js';
import { parseIpv4, parseSubnet } from '../../../common/net/ipv4.js';
import { FABRIC_NETWORK_NAME, MAX_FABRIC_TEXT } from '../../../common/net/fabric-network-rules.js';

type Kind = 'string' | 'integer' | 'object' | 'array' | 'ipv4' | 'ipv4[]' | 'netname' | 'bool';

/** One property of a schema: its type and whether it is required. */
interface Prop {
  readonly type: Kind;
  readonly required?: true;
}

/** `CreateFabricVLAN` and `UpdateFabricVLAN` (vlan_id comes from the path or the body). */
export const CREATE_VLAN: Readonly<Record<string, Prop>> = {
  vlan_id: { type: 'integer', required: true },
  name: { type: 'string', required: true },
  description: { type: 'string' },
};
/** `UpdateFabricVLAN`. */
export const UPDATE_VLAN: Readonly<Record<string, Prop>> = {
  vlan_id: { type: 'integer', required: true },
  name: { type: 'string' },
  description: { type: 'string' },
};
/** `CreateFabricNetwork`. */
export const CREATE_NETWORK: Readonly<Record<string, Prop>> = {
  name: { type: 'netname', required: true },
  description: { type: 'string' },
  subnet: { type: 'string', required: true },
  // joyent-schemas has a string 'true'/'false' here, yet node-triton and every client send a
  // boolean and the datacenters take it: both are accepted.
  internet_nat: { type: 'bool' },
  provision_start_ip: { type: 'ipv4', required: true },
  provision_end_ip: { type: 'ipv4', required: true },
  gateway: { type: 'ipv4' },
  resolvers: { type: 'ipv4[]' },
  routes: { type: 'object' },
  vlan_id: { type: 'integer', required: true },
};
/** `UpdateFabricNetwork`: the subnet, gateway and NAT cannot be given. */
export const UPDATE_NETWORK: Readonly<Record<string, Prop>> = {
  id: { type: 'string', required: true },
  name: { type: 'netname' },
  routes: { type: 'object' },
  description: { type: 'string' },
  resolvers: { type: 'ipv4[]' },
  provision_start_ip: { type: 'ipv4' },
  provision_end_ip: { type: 'ipv4' },
  vlan_id: { type: 'integer', required: true },
};

/** json-schema's name for a value's type (`typeof`, with arrays and null apart). */
function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

const refuse = (property: string, reason: string): never => {
  throw invalidArgument(`property "${property}": ${reason}`);
};

function checkType(name: string, type: Kind, v: unknown): void {
  if (type === 'bool') {
    if (![true, false, 'true', 'false', 'TRUE', 'FALSE'].includes(v as string)) refuse(name, 'must be true or false');
    return;
  }
  const wanted = type === 'ipv4' || type === 'netname' ? 'string' : type === 'ipv4[]' ? 'array' : type;
  const ok =
    wanted === 'integer'
      ? typeof v === 'number' && Number.isInteger(v)
      : wanted === 'array'
        ? Array.isArray(v)
        : wanted === 'object'
          ? typeof v === 'object' && v !== null && !Array.isArray(v)
          : typeof v === wanted;
  if (!ok) refuse(name, `${typeName(v)} value found, but a ${wanted} is required`);
  if (type === 'ipv4' && parseIpv4(v) === undefined) refuse(name, 'must be an IPv4 address');
  // json-schema's pattern message, which jsprim lower-cases whole (the pattern included).
  if (type === 'netname' && !FABRIC_NETWORK_NAME.test(v as string))
    refuse(name, `does not match the regex pattern ${FABRIC_NETWORK_NAME.source}`.toLowerCase());
  if (type === 'ipv4[]')
    (v as unknown[]).forEach((r, i) => {
      if (typeof r !== 'string') refuse(`${name}[${i}]`, `${typeName(r)} value found, but a string is required`);
      if (parseIpv4(r) === undefined) refuse(`${name}[${i}]`, 'must be an IPv4 address');
    });
}

/**
 * Checks `params` (the request's parameters, the path's included) against `schema` as the server
 * does, then the NAPI rules on names, descriptions, resolvers, subnet and routes.
 * @throws EmulatorError 409 InvalidArgument naming the first property refused
 */
export function checkFabricParams(
  schema: Readonly<Record<string, Prop>>,
  params: Readonly<Record<string, unknown>>,
): void {
  for (const [name, prop] of Object.entries(schema)) {
    const v = params[name];
    if (v === undefined) {
      if (prop.required === true) refuse(name, 'is missing and it is required');
      continue;
    }
    checkType(name, prop.type, v);
  }
  for (const name of Object.keys(params)) if (!(name in schema)) refuse(name, 'unsupported property');
  const resolvers = params['resolvers'];
  if (Array.isArray(resolvers) && resolvers.length > 4) refuse('resolvers', 'maximum of 4 resolvers');
  for (const f of ['name', 'description'])
    if (typeof params[f] === 'string' && (params[f] as string).length > MAX_FABRIC_TEXT)
      refuse(f, `must not be longer than ${MAX_FABRIC_TEXT} characters`);
  if (typeof params['subnet'] === 'string' && !/^[0-9.]+\/[0-9]+$/.test(params['subnet']))
    refuse('subnet', 'Subnet must be in CIDR form');
  const routes = params['routes'];
  if (routes !== undefined)
    for (const [dest, gw] of Object.entries(routes as Record<string, unknown>))
      if ((parseSubnet(dest) === undefined && parseIpv4(dest) === undefined) || parseIpv4(gw) === undefined)
        refuse('routes', 'invalid route');
}
