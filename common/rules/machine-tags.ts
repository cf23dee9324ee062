/**
 * The rules VMAPI applies to a machine's tags (sdc-vmapi `lib/common/validation.js` `validTags`,
 * node-triton-tags `lib/index.js` `validateTritonTag` and its CNS grammar `lib/cns-svc-tag.pegjs`),
 * in the servers' words: shared by the emulator, which refuses with them, and the `Instance`
 * construct, which refuses the same at synth.
 */

/** The `triton.*` tags node-triton-tags knows (`typeFromKey`), with the type each must have. */
export const TRITON_TAGS: Readonly<Record<string, 'string' | 'boolean' | 'number'>> = {
  'triton.cmon.groups': 'string',
  'triton.cns.services': 'string',
  'triton.cns.disable': 'boolean',
  'triton.cns.reverse_ptr': 'string',
  'triton.network.public': 'string',
  'triton.network.public_ipv4': 'string',
  'triton.placement.exclude_virtual_servers': 'boolean',
  'triton._test.string': 'string',
  'triton._test.number': 'number',
  'triton._test.boolean': 'boolean',
};

/** Docker's reserved tags (sdc-vmapi `DOCKER_TAG_DEFAULT_RE`): never set or deleted through CloudAPI. */
export const DOCKER_TAG = /^(?:sdc_docker$|docker:label:triton\.|docker:label:(?:com|io|org)\.docker(?:project)?\.)/;

/** A DNS name as node-triton-tags checks a reverse pointer. */
const DNS_NAME = /^[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9][a-z0-9-]{0,62})*$/i;

/** node-triton-tags `validateTritonTag`: the message for a bad `triton.*` tag, or `undefined`. */
export function tritonTagProblem(key: string, value: unknown): string | undefined {
  const type = TRITON_TAGS[key];
  if (type === undefined) return `Unrecognized special triton tag "${key}"`;
  if (typeof value !== type)
    return `Triton tag "${key}" value must be a ${type}: ${JSON.stringify(value)} (${typeof value})`;
  if (key === 'triton.cns.services') return cnsServicesProblem(value as string);
  if (key === 'triton.cns.reverse_ptr' && ((value as string).length > 255 || !DNS_NAME.test(value as string)))
    return `invalid "triton.cns.reverse_ptr" tag: "${String(value)}" is not DNS safe`;
  return undefined;
}

/**
 * The CNS services grammar (node-triton-tags `cns-svc-tag.pegjs`): `name[:port][:key=value]...`
 * joined by commas, a name a DNS label (letters, digits, `-`, `.`) or an SRV label (`_x._tcp`).
 * The parser's own message names what it expected and the character it found.
 */
function cnsServicesProblem(value: string): string | undefined {
  const services = value.split(',');
  for (const service of services) {
    const [name = '', ...rest] = service.split(':');
    const srv = /^_[a-zA-Z0-9-]*\._(?:tcp|udp)$/.test(name);
    if (!srv && !/^[a-zA-Z0-9-][a-zA-Z0-9-.]*$/.test(name)) {
      const found = name === '' ? (service === '' && services.length > 1 ? '","' : 'end of input') : `"${name[0]}"`;
      const where = /^[a-zA-Z0-9-]/.test(name) ? `"${/[^a-zA-Z0-9-.]/.exec(name)![0]}"` : found;
      return `invalid "triton.cns.services" tag: Expected DNS name but ${where} found.`;
    }
    if (name.length > 63)
      return `invalid "triton.cns.services" tag: service DNS name "${name.toLowerCase()}" must be 63 or fewer characters`;
    const [port, ...props] = /^[0-9]+$/.test(rest[0] ?? '') ? rest : [undefined, ...rest];
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
      return `invalid "triton.cns.services" tag: service port number for ${name.toLowerCase()} must be within the range 1 - 65535`;
    for (const prop of props as string[]) {
      const [k = '', v] = prop.split('=');
      if (!/^[a-z][a-z0-9-]*$/.test(k) || v === undefined || v === '')
        return `invalid "triton.cns.services" tag: Expected property name but "${prop[0] ?? ''}" found.`;
      if (k !== 'priority' && k !== 'weight')
        return `invalid "triton.cns.services" tag: service property "${k}" is not a valid property name`;
      const n = parseInt(v, 10);
      if (isNaN(n) || n < 0 || n > 65535)
        return `invalid "triton.cns.services" tag: service ${k} for ${name.toLowerCase()} must be within the range 0 - 65535`;
    }
  }
  return undefined;
}

/**
 * What is wrong with a stack declaring the tag `key`, in VMAPI's words where it would refuse it;
 * `value` is undefined when it is not known yet (a reference). `undefined` when it may be declared.
 */
export function declaredTagProblem(key: string, value: string | undefined): string | undefined {
  if (key.startsWith('triton.cns.')) return 'is a CNS tag: declare it with the cns prop (cns.services, cns.disable)';
  if (key.startsWith('triton.')) {
    // A reference resolves to a string: judged as one (its text is not known yet).
    const problem = tritonTagProblem(key, value ?? 'reference');
    if (problem !== undefined)
      return `is refused by the server: ${problem} (triton.* tags are the ones node-triton-tags knows; a declared tag is a string)`;
  }
  if (DOCKER_TAG.test(key))
    return `is one of Docker's reserved tags, which CloudAPI refuses ("Special tag not supported")`;
  return undefined;
}

/**
 * What is wrong with a stack declaring the metadata key `key`, or `undefined`: the keys the server
 * keeps (sdc-cloudapi lib/metadata.js refuses to delete them) and `*_pw` keys (lib/machines.js and
 * lib/metadata.js `add` drop them) could never be managed. The rule never needs the value, which
 * may be a password.
 */
export function declaredMetadataKeyProblem(key: string): string | undefined {
  if (key === 'administrator_pw')
    return 'is kept by the server and never shown: declare the Administrator password with the administratorPw prop (a Secret)';
  if (key === 'root_authorized_keys')
    return "is kept by the server (CloudAPI writes the account's SSH keys there at create): declare the root user's keys with the rootAuthorizedKeys prop (Key or UserKey objects, public keys or files)";
  if (key === 'credentials')
    return 'is kept by the server (CloudAPI moves it out of the metadata at create, into internal metadata): it cannot be declared';
  if (/_pw$/.test(key))
    return 'ends in "_pw": CloudAPI keeps passwords out of customer metadata (it drops such keys at create and on every update), so it could never be set';
  return undefined;
}
