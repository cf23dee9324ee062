/** The construct of `widget`: what a stack author writes. */
import type { Construct } from 'constructs';
import type { ResourceKind } from '../../../common/manifest.js';
import { TritonResource, type RenderedResource } from '../../../constructs/resource.js';
import { widget } from './descriptor.js';

/** Props of {@link Widget}. */
export interface WidgetProps {
  /** @default the construct id */
  readonly name?: string;
  readonly color: 'red' | 'green' | 'blue';
  /** @default 1 */
  readonly size?: number;
}

/** A widget of the account. */
export class Widget extends TritonResource {
  readonly kind = widget.kind as ResourceKind;
  private readonly props: WidgetProps & { readonly name: string };

  constructor(scope: Construct, id: string, props: WidgetProps) {
    super(scope, id, props, ['name', 'color', 'size']);
    this.props = { ...props, name: props.name ?? id };
  }

  get naturalKey(): string {
    return this.props.name;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { name: this.props.name, color: this.props.color, size: this.props.size ?? 1 } };
  }
}
