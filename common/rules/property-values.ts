/**
 * The value rules of each kind's manifest properties, for every entry point that receives
 * properties without going through the constructs (the Pulumi adapter's `check`): the same rule
 * functions the constructs apply at synth (logins, emails, names, the policy-rule grammar, paths,
 * durability, job phases), mapped to the fields that carry them. Shapes (types, required fields)
 * are `resource-schema.ts`'s `checkProperties`; this checks the values.
 */
import type { ResourceKind } from '../manifest.js';
import { tryParsePolicyRule } from '../policy-language/index.js';
import { checkDurability } from './durability.js';
import { checkEmail } from './email.js';
import { checkJobPhase } from './job-phase.js';
import { checkLogin } from './login.js';
import { checkMantaPath } from './manta-path.js';
import { checkPolicyName, checkRoleName } from './names.js';

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
  const path = (field: string): void => {
    const value = str(field);
    if (value !== undefined) rule(field, checkMantaPath(value, account));
  };
  switch (kind) {
    case 'user':
      if (str('login') !== undefined) rule('login', checkLogin(str('login')!));
      if (str('email') !== undefined) rule('email', checkEmail(str('email')!));
      break;
    case 'user-key':
      if (str('user') !== undefined) rule('user', checkLogin(str('user')!));
      break;
    case 'policy':
      if (str('name') !== undefined) rule('name', checkPolicyName(str('name')!));
      listOf(properties['rules']).forEach((text, i) => {
        if (typeof text !== 'string') return;
        const parsed = tryParsePolicyRule(text);
        if (!parsed.ok) rule(`rules[${i}]`, `${JSON.stringify(text)}: ${parsed.error.message}`);
      });
      break;
    case 'role':
      if (str('name') !== undefined) rule('name', checkRoleName(str('name')!));
      listOf(properties['members']).forEach((m, i) => {
        const login = typeof m === 'object' && m !== null ? (m as { login?: unknown }).login : undefined;
        if (typeof login === 'string') rule(`members[${i}].login`, checkLogin(login));
      });
      listOf(properties['policies']).forEach((p, i) => {
        if (typeof p === 'string') rule(`policies[${i}]`, checkPolicyName(p));
      });
      break;
    case 'directory':
      path('path');
      break;
    case 'object':
      path('path');
      if (properties['durability'] !== undefined) rule('durability', checkDurability(properties['durability']));
      break;
    case 'snaplink':
      path('path');
      path('source');
      break;
    case 'job':
      listOf(properties['phases']).forEach((phase, i) =>
        out.push(...checkJobPhase(phase, i).map((p) => `${where}.${p}`)),
      );
      listOf(properties['inputs']).forEach((input, i) => {
        if (typeof input === 'string') rule(`inputs[${i}]`, checkMantaPath(input, account));
      });
      break;
    default:
      break;
  }
  return out;
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
