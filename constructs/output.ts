/**
 * `TritonOutput`: a named value of a stack (after `TerraformOutput` and the CDK's `CfnOutput`),
 * recorded in the state at apply and printed by `triton-iac output`.
 */
import { Construct } from 'constructs';
import type { OutputManifest } from '../common/manifest.js';
import { isOutputName } from '../common/rules/index.js';
import { Reference } from './reference.js';
import { Secret } from './secret.js';
import { canonicalize } from './private/canonical.js';
import { checkKnownProps, propNames } from './private/known-props.js';
import { fail, requirePropsObject } from './private/problems.js';
import { resolveValue } from './private/resolve.js';
import { stackOf, type StackInfo } from './private/stack-marker.js';
import { uniqueId } from './private/unique-id.js';

/** Props of a {@link TritonOutput}. */
export interface TritonOutputProps {
  /**
   * The value: a plain JSON value (string, number, boolean, `null`, array, object), or one holding
   * references to attributes of the stack's resources (`user.attr('id')`, `job.attr('outputs')`),
   * which are known after apply. Never a `Secret`.
   */
  readonly value: unknown;
  /**
   * One sentence for people, shown by `triton-iac output`.
   * @default - none
   */
  readonly description?: string;
  /**
   * Mask the value in `triton-iac output` unless it is asked for by name. The value is still
   * recorded in the state, so do not put a password here.
   * @default false
   */
  readonly sensitive?: boolean;
}

const OUTPUT_PROPS = propNames<TritonOutputProps>({ value: true, description: true, sensitive: true });

/** Marks a construct as an output, for the stack's tree walk. */
const OUTPUT_MARKER = Symbol.for('triton-iac.output');

/**
 * A named value of a stack: `new TritonOutput(stack, 'aliceId', { value: alice.attr('id') })`. The
 * construct id is the output's name, unique in its stack. After apply, `triton-iac output` prints
 * it.
 */
export class TritonOutput extends Construct {
  /** True when `x` is an output construct. */
  static isOutput(x: unknown): x is TritonOutput {
    return typeof x === 'object' && x !== null && (x as { [OUTPUT_MARKER]?: boolean })[OUTPUT_MARKER] === true;
  }

  private readonly [OUTPUT_MARKER] = true;
  /** The output's name (its construct id). */
  readonly name: string;
  /** The stack it belongs to. */
  readonly stack: StackInfo;
  private readonly props: TritonOutputProps;

  constructor(scope: Construct, id: string, props: TritonOutputProps) {
    super(scope, uniqueId(scope, id));
    const at = this.node.path;
    requirePropsObject(at, props, 'TritonOutput');
    checkKnownProps(at, props, OUTPUT_PROPS, 'TritonOutput');
    if (!isOutputName(id))
      fail(at, 'id', id, 'an output name is 1 to 64 letters, digits, `_` or `-`, starting with a letter');
    if (!('value' in props) || props.value === undefined)
      fail(at, 'value', props.value, 'is required: a plain value or a reference such as user.attr("id")');
    if (props.description !== undefined && typeof props.description !== 'string')
      fail(at, 'description', props.description, 'must be a string');
    if (props.sensitive !== undefined && typeof props.sensitive !== 'boolean')
      fail(at, 'sensitive', props.sensitive, 'must be true or false');
    checkValue(at, 'value', props.value);
    this.name = id;
    this.props = props;
    this.stack = stackOf(this, `TritonOutput ${JSON.stringify(id)}`);
  }

  /**
   * The manifest entry, with the references it holds (they must be in the same stack).
   * @internal
   */
  renderOutput(): { output: OutputManifest; refs: Reference[] } {
    const refs: Reference[] = [];
    const value = canonicalize(resolveValue(this.props.value, (ref) => refs.push(ref))) as OutputManifest['value'];
    return {
      output: {
        name: this.name,
        value: value ?? null,
        ...(this.props.description !== undefined ? { description: this.props.description } : {}),
        ...(this.props.sensitive === true ? { sensitive: true } : {}),
      },
      refs,
    };
  }
}

/** Refuses what is not JSON data: a secret (it would be stored in clear), a function, a class instance. */
function checkValue(at: string, where: string, value: unknown): void {
  if (value instanceof Secret)
    fail(at, where, undefined, 'an output cannot carry a Secret: outputs are stored in the state in clear', {
      withhold: true,
    });
  if (value instanceof Reference || value === null || ['string', 'boolean'].includes(typeof value)) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(at, where, String(value), 'must be a finite number');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkValue(at, `${where}[${i}]`, v));
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value as object)) if (v !== undefined) checkValue(at, `${where}.${k}`, v);
    return;
  }
  fail(
    at,
    where,
    String(value),
    'must be JSON data (string, number, boolean, null, array, plain object) or a Reference',
  );
}
