/**
 * `InstanceSnapshot`: a snapshot of an {@link Instance}, taken once the instance runs.
 */
import type { Construct } from 'constructs';
import type { InstanceSnapshotProperties } from '../../common/resource-properties.js';
import { SNAPSHOT_NAME_PATTERN } from './descriptor.js';
import { Instance } from '../instance/construct.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of an {@link InstanceSnapshot}. */
export interface InstanceSnapshotProps extends ResourceOptionProps {
  /** The instance to snapshot, an `Instance` of the same stack. A change replaces the snapshot. */
  readonly instance: Instance;
  /**
   * Snapshot name: 1 to 64 letters, digits, `-`, `_` or `.`, unique on the instance. A change
   * replaces the snapshot (the old one is deleted first).
   */
  readonly name: string;
}

const INSTANCE_SNAPSHOT_PROPS = propNames<InstanceSnapshotProps>({ instance: true, name: true });

const NAME = new RegExp(SNAPSHOT_NAME_PATTERN);

/**
 * A snapshot of an instance. Apply takes it once the instance is running (or stopped, as declared)
 * and waits until the server reports it `created`; removing the construct deletes it. Rolling the
 * instance back to it is a command, never part of a plan:
 * `triton-iac instance rollback <address>`.
 */
export class InstanceSnapshot extends TritonResource {
  readonly kind = 'instance-snapshot' as const;
  /** The snapshot name. */
  readonly snapshotName: string;
  /** The instance snapshotted. */
  readonly instance: Instance;

  constructor(scope: Construct, id: string, props: InstanceSnapshotProps) {
    super(scope, id, props, INSTANCE_SNAPSHOT_PROPS);
    const at = this.node.path;
    if (!(props.instance instanceof Instance))
      fail(at, 'instance', String(props.instance), 'must be an Instance of the stack');
    if (typeof props.name !== 'string' || !NAME.test(props.name))
      fail(at, 'name', props.name, 'must be 1 to 64 letters, digits, "-", "_" or "."');
    this.instance = props.instance;
    this.snapshotName = props.name;
  }

  get naturalKey(): string {
    return `${this.instance.instanceName}/${this.snapshotName}`;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** @internal */
  renderResource(_ctx: RenderContext): RenderedResource {
    // `instance` is the instance's id, known after apply: a reference the engine resolves.
    const properties: Omit<InstanceSnapshotProperties, 'instance'> = {
      instanceName: this.instance.instanceName,
      name: this.snapshotName,
    };
    return { properties: { instance: this.instance.instanceId, ...properties }, dependsOn: [this.instance] };
  }
}
