/**
 * `StackOutputs`: the outputs of another app, read from its state at plan time, as Terraform's
 * `terraform_remote_state`, Pulumi's `StackReference` and the CDK's cross-stack exports:
 *
 * ```ts
 * const network = StackOutputs.of('../network/.triton-iac/network.state.json');
 * new Instance(stack, 'web', { ..., networks: [network.get('webNetworkId')] });
 * ```
 */
import type { OutputRefValue } from '../common/manifest.js';
import { isOutputName } from '../common/rules/index.js';
import { ValidationError } from './errors.js';
import { Reference } from './reference.js';
import { showValue } from './private/problems.js';

/** Where an app's state lives, as `StackOutputs.of` takes it. */
const MANTA = /^manta:\/[^/\s]+\/(stor|public)\/\S+$/;

/**
 * One output of another app: a {@link Reference} wherever a prop takes one. It is no dependency of
 * this app (the other app applies it); its value is read when this app is planned.
 */
export class StackOutputReference extends Reference {
  /** The state's location, as given to {@link StackOutputs.of}. */
  readonly state: string;
  /** The output's name. */
  readonly name: string;

  /** @internal */
  constructor(state: string, name: string) {
    // The target is the other app's state, not a resource: nothing of this app is waited for.
    super({ address: `${state}#${name}`, kind: 'account' }, 'value');
    this.state = state;
    this.name = name;
  }

  /** The manifest placeholder, `{ $output: { state, name } }`. */
  override toJSON(): OutputRefValue {
    return { $output: { state: this.state, name: this.name } };
  }
}

/** The outputs of another app, by the location of its state. */
export class StackOutputs {
  /**
   * The outputs of the app whose state is at `location`: a local state file (relative to the
   * directory the CLI runs in, as a stack's `state.path`) or `manta:/<account>/stor/<path>` (the
   * object a stack's Manta state is kept in; the reading stack's keys must be able to get it).
   * @throws ValidationError for a location that is neither
   */
  static of(location: string): StackOutputs {
    if (typeof location !== 'string' || location.trim() === '' || [...location].some((ch) => ch < ' '))
      throw new ValidationError(
        `StackOutputs.of(${showValue(location)}): must be the location of a state: a local file path, or manta:/<account>/stor/<path>`,
      );
    if (location.startsWith('manta:') && !MANTA.test(location))
      throw new ValidationError(
        `StackOutputs.of(${showValue(location)}): a Manta state location must be manta:/<account>/stor/<path> (the object a stack's state is kept in)`,
      );
    return new StackOutputs(location);
  }

  private constructor(
    /** The state's location. */
    readonly location: string,
  ) {}

  /**
   * The output `name`, read from the state when this app is planned: a plan fails naming the
   * location and the output when the state or the output is missing, or when it is sensitive.
   */
  get(name: string): StackOutputReference {
    if (typeof name !== 'string' || !isOutputName(name))
      throw new ValidationError(
        `StackOutputs.of(${JSON.stringify(this.location)}).get(${showValue(name)}): an output name is a letter followed by up to 63 letters, digits, "_" and "-"`,
      );
    return new StackOutputReference(this.location, name);
  }
}
