/**
 * Finds the stack a construct belongs to without importing the stack class (which imports the
 * resources), so resource modules and the stack module do not form an import cycle.
 */
import type { IConstruct } from 'constructs';
import { ValidationError } from '../errors.js';

/** Marks a construct as a stack. */
export const STACK_MARKER = Symbol.for('triton-iac.stack');

/** What a resource needs to know about its stack. */
export interface StackInfo extends IConstruct {
  readonly [STACK_MARKER]: true;
  /** The account login. */
  readonly account: string;
  /** The datacenter the stack names, if it names one. */
  readonly datacenter: string | undefined;
}

/** True when `c` is a stack. */
export function isStack(c: IConstruct): c is StackInfo {
  return (c as Partial<StackInfo>)[STACK_MARKER] === true;
}

/** The nearest enclosing stack of `scope` (itself included). */
export function stackOf(scope: IConstruct, what: string): StackInfo {
  for (let c: IConstruct | undefined = scope; c !== undefined; c = c.node.scope) {
    if (isStack(c)) return c;
  }
  throw new ValidationError(
    `${scope.node.path || '<root>'}: ${what} must be created inside a TritonStack (new TritonStack(app, 'prod', { account: 'acme' }))`,
  );
}
