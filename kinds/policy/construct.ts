/**
 * `Policy`: a named set of access-control rules.
 */
import type { Construct } from 'constructs';
import type { PolicyProperties } from '../../common/resource-properties.js';
import { tryParsePolicyRule } from '../../common/policy-language/index.js';
import { checkAction, checkDeclaredPolicyName } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IPolicy, IRole, ITaggable } from '../../constructs/interfaces.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { tagOwnedResource } from '../../constructs/private/role-tagging/owned-role-tags.js';
import { fail, showValue } from '../../constructs/private/problems.js';
import { ImportedPolicy } from '../../constructs/private/imported.js';
import { propNames } from '../../constructs/private/known-props.js';
import { addWarning } from '../../constructs/private/warnings.js';

/** Props of a {@link Policy}. */
export interface PolicyProps extends ResourceOptionProps {
  /**
   * The policy name, unique in the account.
   * @default - the construct id
   */
  readonly name?: string;
  /**
   * One or more rules in the access-control language, e.g.
   * `CAN listmachines AND getmachine` or `CAN rebootmachine WHEN sourceip = 10.0.0.0/8`.
   * Each is parsed at synth with the server's grammar.
   */
  readonly rules: readonly string[];
  /**
   * A description.
   * @default - none
   */
  readonly description?: string;
  /**
   * Roles to tag the policy with (a `RoleTag` child).
   * @default - the policy's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link PolicyProps}, checked at synth (an unknown prop is an error). */
const POLICY_PROPS = propNames<PolicyProps>({ name: true, rules: true, description: true, roleTags: true });

/** A policy of the stack's account. */
export class Policy extends TritonResource implements IPolicy, ITaggable {
  /**
   * An existing policy the stack does not manage, for attaching to a role. Creates nothing; the name
   * is checked.
   */
  static fromName(scope: Construct, id: string, name: string): IPolicy & ITaggable {
    const problem = checkDeclaredPolicyName(name);
    if (problem) throw new ValidationError(`${scope.node.path}/${id}: ${problem}`);
    return new ImportedPolicy(scope, id, name);
  }

  readonly kind = 'policy' as const;
  /** The policy name. */
  readonly policyName: string;
  private readonly properties: PolicyProperties;

  constructor(scope: Construct, id: string, props: PolicyProps) {
    super(scope, id, props, POLICY_PROPS);
    const at = this.node.path;
    const name = props.name ?? id;
    const nameProblem = checkDeclaredPolicyName(name);
    if (nameProblem) throw new ValidationError(`${at}: ${nameProblem}`);
    if (!Array.isArray(props.rules) || props.rules.length === 0)
      fail(at, 'rules', props.rules, 'a policy needs at least one rule');
    const problems: string[] = [];
    props.rules.forEach((rule, i) => {
      if (typeof rule !== 'string') {
        problems.push(`${at}: rules[${i}] ${showValue(rule)}: must be a string`);
        return;
      }
      const parsed = tryParsePolicyRule(rule);
      if (!parsed.ok) problems.push(`${at}: rules[${i}] ${JSON.stringify(rule)}: ${parsed.error.message}`);
      else for (const action of parsed.rule.actions) this.warnAboutAction(i, rule, action);
    });
    if (problems.length > 0) throw new ValidationError(problems.join('\n'));
    if (props.description !== undefined && typeof props.description !== 'string')
      fail(at, 'description', props.description, 'must be a string');
    this.policyName = name;
    this.properties = {
      name,
      rules: [...props.rules],
      ...(props.description !== undefined ? { description: props.description } : {}),
    };
    tagOwnedResource(this, props.roleTags);
  }

  get naturalKey(): string {
    return this.policyName;
  }

  private warnAboutAction(index: number, rule: string, action: string): void {
    const problem = checkAction(action);
    if (problem) addWarning(this, `rules[${index}] ${JSON.stringify(rule)}: ${problem}`);
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** `/<account>/policies/<name>`. */
  get roleTagPath(): string {
    return `/${this.stack.account}/policies/${this.policyName}`;
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
