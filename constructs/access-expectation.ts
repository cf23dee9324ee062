/**
 * Access expectations as code: `expectAccess(stack, { user, can, on })` says a sub-user must be able
 * to perform actions on a resource, `expectDenied(stack, { user, cannot, on })` that it must not.
 * They are checked with the evaluator CloudAPI and Manta decide with: at synth against the declared
 * account (synth fails naming the first failing condition, or the granting chain), on a plan's
 * after-state (the plan fails), and live by `triton-iac drift`.
 */
import { Construct, type IConstruct } from 'constructs';
import type { AccessExpectation } from '../common/manifest.js';
import { checkKnownProps, propNames } from './private/known-props.js';
import { fail, requirePropsObject } from './private/problems.js';
import { stackOf } from './private/stack-marker.js';
import type { IUser } from './interfaces.js';

/** Who is expected to be able (or unable) to do what. */
export interface AccessExpectationProps {
  /** The sub-user: a `User` of the stack, or a login. */
  readonly user: IUser | string;
  /** The resource: a path such as `/my/machines`, `/my/users/bob` or `/my/stor/site` (`/my` is the stack's account). */
  readonly on: string;
  /**
   * The roles the request takes up (`as-role`, Manta's `Role` header).
   * @default - only the user's default roles are active
   */
  readonly asRoles?: readonly string[];
  /**
   * Why it must hold: shown when it does not.
   * @default - none
   */
  readonly because?: string;
}

/** Props of {@link expectAccess}. */
export interface ExpectAccessProps extends AccessExpectationProps {
  /** Actions the user must be able to perform, such as `['getmachine', 'listmachines']`. */
  readonly can: readonly string[];
}

/** Props of {@link expectDenied}. */
export interface ExpectDeniedProps extends AccessExpectationProps {
  /** Actions the user must not be able to perform, such as `['deletemachine']`. */
  readonly cannot: readonly string[];
}

const COMMON = { user: true, on: true, asRoles: true, because: true } as const;
const ACCESS_PROPS = propNames<ExpectAccessProps>({ ...COMMON, can: true });
const DENIED_PROPS = propNames<ExpectDeniedProps>({ ...COMMON, cannot: true });

/** Marks the construct, for the stack's tree walk. */
const EXPECTATION_MARKER = Symbol.for('triton-iac.access-expectation');

/** One expectation in the construct tree; made by {@link expectAccess} and {@link expectDenied}. */
export class AccessExpectationConstruct extends Construct {
  /** True when `x` is an expectation construct. */
  static isExpectation(x: unknown): x is AccessExpectationConstruct {
    return (
      typeof x === 'object' && x !== null && (x as { [EXPECTATION_MARKER]?: boolean })[EXPECTATION_MARKER] === true
    );
  }

  private readonly [EXPECTATION_MARKER] = true;
  /** The expectation, its resource as written (`/my` is replaced at synth). */
  readonly expectation: AccessExpectation;

  constructor(scope: IConstruct, expect: 'allowed' | 'denied', props: ExpectAccessProps | ExpectDeniedProps) {
    const stack = stackOf(scope, expect === 'allowed' ? 'expectAccess' : 'expectDenied');
    super(
      stack as unknown as Construct,
      `expect-${(stack as unknown as Construct).node.children.filter((c) => AccessExpectationConstruct.isExpectation(c)).length}`,
    );
    const at = this.node.path;
    const what = expect === 'allowed' ? 'expectAccess' : 'expectDenied';
    requirePropsObject(at, props, what);
    checkKnownProps(at, props, expect === 'allowed' ? ACCESS_PROPS : DENIED_PROPS, what);
    const actions = expect === 'allowed' ? (props as ExpectAccessProps).can : (props as ExpectDeniedProps).cannot;
    const field = expect === 'allowed' ? 'can' : 'cannot';
    if (!Array.isArray(actions) || actions.length === 0)
      fail(at, field, actions, 'must be a non-empty list of actions, such as ["getmachine"]');
    const user = typeof props.user === 'string' ? props.user : (props.user as { login?: unknown } | undefined)?.login;
    if (typeof user !== 'string' || user === '') fail(at, 'user', props.user, 'must be a User or a sub-user login');
    if (typeof props.on !== 'string') fail(at, 'on', props.on, 'must be a path such as /my/machines');
    if (props.because !== undefined && typeof props.because !== 'string')
      fail(at, 'because', props.because, 'must be a string');
    if (
      props.asRoles !== undefined &&
      (!Array.isArray(props.asRoles) || props.asRoles.some((r) => typeof r !== 'string'))
    )
      fail(at, 'asRoles', props.asRoles, 'must be a list of role names');
    this.expectation = {
      expect,
      user: user as string,
      actions: [...new Set(actions.map((a) => String(a).toLowerCase()))],
      resource: props.on,
      ...(props.asRoles !== undefined ? { asRoles: [...props.asRoles] } : {}),
      ...(props.because !== undefined ? { because: props.because } : {}),
    };
  }
}

/**
 * Declares that `props.user` must be able to perform each of `props.can` on `props.on`. Checked at
 * synth on the declared account, on every plan's after-state, and live by `triton-iac drift`.
 * @example expectAccess(stack, { user: bob, can: ['getuser', 'listusers'], on: '/my/users' })
 */
export function expectAccess(stack: IConstruct, props: ExpectAccessProps): AccessExpectationConstruct {
  return new AccessExpectationConstruct(stack, 'allowed', props);
}

/**
 * Declares that `props.user` must not be able to perform any of `props.cannot` on `props.on`.
 * @example expectDenied(stack, { user: bob, cannot: ['deletemachine'], on: '/my/machines' })
 */
export function expectDenied(stack: IConstruct, props: ExpectDeniedProps): AccessExpectationConstruct {
  return new AccessExpectationConstruct(stack, 'denied', props);
}
