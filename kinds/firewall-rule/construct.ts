/**
 * `FirewallRule`: one rule of the account's firewall, written in Triton's firewall rule language or
 * built from data with {@link FirewallRule.allow} / {@link FirewallRule.block}.
 */
import type { Construct } from 'constructs';
import { inDifferentDatacenters } from '../../common/kinds/datacenter-scope.js';
import type { FirewallRuleProperties } from '../../common/resource-properties.js';
import {
  firewallRuleText,
  instancePlaceholder,
  placeholdersIn,
  FirewallSpecError,
  ruleFromSpec,
  tryParseFirewallRule,
  type FirewallRuleSpec,
} from '../../common/fwrule-language/index.js';
import { ValidationError } from '../../constructs/errors.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail, showValue } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';
import { Instance } from '../instance/construct.js';
import type { Reference } from '../../constructs/reference.js';

export type {
  FirewallRuleSpec,
  FirewallSideSpec,
  FirewallTargetSpec,
  IFirewallTarget,
} from '../../common/fwrule-language/index.js';
import { booleanDefault } from '../../common/kinds/defaults.js';
import { firewallRule as firewallRuleKind } from './descriptor.js';

/** Props of a {@link FirewallRule}. */
export interface FirewallRuleProps extends ResourceOptionProps {
  /**
   * The rule in the firewall rule language, e.g. `FROM any TO tag role = web ALLOW tcp PORT 443`,
   * or the text {@link FirewallRule.allow} / {@link FirewallRule.block} render. Parsed at synth with
   * the server's grammar (a typo fails naming the character position) and kept in the server's
   * canonical spelling, which is what plans show and what identifies the rule.
   */
  readonly rule: string;
  /**
   * Whether the rule is in force.
   * @default false (as CloudAPI creates rules)
   */
  readonly enabled?: boolean;
  /**
   * Whether connections the rule matches are logged.
   * @default false
   */
  readonly log?: boolean;
  /**
   * A description, at most 255 characters.
   * @default - none (not managed)
   */
  readonly description?: string;
}

const FIREWALL_RULE_PROPS = propNames<FirewallRuleProps>({ rule: true, enabled: true, log: true, description: true });

/** The longest description the server keeps. */
const MAX_DESCRIPTION = 255;

/** A firewall rule of the stack's account. */
export class FirewallRule extends TritonResource {
  /**
   * The text of a rule that allows traffic, from data:
   * `FirewallRule.allow({ from: 'any', to: { tag: ['role', 'web'] }, ports: [443] })` is
   * `FROM any TO tag "role" = "web" ALLOW tcp PORT 443`. A side may be an object with
   * `firewallTargets()` (a construct standing for the instances it selects).
   * @throws ValidationError naming the field of a malformed spec, or the rule's problem
   */
  static allow(spec: FirewallRuleSpec): string {
    return FirewallRule.render('allow', spec);
  }

  /** The text of a rule that blocks traffic, from data (see {@link FirewallRule.allow}). */
  static block(spec: FirewallRuleSpec): string {
    return FirewallRule.render('block', spec);
  }

  private static render(action: 'allow' | 'block', spec: FirewallRuleSpec): string {
    let text: string;
    try {
      text = firewallRuleText(ruleFromSpec(action, spec));
    } catch (err) {
      if (err instanceof FirewallSpecError) throw new ValidationError(`FirewallRule.${action}: ${err.message}`);
      throw err;
    }
    const parsed = tryParseFirewallRule(text);
    if (!parsed.ok)
      throw new ValidationError(`FirewallRule.${action}: ${JSON.stringify(text)}: ${parsed.error.message}`);
    return text;
  }

  readonly kind = 'firewall-rule' as const;
  /** The rule in canonical text. */
  readonly ruleText: string;
  private readonly properties: Omit<FirewallRuleProperties, 'vms'> & { vms?: Record<string, Reference> };

  constructor(scope: Construct, id: string, props: FirewallRuleProps) {
    super(scope, id, props, FIREWALL_RULE_PROPS);
    const at = this.node.path;
    if (typeof props.rule !== 'string' || props.rule.trim() === '')
      fail(
        at,
        'rule',
        props.rule,
        'must be a rule in the firewall rule language, e.g. FROM any TO all vms ALLOW tcp PORT 22',
      );
    const parsed = tryParseFirewallRule(props.rule);
    if (!parsed.ok) throw new ValidationError(`${at}: rule ${showValue(props.rule)}: ${parsed.error.message}`);
    for (const flag of ['enabled', 'log'] as const)
      if (props[flag] !== undefined && typeof props[flag] !== 'boolean')
        fail(at, flag, props[flag], 'must be true or false');
    if (props.description !== undefined) {
      if (typeof props.description !== 'string') fail(at, 'description', props.description, 'must be a string');
      if (props.description.length > MAX_DESCRIPTION)
        fail(
          at,
          'description',
          props.description,
          `must be at most ${MAX_DESCRIPTION} characters (the server refuses longer)`,
        );
    }
    this.ruleText = firewallRuleText(parsed.rule);
    const vms = this.instancesNamed(at);
    this.properties = {
      ...(vms !== undefined ? { vms } : {}),
      rule: this.ruleText,
      enabled: props.enabled ?? booleanDefault(firewallRuleKind, 'enabled'),
      log: props.log ?? booleanDefault(firewallRuleKind, 'log'),
      ...(props.description !== undefined ? { description: props.description } : {}),
    };
  }

  /** The declared instances the rule names by stand-in, each as a reference to its id. */
  private instancesNamed(at: string): Record<string, Reference> | undefined {
    const wanted = placeholdersIn(this.ruleText);
    if (wanted.length === 0) return undefined;
    const byPlaceholder = new Map<string, Instance>();
    for (const c of this.node.root.node.findAll())
      if (c instanceof Instance) byPlaceholder.set(instancePlaceholder(c.node.path), c);
    const out: Record<string, Reference> = {};
    for (const p of wanted) {
      const instance = byPlaceholder.get(p);
      if (instance === undefined)
        fail(at, 'rule', this.ruleText, `names vm ${p}, the stand-in of an Instance that is not in this app`);
      if (instance.stack.account !== this.stack.account)
        fail(at, 'rule', this.ruleText, `names ${instance.node.path}, an instance of another account`);
      if (inDifferentDatacenters(instance.stack.datacenter, this.stack.datacenter))
        fail(
          at,
          'rule',
          this.ruleText,
          `names ${instance.node.path}, an instance of datacenter ${instance.stack.datacenter}: a rule applies in its own datacenter (${this.stack.datacenter})`,
        );
      out[p] = instance.instanceId;
    }
    return out;
  }

  get naturalKey(): string {
    return this.ruleText;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'rule';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
