/**
 * Shape validation for a manifest read back from a file: the documented shape of
 * `docs/manifest.schema.json` and `common/manifest.ts`, checked before anything is planned. A
 * manifest built by the constructs has it by construction; one read from disk is input like any
 * other (edited by hand, produced by another tool, damaged), and a malformed one must give a list
 * of sentences naming the JSON path, the value and the rule, never a crash deep in the planner.
 *
 * Hand-written rather than a JSON Schema engine: the rules are few, and the per-kind property
 * shapes come from `common/resource-schema.ts`, the same description the adapters check against.
 */
import { expectationProblems } from '../../common/access/index.js';
import { allKinds, kindDescriptor, shownValue } from '../../common/kinds/index.js';
import { MANIFEST_VERSION, type ResourceKind, type StackManifest } from '../../common/manifest.js';
import { accountScopeProblems } from '../../common/kinds/datacenter-scope.js';
import { RESOURCE_OPTION_KEYS, resourceOptionProblems } from '../../common/resource-options.js';
import { checkProperties } from '../../common/resource-schema.js';
import { isNonEmptyString, isObject, isStringArray, NAMED, unknownKeys, type Add } from './manifest-shape.js';
import { checkCrossStack, checkCrossStackTargets } from './validate-cross-stack.js';
import {
  checkDatacenterName,
  checkDeclaredMantaPath,
  checkDeclaredRoleName,
  checkLogin,
  checkStackName,
  escapeUnsafe,
  propertyValueProblems,
} from '../../common/rules/index.js';

/** One way a manifest departs from its documented shape. */
export interface ManifestProblem {
  /** The JSON path of the offending value, e.g. `stacks[0].resources[2].kind`. */
  readonly path: string;
  /** The offending value, shortened, as JSON (`(absent)` for a missing field; empty when `rule` names it). */
  readonly value: string;
  /** The rule it breaks. */
  readonly rule: string;
  /** `<path>: <value> <rule>`, for error messages. */
  readonly message: string;
}

/** Passed as the value of a secret placeholder: it may hold the secret itself, so it is never shown. */
const SECRET = Symbol('a secret');

const AUTHORITATIVE_KINDS = allKinds()
  .filter((d) => d.authoritative)
  .map((d) => d.kind);
const CONNECTION_STRINGS = ['cloudapiUrl', 'mantaUrl', 'profile', 'keyId'];
const SECRET_SOURCES = ['env', 'file', 'generated'];

/**
 * Checks that `value` has the documented shape of a `Manifest`: the envelope, every stack and
 * every resource (address, kind, natural key, properties of its kind, dependencies), every
 * `{ $ref }` and `{ $secret }` placeholder, addresses unique and references to addresses of the
 * same stack; and that the values follow the rules synth applies (stack names, account and user
 * logins, and every property's rule from `common/rules`), since a manifest read from a file was
 * checked by no construct.
 * @returns every problem found (empty when the manifest conforms).
 */
export function manifestProblems(value: unknown): ManifestProblem[] {
  const out: ManifestProblem[] = [];
  // Escaped (and values shortened): a key, an address or a value with a NUL or an escape sequence
  // must not reach the terminal raw.
  const add = (path: string, v: unknown, rule: string, address?: string): void => {
    const at = escapeUnsafe(path);
    if (v === NAMED) {
      const where = address === undefined ? at : `${at} (${escapeUnsafe(address)})`;
      out.push({ path, value: '', rule, message: `${where}: ${rule}` });
      return;
    }
    const shown = shownValue(v, undefined, v === SECRET);
    out.push({ path, value: shown, rule, message: `${at}: ${shown} ${rule}` });
  };
  if (!isObject(value)) {
    add('(manifest)', value, 'must be a JSON object with "version", "generator" and "stacks"');
    return out;
  }
  unknownKeys(value, '', ['version', 'generator', 'stacks'], add);
  if (value.version !== MANIFEST_VERSION)
    add('version', value.version, `must be ${MANIFEST_VERSION} (synthesize the app again with \`triton-iac synth\`)`);
  if (typeof value.generator !== 'string') add('generator', value.generator, 'must be a string');
  if (!Array.isArray(value.stacks)) {
    add('stacks', value.stacks, 'must be an array of stacks');
    return out;
  }
  const addresses = new Set<string>();
  value.stacks.forEach((stack, i) => checkStack(stack, `stacks[${i}]`, addresses, add));
  checkCrossStackTargets(value.stacks, add);
  // Across stacks, once each stack is well formed: account-wide objects through one datacenter.
  if (out.length === 0)
    for (const p of accountScopeProblems(value.stacks as readonly StackManifest[])) add('stacks', NAMED, p);
  return out;
}

/** `prune` names directories the stack declares: pruning reaches only directories it lists. */
function checkPrune(prune: unknown, at: string, resources: unknown, add: Add): void {
  if (!Array.isArray(prune)) return add(at, prune, 'must be an array of directory paths');
  const declared = new Set(
    (Array.isArray(resources) ? resources : [])
      .filter(
        (r): r is Record<string, unknown> =>
          isObject(r) && typeof r.kind === 'string' && kindDescriptor(r.kind)?.treeEntry === 'folder',
      )
      .map((r) => r.naturalKey),
  );
  prune.forEach((p, i) => {
    if (!isNonEmptyString(p) || !declared.has(p))
      add(`${at}[${i}]`, p, 'must be the path of a directory the stack declares');
  });
}

function checkStack(stack: unknown, at: string, seen: Set<string>, add: Add): void {
  if (!isObject(stack)) return add(at, stack, 'must be an object with "name", "account" and "resources"');
  unknownKeys(
    stack,
    `${at}.`,
    [
      'name',
      'account',
      'user',
      'connection',
      'state',
      'authoritative',
      'prune',
      'resources',
      'outputs',
      'expectations',
      'crossStack',
    ],
    add,
  );
  if (stack.expectations !== undefined) checkExpectations(stack.expectations, `${at}.expectations`, stack.account, add);
  for (const f of ['name', 'account'] as const)
    if (!isNonEmptyString(stack[f])) add(`${at}.${f}`, stack[f], 'must be a non-empty string');
  if (stack.user !== undefined && !isNonEmptyString(stack.user))
    add(`${at}.user`, stack.user, 'must be a non-empty string when present');
  // The rules of TritonStack: the name becomes the state file's name, the logins sign requests.
  const rules: [string, unknown, (v: string) => string | undefined][] = [
    ['name', stack.name, checkStackName],
    ['account', stack.account, checkLogin],
    ['user', stack.user, checkLogin],
  ];
  for (const [f, v, rule] of rules) {
    const problem = isNonEmptyString(v) ? rule(v) : undefined;
    if (problem !== undefined) add(`${at}.${f}`, NAMED, problem);
  }
  if (stack.connection !== undefined) checkConnection(stack.connection, `${at}.connection`, add);
  if (stack.state !== undefined)
    checkState(stack.state, `${at}.state`, typeof stack.account === 'string' ? stack.account : '', add);
  if (stack.authoritative !== undefined) {
    if (!Array.isArray(stack.authoritative))
      add(`${at}.authoritative`, stack.authoritative, `must be an array of kinds (${AUTHORITATIVE_KINDS.join(', ')})`);
    else
      stack.authoritative.forEach(
        (k, i) =>
          AUTHORITATIVE_KINDS.includes(k as string) ||
          add(`${at}.authoritative[${i}]`, k, `must be one of ${AUTHORITATIVE_KINDS.join(', ')}`),
      );
  }
  if (stack.prune !== undefined) checkPrune(stack.prune, `${at}.prune`, stack.resources, add);
  if (!Array.isArray(stack.resources)) return add(`${at}.resources`, stack.resources, 'must be an array of resources');
  const own = new Set<string>();
  stack.resources.forEach((r, i) => {
    const address = isObject(r) ? r.address : undefined;
    if (!isNonEmptyString(address)) return;
    if (seen.has(address))
      add(`${at}.resources[${i}].address`, address, 'must be unique in the manifest; another resource has it');
    seen.add(address);
    own.add(address);
  });
  const account = typeof stack.account === 'string' ? stack.account : '';
  // A `$ref` may also name an object of another stack that the stack lists in `crossStack`.
  const referable = new Set([...own, ...checkCrossStack(stack.crossStack, `${at}.crossStack`, stack.name, add)]);
  stack.resources.forEach((r, i) => checkResource(r, `${at}.resources[${i}]`, own, referable, account, add));
  if (stack.outputs !== undefined) checkOutputs(stack.outputs, `${at}.outputs`, own, add);
}

function checkOutputs(outputs: unknown, at: string, stackAddresses: ReadonlySet<string>, add: Add): void {
  if (!Array.isArray(outputs))
    return add(at, outputs, 'must be an array of outputs { "name", "value", "description"?, "sensitive"? }');
  const names = new Set<string>();
  outputs.forEach((o, i) => {
    const p = `${at}[${i}]`;
    if (!isObject(o)) return add(p, o, 'must be an object { "name", "value", "description"?, "sensitive"? }');
    unknownKeys(o, `${p}.`, ['name', 'value', 'description', 'sensitive'], add);
    if (!isNonEmptyString(o.name)) add(`${p}.name`, o.name, 'must be a non-empty string');
    else if (names.has(o.name)) add(`${p}.name`, o.name, 'must be unique in the stack; another output has it');
    else names.add(o.name);
    if (!('value' in o)) add(`${p}.value`, undefined, 'is required');
    else checkPlaceholders(o.value, `${p}.value`, stackAddresses, add);
    if (o.description !== undefined && typeof o.description !== 'string')
      add(`${p}.description`, o.description, 'must be a string');
    if (o.sensitive !== undefined && typeof o.sensitive !== 'boolean')
      add(`${p}.sensitive`, o.sensitive, 'must be true or false');
  });
}

function checkConnection(c: unknown, at: string, add: Add): void {
  if (!isObject(c)) return add(at, c, 'must be an object');
  unknownKeys(c, `${at}.`, [...CONNECTION_STRINGS, 'roles', 'datacenter'], add);
  for (const f of CONNECTION_STRINGS)
    if (c[f] !== undefined && typeof c[f] !== 'string') add(`${at}.${f}`, c[f], 'must be a string');
  // TritonStack's rules: a datacenter by name (looked up at plan), never beside a CloudAPI URL.
  if (c.datacenter !== undefined) {
    const problem = checkDatacenterName(c.datacenter as string);
    if (problem !== undefined) add(`${at}.datacenter`, NAMED, problem);
    else if (c.cloudapiUrl !== undefined)
      add(`${at}.cloudapiUrl`, c.cloudapiUrl, 'must not be given with "datacenter": a stack names where it works once');
  }
  const roles = c.roles;
  if (roles === undefined) return;
  if (!isStringArray(roles)) return add(`${at}.roles`, roles, 'must be an array of role names');
  roles.forEach((role, i) => {
    const problem = checkDeclaredRoleName(role);
    if (problem !== undefined) add(`${at}.roles[${i}]`, NAMED, problem);
  });
}

function checkState(s: unknown, at: string, account: string, add: Add): void {
  if (!isObject(s) || (s.type !== 'local' && s.type !== 'manta'))
    return add(at, s, 'must be { "type": "local", "path"?: string } or { "type": "manta", "path": string }');
  unknownKeys(s, `${at}.`, ['type', 'path'], add);
  if (s.type === 'manta' ? !isNonEmptyString(s.path) : s.path !== undefined && typeof s.path !== 'string') {
    add(
      `${at}.path`,
      s.path,
      s.type === 'manta'
        ? 'must be a non-empty string (the Manta directory of the state)'
        : 'must be a string when present',
    );
  } else if (s.type === 'manta') {
    // The path TritonStack makes of `~~/…`: an object path of the stack's account.
    const problem = checkDeclaredMantaPath(s.path as string, account);
    if (problem !== undefined) add(`${at}.path`, NAMED, problem);
  }
}

function checkResource(
  r: unknown,
  at: string,
  stackAddresses: ReadonlySet<string>,
  referable: ReadonlySet<string>,
  account: string,
  add: Add,
): void {
  if (!isObject(r))
    return add(at, r, 'must be an object with "address", "kind", "naturalKey", "properties" and "dependsOn"');
  unknownKeys(r, `${at}.`, ['address', 'kind', 'naturalKey', 'properties', 'dependsOn', 'options'], add);
  if (!isNonEmptyString(r.address)) add(`${at}.address`, r.address, 'must be a non-empty string');
  const kindOk = typeof r.kind === 'string' && kindDescriptor(r.kind) !== undefined;
  if (!kindOk)
    add(
      `${at}.kind`,
      r.kind,
      `must be one of ${allKinds()
        .map((d) => d.kind)
        .join(', ')}`,
    );
  if (!isNonEmptyString(r.naturalKey)) add(`${at}.naturalKey`, r.naturalKey, 'must be a non-empty string');
  if (!Array.isArray(r.dependsOn)) add(`${at}.dependsOn`, r.dependsOn, 'must be an array of addresses');
  else {
    r.dependsOn.forEach((d, i) => {
      if (typeof d !== 'string' || !stackAddresses.has(d))
        add(`${at}.dependsOn[${i}]`, d, 'must be the address of a resource of the same stack');
    });
  }
  if (r.options !== undefined) {
    if (!isObject(r.options))
      add(`${at}.options`, r.options, `must be an object { ${RESOURCE_OPTION_KEYS.map((k) => `"${k}"?`).join(', ')} }`);
    else {
      unknownKeys(r.options, `${at}.options.`, RESOURCE_OPTION_KEYS, add);
      if (kindOk)
        for (const p of resourceOptionProblems(r.kind as ResourceKind, r.options))
          add(`${at}.options.${p.field}`, p.value, p.rule);
    }
  }
  if (!isObject(r.properties)) return add(`${at}.properties`, r.properties, 'must be an object');
  checkPlaceholders(r.properties, `${at}.properties`, referable, add);
  if (kindOk) {
    // checkProperties words its messages "<path>: <rule>" or "<path>: <value> <rule>" already.
    for (const problem of checkProperties(r.kind as ResourceKind, r.properties, `${at}.properties`))
      add(problem.slice(0, problem.indexOf(': ')), NAMED, problem.slice(problem.indexOf(': ') + 2));
    // The values, with the rules the constructs apply at synth ("<where>.<field>: <rule>").
    const where = `${at}.properties`;
    for (const problem of propertyValueProblems(r.kind as ResourceKind, r.properties, account, where)) {
      const split = problem.indexOf(': ', where.length);
      add(
        problem.slice(0, split),
        NAMED,
        problem.slice(split + 2),
        isNonEmptyString(r.address) ? r.address : undefined,
      );
    }
  }
}

/** Every `{ $ref }` and `{ $secret }` inside a resource's properties must be well formed. */
function checkPlaceholders(value: unknown, at: string, stackAddresses: ReadonlySet<string>, add: Add): void {
  if (Array.isArray(value)) return value.forEach((v, i) => checkPlaceholders(v, `${at}[${i}]`, stackAddresses, add));
  if (!isObject(value)) return;
  if ('$ref' in value) {
    const ref = value.$ref;
    if (
      Object.keys(value).length !== 1 ||
      !isObject(ref) ||
      !isNonEmptyString(ref.attribute) ||
      Object.keys(ref).length !== 2
    ) {
      return add(at, value, 'must be a reference { "$ref": { "address": string, "attribute": string } }');
    }
    if (typeof ref.address !== 'string' || !stackAddresses.has(ref.address))
      add(`${at}.$ref.address`, ref.address, 'must be the address of a resource of the same stack');
    return;
  }
  if ('$output' in value) {
    const o = value.$output;
    if (
      Object.keys(value).length !== 1 ||
      !isObject(o) ||
      !isNonEmptyString(o.state) ||
      !isNonEmptyString(o.name) ||
      Object.keys(o).length !== 2
    )
      add(at, value, 'must be another app\'s output { "$output": { "state": string, "name": string } }');
    return;
  }
  if ('$secret' in value) {
    const s = value.$secret;
    const ok =
      Object.keys(value).length === 1 &&
      isObject(s) &&
      SECRET_SOURCES.includes(s.source as string) &&
      (s.source === 'generated'
        ? Object.keys(s).length === 1
        : isNonEmptyString(s.name) && Object.keys(s).length === 2);
    if (!ok)
      add(
        at,
        SECRET,
        'must be a secret placeholder { "$secret": { "source": "env" | "file", "name": string } } or { "$secret": { "source": "generated" } }',
      );
    return;
  }
  for (const [k, v] of Object.entries(value)) checkPlaceholders(v, `${at}.${k}`, stackAddresses, add);
}

/** Each access expectation's shape (see `common/access/expectations.ts`). */
function checkExpectations(value: unknown, at: string, account: unknown, add: Add): void {
  if (!Array.isArray(value)) return add(at, value, 'must be an array of access expectations');
  value.forEach((e, i) => {
    if (!isObject(e) || (e.expect !== 'allowed' && e.expect !== 'denied'))
      return add(`${at}[${i}]`, e, 'must be an object with expect "allowed" or "denied", user, actions and resource');
    for (const p of expectationProblems(typeof account === 'string' ? account : '', e as never, `${at}[${i}]`))
      add(`${at}[${i}]`, NAMED, p);
  });
}
