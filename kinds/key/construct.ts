/**
 * `Key`: an SSH public key of the account.
 */
import type { Construct } from 'constructs';
import type { KeyProperties } from '../../common/resource-properties.js';
import { checkKeyName } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IRole, ITaggable } from '../../constructs/interfaces.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { tagOwnedResource } from '../../constructs/private/owned-role-tags.js';
import { fail } from '../../constructs/private/problems.js';
import { loadPublicKey } from '../../constructs/private/ssh-key.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link Key}. */
export interface KeyProps extends ResourceOptionProps {
  /**
   * The OpenSSH public key (`ssh-rsa AAAA… comment`). Give this or `keyFile`.
   * @default - read from `keyFile`
   */
  readonly key?: string;
  /**
   * Path to a `.pub` file, read at synth. Give this or `key`.
   * @default - `key` is used
   */
  readonly keyFile?: string;
  /**
   * The key's name (names need not be unique; the fingerprint identifies the key).
   * @default - the server uses the key's comment, then its fingerprint
   */
  readonly name?: string;
  /**
   * Hardware attestation: the certificate chain (PEM, leaf first) of a key held in a security
   * device. The server then marks the key `attested`.
   * @default - no attestation
   */
  readonly attestation?: readonly string[];
  /**
   * Roles to tag the key with (a `RoleTag` child).
   * @default - the key's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link KeyProps}, checked at synth (an unknown prop is an error). */
const KEY_PROPS = propNames<KeyProps>({ key: true, keyFile: true, name: true, attestation: true, roleTags: true });

/** An SSH key of the account. Keys cannot be edited: a changed key is a new key. */
export class Key extends TritonResource implements ITaggable {
  readonly kind = 'key' as const;
  /** Colon-hex MD5 fingerprint, the key's identity. */
  readonly fingerprint: string;
  private readonly properties: KeyProperties;

  constructor(scope: Construct, id: string, props: KeyProps) {
    super(scope, id, props, KEY_PROPS);
    const at = this.node.path;
    if (props.name !== undefined && (typeof props.name !== 'string' || props.name.length === 0))
      fail(at, 'name', props.name, 'must be a non-empty string');
    const nameProblem = props.name === undefined ? undefined : checkKeyName(props.name);
    if (nameProblem !== undefined) throw new ValidationError(`${at}: name: ${nameProblem}`);
    if (props.attestation !== undefined) {
      if (!Array.isArray(props.attestation) || props.attestation.length === 0)
        fail(at, 'attestation', props.attestation, 'must be a non-empty array of PEM certificates');
      props.attestation.forEach((cert, i) => {
        if (typeof cert !== 'string' || !cert.includes('-----BEGIN CERTIFICATE-----')) {
          fail(
            at,
            `attestation[${i}]`,
            typeof cert === 'string' ? cert.slice(0, 30) : cert,
            'must be a PEM certificate (-----BEGIN CERTIFICATE-----)',
          );
        }
      });
    }
    const parsed = loadPublicKey(at, props.key, props.keyFile);
    this.fingerprint = parsed.fingerprint;
    this.properties = {
      key: parsed.line,
      fingerprint: parsed.fingerprint,
      ...(props.name !== undefined ? { name: props.name } : {}),
      ...(props.attestation !== undefined ? { attestation: [...props.attestation] } : {}),
    };
    tagOwnedResource(this, props.roleTags);
  }

  /** The OpenSSH public key line (what an Instance's `rootAuthorizedKeys` writes). */
  get publicKey(): string {
    return this.properties.key;
  }

  get naturalKey(): string {
    return this.fingerprint;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'key';
  }

  /** `/<account>/keys/<fingerprint>`. */
  get roleTagPath(): string {
    return `/${this.stack.account}/keys/${this.fingerprint}`;
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
