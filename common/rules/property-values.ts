/**
 * The value rules of each kind's manifest properties, for every entry point that receives
 * properties without going through the constructs (a manifest JSON, a cdk.tf.json, the Pulumi
 * adapter's `check`): the same rule functions the constructs apply at synth (logins, emails, names,
 * the policy-rule grammar, paths, headers, durability, job phases), mapped to the fields that carry
 * them. Shapes (types, required fields) are `resource-schema.ts`'s `checkProperties`; this checks
 * the values.
 */
import type { ResourceKind } from '../manifest.js';
import { tryParseFirewallRule } from '../fwrule-language/index.js';
import { tryParsePolicyRule } from '../policy-language/index.js';
import { checkDurability } from './durability.js';
import { checkEmail } from './email.js';
import { checkDeclaredImageName, checkDeclaredImageVersion } from './image-fields.js';
import { checkJobPhase } from './job-phase.js';
import { checkLogin } from './login.js';
import {
  checkMantaHeaderName,
  checkMantaHeaderValue,
  MANTA_MAX_HEADER_BYTES,
  mantaHeaderBytes,
} from './manta-headers.js';
import { checkDeclaredMantaPath } from './manta-path.js';
import { checkDeclaredPolicyName, checkDeclaredRoleName, checkJobName, checkKeyName } from './names.js';
import { roleTagPathRule } from './role-tags.js';
import { showValue } from './safe-text.js';

/**
 * Checks the values of `properties` of a `kind` against the rules synth applies. References
 * (`{ $ref }`) and secrets are skipped: their values are not known here.
 * @param account the account login Manta paths must be under
 * @param where the prefix of every message. @default kind
 * @returns one message per problem, `<where>.<field>: <rule message>`; empty when every value passes.
 */
export function propertyValueProblems(
  kind: ResourceKind,
  properties: { readonly [key: string]: unknown },
  account: string,
  where: string = kind,
): string[] {
  const out: string[] = [];
  const rule = (field: string, problem: string | undefined): void => {
    if (problem !== undefined) out.push(`${where}.${field}: ${problem}`);
  };
  const str = (field: string): string | undefined =>
    typeof properties[field] === 'string' ? (properties[field] as string) : undefined;
  const check = (field: string, fn: (value: string) => string | undefined): void => {
    const value = str(field);
    if (value !== undefined) rule(field, fn(value));
  };
  const path = (field: string): void => check(field, (v) => checkDeclaredMantaPath(v, account));
  const strings = (field: string, fn: (value: string) => string | undefined): void =>
    listOf(properties[field]).forEach((v, i) => {
      if (typeof v === 'string') rule(`${field}[${i}]`, fn(v));
    });
  switch (kind) {
    case 'account':
      check('email', checkEmail);
      break;
    case 'user':
      check('login', checkLogin);
      check('email', checkEmail);
      break;
    case 'key':
      check('name', checkKeyName);
      break;
    case 'user-key':
      check('user', checkLogin);
      check('name', checkKeyName);
      break;
    case 'policy':
      check('name', checkDeclaredPolicyName);
      listOf(properties['rules']).forEach((text, i) => {
        if (typeof text !== 'string') return;
        const parsed = tryParsePolicyRule(text);
        if (!parsed.ok) rule(`rules[${i}]`, `${showValue(text)}: ${parsed.error.message}`);
      });
      break;
    case 'role':
      check('name', checkDeclaredRoleName);
      listOf(properties['members']).forEach((m, i) => {
        const login = typeof m === 'object' && m !== null ? (m as { login?: unknown }).login : undefined;
        if (typeof login === 'string') rule(`members[${i}].login`, checkLogin(login));
      });
      strings('policies', checkDeclaredPolicyName);
      break;
    case 'role-tag':
      check('path', (v) => {
        const broken = roleTagPathRule(v, account);
        return broken === undefined ? undefined : `role-tag path ${showValue(v)} ${broken}`;
      });
      strings('roles', checkDeclaredRoleName);
      break;
    case 'directory':
      path('path');
      strings('roleTags', checkDeclaredRoleName);
      break;
    case 'object':
      path('path');
      if (properties['durability'] !== undefined) rule('durability', checkDurability(properties['durability']));
      headerProblems(properties['headers'], rule);
      strings('roleTags', checkDeclaredRoleName);
      break;
    case 'snaplink':
      path('path');
      path('source');
      break;
    case 'image':
      check('name', checkDeclaredImageName);
      check('version', checkDeclaredImageVersion);
      path('exportTo');
      strings('roleTags', checkDeclaredRoleName);
      break;
    case 'job':
      check('name', checkJobName);
      listOf(properties['phases']).forEach((phase, i) => {
        out.push(...checkJobPhase(phase, i).map((p) => `${where}.${p}`));
        const assets = typeof phase === 'object' && phase !== null ? (phase as { assets?: unknown }).assets : undefined;
        listOf(assets).forEach((a, j) => {
          if (typeof a === 'string') rule(`phases[${i}].assets[${j}]`, checkDeclaredMantaPath(a, account));
        });
      });
      strings('inputs', (input) => checkDeclaredMantaPath(input, account));
      break;
    case 'firewall-rule':
      check('rule', (v) => {
        const parsed = tryParseFirewallRule(v);
        return parsed.ok ? undefined : `${showValue(v)}: ${parsed.error.message}`;
      });
      break;
    default:
      break;
  }
  return out;
}

/** Each stored header's name and value, and the total of `m-` values (references count as unknown). */
function headerProblems(headers: unknown, rule: (field: string, problem: string | undefined) => void): void {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return;
  const known: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const field = `headers[${showValue(name)}]`;
    rule(field, checkMantaHeaderName(name));
    if (typeof value === 'object' && value !== null) continue;
    const problem = checkMantaHeaderValue(name, value);
    rule(field, problem);
    if (problem === undefined) known[name] = value as string;
  }
  const bytes = mantaHeaderBytes(known);
  if (bytes > MANTA_MAX_HEADER_BYTES)
    rule(
      'headers',
      `hold ${bytes} bytes of m- header values, more than the object store's ${MANTA_MAX_HEADER_BYTES}-byte limit (it would silently drop the headers that do not fit)`,
    );
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
