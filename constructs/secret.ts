/**
 * Secrets (user passwords) are named, never carried: the manifest records where the value will come
 * from at apply time, so the value itself never reaches a manifest, plan, state file or log.
 */
import type { SecretValue } from '../common/manifest.js';
import { ValidationError } from './errors.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Where a secret comes from at apply time. There is deliberately no `fromLiteral`: a literal in the
 * program would be stored in the repository and the manifest.
 */
export class Secret {
  /** Read from the environment variable `name` when the apply runs. */
  static fromEnv(name: string): Secret {
    if (!ENV_NAME.test(name)) {
      throw new ValidationError(
        `Secret.fromEnv: name ${JSON.stringify(name)}: must be an environment variable name (letters, digits and _, not starting with a digit)`,
      );
    }
    return new Secret({ $secret: { source: 'env', name } });
  }

  /** Read from the file at `path` (trailing newline removed) when the apply runs. */
  static fromFile(path: string): Secret {
    if (path.length === 0) throw new ValidationError('Secret.fromFile: path "": must not be empty');
    return new Secret({ $secret: { source: 'file', name: path } });
  }

  /**
   * A random value made at create time and kept nowhere: for users who sign in with keys only.
   * This is what `triton rbac apply` does for users without a password.
   */
  static generated(): Secret {
    return new Secret({ $secret: { source: 'generated' } });
  }

  private readonly value: SecretValue;

  private constructor(value: SecretValue) {
    this.value = value;
  }

  /** The manifest placeholder. */
  toJSON(): SecretValue {
    return this.value;
  }
}
