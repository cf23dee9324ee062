/**
 * `SnapLink`: a snapshot link to an object (the object's current bytes under a second path).
 */
import type { Construct } from 'constructs';
import type { SnapLinkProperties } from '../../common/resource-properties.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { StorObject } from '../object/construct.js';
import { ancestorDirectories, mantaPath } from '../../constructs/private/manta-path.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link SnapLink}. */
export interface SnapLinkProps extends ResourceOptionProps {
  /** The link's path, below `/<login>/stor` or `/<login>/public`. */
  readonly path: string;
  /** The object linked to: a `StorObject` of the stack, or the path of an existing object. */
  readonly source: StorObject | string;
}

/** The names of {@link SnapLinkProps}, checked at synth (an unknown prop is an error). */
const SNAP_LINK_PROPS = propNames<SnapLinkProps>({ path: true, source: true });

/** A snaplink. Links cannot be edited: a changed source is a new link. */
export class SnapLink extends TritonResource {
  readonly kind = 'snaplink' as const;
  /** The canonical path of the link. */
  readonly path: string;
  /** The canonical path of the source object. */
  readonly sourcePath: string;
  private readonly sourceObject: StorObject | undefined;

  constructor(scope: Construct, id: string, props: SnapLinkProps) {
    super(scope, id, props, SNAP_LINK_PROPS);
    const at = this.node.path;
    this.path = mantaPath(at, 'path', props.path, this.stack.account, true);
    if (props.source instanceof StorObject) {
      this.sourcePath = props.source.path;
      this.sourceObject = props.source;
    } else if (typeof props.source === 'string') {
      this.sourcePath = mantaPath(at, 'source', props.source, this.stack.account, true);
    } else {
      fail(at, 'source', String(props.source), 'must be a StorObject or an object path');
    }
    if (this.sourcePath === this.path) fail(at, 'source', this.sourcePath, 'a link cannot point at itself');
  }

  get naturalKey(): string {
    return this.path;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'path';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const deps: (TritonResource | undefined)[] = ancestorDirectories(this.path).map((p) => ctx.find('directory', p));
    deps.push(this.sourceObject ?? ctx.find('object', this.sourcePath));
    const properties: SnapLinkProperties = { path: this.path, source: this.sourcePath };
    return { properties: { ...properties }, dependsOn: deps };
  }
}
