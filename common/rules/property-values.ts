/**
 * The value rules of each kind's manifest properties, for every entry point that receives
 * properties without going through the constructs (a manifest JSON, a cdk.tf.json, the Pulumi
 * adapter's `check`): the same rule functions the constructs apply at synth (logins, emails, names,
 * the policy-rule and firewall-rule grammars, paths, headers, durability, job phases), applied to the fields whose
 * descriptor names them (`valueRule` in `common/kinds/`). Shapes (types, required fields) are
 * `resource-schema.ts`'s `checkProperties`; this checks the values.
 */
import { kindDescriptor, type TypeSchema, type ValueRule } from '../kinds/index.js';
import { tryParseFirewallRule } from '../fwrule-language/index.js';
import { tryParsePolicyRule } from '../policy-language/index.js';
import { fabricTextProblem } from '../net/fabric-network-rules.js';
import { volumeNameProblem } from '../../kinds/volume/descriptor.js';
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
import { declaredMetadataKeyProblem, declaredTagProblem } from './machine-tags.js';
import { showValue } from '../text/safe-text.js';

/** Where a rule reports what it finds about one value. */
interface Found {
  /** A problem with the value (`below` empty) or with a part of it (`[2]`, `["m-a"]`): `<path><below>: <problem>`. */
  readonly problem: (below: string, problem: string | undefined) => void;
}

/** One rule's check of one value; `index` is the value's position in its list, when it is an element. */
type RuleCheck = (value: unknown, account: string, found: Found, index: number) => void;

/** A rule on strings: values that are not strings (references, secrets) are not known here. */
const onString =
  (check: (value: string, account: string) => string | undefined): RuleCheck =>
  (value, account, found) => {
    if (typeof value === 'string') found.problem('', check(value, account));
  };

/** Every value rule a descriptor can name, by name. */
const VALUE_RULES: { readonly [R in ValueRule]: RuleCheck } = {
  login: onString(checkLogin),
  email: onString(checkEmail),
  'key-name': onString(checkKeyName),
  'policy-name': onString(checkDeclaredPolicyName),
  'role-name': onString(checkDeclaredRoleName),
  'job-name': onString(checkJobName),
  'image-name': onString(checkDeclaredImageName),
  'image-version': onString(checkDeclaredImageVersion),
  'manta-path': onString(checkDeclaredMantaPath),
  'policy-rule': onString((text) => {
    const parsed = tryParsePolicyRule(text);
    return parsed.ok ? undefined : `${showValue(text)}: ${parsed.error.message}`;
  }),
  'firewall-rule': onString((text) => {
    const parsed = tryParseFirewallRule(text);
    return parsed.ok ? undefined : `${showValue(text)}: ${parsed.error.message}`;
  }),
  'role-tag-path': onString((path, account) => {
    const broken = roleTagPathRule(path, account);
    return broken === undefined ? undefined : `role-tag path ${showValue(path)} ${broken}`;
  }),
  'fabric-text': onString((text) => fabricTextProblem(text)),
  'fabric-network-name': onString((text) => fabricTextProblem(text, true)),
  'volume-name': onString(volumeNameProblem),
  durability: (value, _account, found) => {
    if (value !== undefined) found.problem('', checkDurability(value));
  },
  'manta-headers': (value, _account, found) => headerProblems(value, found),
  'instance-tags': (value, _account, found) => {
    if (isRecord(value))
      for (const [key, v] of Object.entries(value))
        found.problem(`[${showValue(key)}]`, declaredTagProblem(key, typeof v === 'string' ? v : undefined));
  },
  // The rule names the key, never the value (it may be a password).
  'instance-metadata': (value, _account, found) => {
    if (isRecord(value))
      for (const key of Object.keys(value)) found.problem(`[${showValue(key)}]`, declaredMetadataKeyProblem(key));
  },
  'job-phase': (value, _account, found, index) => {
    // checkJobPhase words each problem "phases[i].<field> <value> <rule>"; split off the field so the
    // message has the "<path>: <rule>" shape every reader of these problems splits on.
    const at = `phases[${index}]`;
    for (const text of checkJobPhase(value, index)) {
      const rest = text.startsWith(at) ? text.slice(at.length) : ` ${text}`;
      const space = rest.indexOf(' ');
      found.problem(space > 0 ? rest.slice(0, space) : '', rest.slice(space + 1));
    }
  },
};

/**
 * Checks the values of `properties` of a `kind` against the rules synth applies. References
 * (`{ $ref }`) and secrets are skipped: their values are not known here.
 * @param account the account login Manta paths must be under
 * @param where the prefix of every message. @default kind
 * @returns one message per problem, `<where>.<field>: <rule message>`; empty when every value passes
 *   (and for a kind no descriptor describes).
 */
export function propertyValueProblems(
  kind: string,
  properties: { readonly [key: string]: unknown },
  account: string,
  where: string = kind,
): string[] {
  const out: string[] = [];
  for (const field of kindDescriptor(kind)?.properties ?? [])
    checkValue(field, properties[field.name], account, field.name, 0, (message) => out.push(`${where}.${message}`));
  return out;
}

/** Applies `schema`'s rule to `value` at `path`, then the rules of its elements or fields. */
function checkValue(
  schema: TypeSchema,
  value: unknown,
  account: string,
  path: string,
  index: number,
  push: (message: string) => void,
): void {
  const found: Found = {
    problem: (below, problem) => {
      if (problem !== undefined) push(`${path}${below}: ${problem}`);
    },
  };
  if (schema.valueRule !== undefined) VALUE_RULES[schema.valueRule](value, account, found, index);
  if (schema.type === 'list' && schema.element !== undefined && Array.isArray(value))
    value.forEach((v: unknown, i) => checkValue(schema.element!, v, account, `${path}[${i}]`, i, push));
  if (schema.type === 'object' && schema.fields !== undefined && isRecord(value))
    for (const f of schema.fields) checkValue(f, value[f.name], account, `${path}.${f.name}`, 0, push);
}

/** Each stored header's name and value, and the total of `m-` values (references count as unknown). */
function headerProblems(headers: unknown, found: Found): void {
  if (!isRecord(headers) || Array.isArray(headers)) return;
  const known: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const field = `[${showValue(name)}]`;
    found.problem(field, checkMantaHeaderName(name));
    if (typeof value === 'object' && value !== null) continue;
    const problem = checkMantaHeaderValue(name, value);
    found.problem(field, problem);
    if (problem === undefined) known[name] = value as string;
  }
  const bytes = mantaHeaderBytes(known);
  if (bytes > MANTA_MAX_HEADER_BYTES)
    found.problem(
      '',
      `hold ${bytes} bytes of m- header values, more than the object store's ${MANTA_MAX_HEADER_BYTES}-byte limit (it would silently drop the headers that do not fit)`,
    );
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null;
}
