/**
 * `AccountConfig`: the account configuration (the default network of container-tool instances).
 */
import type { Construct } from 'constructs';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { Reference } from '../../constructs/reference.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Props of an {@link AccountConfig}. */
export interface AccountConfigProps extends ResourceOptionProps {
  /** Id (UUID) of the network used for third-party-tool containers. */
  readonly defaultNetwork: string | Reference;
}

/** The names of {@link AccountConfigProps}, checked at synth (an unknown prop is an error). */
const ACCOUNT_CONFIG_PROPS = propNames<AccountConfigProps>({ defaultNetwork: true });

/** The account configuration (at most one per stack). */
export class AccountConfig extends TritonResource {
  readonly kind = 'account-config' as const;
  private readonly defaultNetwork: string | Reference;

  constructor(scope: Construct, id: string, props: AccountConfigProps) {
    super(scope, id, props, ACCOUNT_CONFIG_PROPS);
    if (
      !(props.defaultNetwork instanceof Reference) &&
      (typeof props.defaultNetwork !== 'string' || !UUID.test(props.defaultNetwork))
    ) {
      fail(this.node.path, 'defaultNetwork', props.defaultNetwork, 'must be a network id (UUID)');
    }
    this.defaultNetwork = props.defaultNetwork;
  }

  get naturalKey(): string {
    return this.stack.account;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'account';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { default_network: this.defaultNetwork } };
  }
}
