/**
 * `AccountLookup`: the stack's account read at plan time (terraform-provider-triton's data
 * `triton_account`), whose attributes other resources take (`account.accountId`).
 */
import type { Construct } from 'constructs';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of an {@link AccountLookup}: none, the account is the stack's. */
export type AccountLookupProps = Record<string, never>;

const ACCOUNT_LOOKUP_PROPS = propNames<AccountLookupProps>({});

/** A look-up of the stack's own account; creates nothing. Its attributes are known at plan time. */
export class AccountLookup extends TritonResource {
  readonly kind = 'account-lookup' as const;

  constructor(scope: Construct, id: string, props: AccountLookupProps = {}) {
    super(scope, id, props, ACCOUNT_LOOKUP_PROPS);
  }

  /** The account's UUID. */
  get accountId(): Reference {
    return this.attributeRef('id');
  }

  /** The account's login. */
  get login(): Reference {
    return this.attributeRef('login');
  }

  /** Whether Triton CNS is enabled for the account (`triton_cns_enabled`). */
  get cnsEnabled(): Reference {
    return this.attributeRef('cnsEnabled');
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
    return { properties: {} };
  }
}
