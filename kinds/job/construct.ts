/**
 * `Job`: a compute job over stored objects.
 */
import type { Construct } from 'constructs';
import type { JobPhaseProperties } from '../../common/resource-properties.js';
import { checkJobName, checkJobPhase } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { StorObject } from '../object/construct.js';
import { mantaPath } from '../../constructs/private/manta-path.js';
import { fail, showValue } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';
import { booleanDefault } from '../../common/kinds/defaults.js';
import { job as jobKind } from './descriptor.js';

/** One phase of a {@link Job}. */
export interface JobPhase {
  /**
   * `map` runs once per input object; `reduce` gets the previous phase's outputs on stdin.
   * @default 'map'
   */
  readonly type?: 'map' | 'reduce';
  /** The shell command (pipelines allowed). */
  readonly exec: string;
  /**
   * A shell statement run in each compute zone before any task.
   * @default - none
   */
  readonly init?: string;
  /**
   * Objects placed in the compute zones under `/assets/<path>`: `StorObject`s of the stack or paths.
   * @default - none
   */
  readonly assets?: readonly (StorObject | string)[];
  /**
   * Number of reducers, reduce phases only: 1 to 1024.
   * @default 1 (the server's default)
   */
  readonly count?: number;
  /**
   * Memory in MB: 256, 512, 1024, 2048, 4096 or 8192.
   * @default - the server's default
   */
  readonly memory?: number;
  /**
   * Disk in GB: 2, 4, 8, 16, 32, 64, 128, 256, 512 or 1024.
   * @default - the server's default
   */
  readonly disk?: number;
}

/** Props of a {@link Job}. */
export interface JobProps extends ResourceOptionProps {
  /**
   * The job name, which identifies the job within the stack.
   * @default - the construct id
   */
  readonly name?: string;
  /** The phases, in order; at least one. */
  readonly phases: readonly JobPhase[];
  /**
   * Input objects: `StorObject`s of the stack, paths, or another job's `outputs`.
   * @default - none
   */
  readonly inputs?: readonly (StorObject | string | Reference)[];
  /**
   * Whether apply waits for the job to finish before moving on (and fails when the job reports
   * errors).
   * @default true
   */
  readonly wait?: boolean;
}

/** The names of {@link JobProps}, checked at synth (an unknown prop is an error). */
const JOB_PROPS = propNames<JobProps>({ name: true, phases: true, inputs: true, wait: true });

/**
 * A compute job. Jobs cannot be changed once created: a changed definition runs a new job. Its
 * output paths are available after apply through `outputs`.
 */
export class Job extends TritonResource {
  readonly kind = 'job' as const;
  /** The job name. */
  readonly jobName: string;
  private readonly phases: readonly { readonly phase: JobPhase; readonly assets: readonly (StorObject | string)[] }[];
  private readonly inputs: readonly (StorObject | string | Reference)[];
  private readonly wait: boolean;

  constructor(scope: Construct, id: string, props: JobProps) {
    super(scope, id, props, JOB_PROPS);
    const at = this.node.path;
    const name = props.name ?? id;
    if (typeof name !== 'string' || name.length === 0) fail(at, 'name', name, 'must be a non-empty string');
    const nameProblem = checkJobName(name);
    if (nameProblem !== undefined) throw new ValidationError(`${at}: name: ${nameProblem}`);
    if (!Array.isArray(props.phases) || props.phases.length === 0)
      fail(at, 'phases', props.phases, 'a job needs at least one phase');
    const problems: string[] = [];
    const account = this.stack.account;
    const phases: readonly JobPhase[] = props.phases;
    this.phases = phases.map((phase, i) => {
      const assets = (phase?.assets ?? []).map((a: StorObject | string, j: number): StorObject | string =>
        a instanceof StorObject ? a : mantaPath(at, `phases[${i}].assets[${j}]`, a, account, true),
      );
      const plain = {
        ...phase,
        assets:
          phase?.assets === undefined
            ? undefined
            : assets.map((a: StorObject | string) => (typeof a === 'string' ? a : a.path)),
      };
      for (const p of checkJobPhase(plain, i)) problems.push(`${at}: ${p}`);
      return { phase, assets };
    });
    if (problems.length > 0) throw new ValidationError(problems.join('\n'));
    if (props.inputs !== undefined && !Array.isArray(props.inputs))
      fail(at, 'inputs', props.inputs, 'must be an array of StorObjects, references or object paths');
    this.inputs = (props.inputs ?? []).map((input, i) => {
      if (input instanceof StorObject) return input;
      if (input instanceof Reference) {
        if (input.target.kind !== 'job' || input.attribute !== 'outputs') {
          fail(
            at,
            `inputs[${i}]`,
            `${input.target.address}.${input.attribute}`,
            "a reference input must be another job's outputs",
          );
        }
        return input;
      }
      return mantaPath(at, `inputs[${i}]`, input, account, true);
    });
    if (props.wait !== undefined && typeof props.wait !== 'boolean')
      fail(at, 'wait', showValue(props.wait), 'must be true or false');
    this.jobName = name;
    this.wait = props.wait ?? booleanDefault(jobKind, 'wait');
  }

  /** The job's id, known after apply. */
  get jobId(): Reference {
    return this.attributeRef('id');
  }

  /** The job's output object paths, known after apply; usable as another job's `inputs`. */
  get outputs(): Reference {
    return this.attributeRef('outputs');
  }

  get naturalKey(): string {
    return this.jobName;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const deps: (TritonResource | undefined)[] = [];
    const pathOf = (o: StorObject | string): string => {
      deps.push(typeof o === 'string' ? ctx.find('object', o) : o);
      return typeof o === 'string' ? o : o.path;
    };
    const phases: JobPhaseProperties[] = this.phases.map(({ phase, assets }) => ({
      type: phase.type ?? 'map',
      exec: phase.exec,
      ...(phase.init !== undefined ? { init: phase.init } : {}),
      ...(phase.assets !== undefined ? { assets: assets.map(pathOf) } : {}),
      ...(phase.count !== undefined ? { count: phase.count } : {}),
      ...(phase.memory !== undefined ? { memory: phase.memory } : {}),
      ...(phase.disk !== undefined ? { disk: phase.disk } : {}),
    }));
    const inputs = this.inputs.map((i) => (i instanceof Reference ? i : pathOf(i)));
    return { properties: { name: this.jobName, phases, inputs, wait: this.wait }, dependsOn: deps };
  }
}
