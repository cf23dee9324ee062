/**
 * Resolves `{ $secret }` placeholders at apply time. Values are handed to handlers and forgotten: the
 * resolver remembers them only so that error messages can be scrubbed of them before they leave the
 * engine.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { isSecret, type ResourceKind, type SecretValue, type StackManifest } from '../../common/manifest.js';
import type { AnyHandler, SecretResolver } from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import type { Plan } from '../plan/types.js';

/** A {@link SecretResolver} that can also scrub the values it gave out from any text. */
export interface EngineSecretResolver extends SecretResolver {
  /**
   * Resolves env and file secrets, or `undefined` when not available; `generated` is never resolved
   * here (there is nothing to compare a made-up value with).
   */
  tryResolve(secret: SecretValue): string | undefined;
  /** `text` with every value this resolver handed out replaced by `(sensitive value)`. */
  scrub(text: string): string;
}

/**
 * Creates a resolver reading environment variables from `env` and files relative to `workDir`.
 * @throws (from `resolve`) ReconcilerError `SECRET_UNAVAILABLE` naming the variable or file, never a value.
 */
export function createSecretResolver(env: NodeJS.ProcessEnv, workDir: string): EngineSecretResolver {
  const given = new Set<string>();
  const remember = (value: string): string => {
    if (value.length >= 4) given.add(value);
    return value;
  };
  const read = (secret: SecretValue, strict: boolean): string | undefined => {
    const s = secret.$secret;
    if (s.source === 'generated') return remember(generatePassword());
    if (s.source === 'env') {
      const value = env[s.name];
      if (value === undefined || value === '') {
        if (!strict) return undefined;
        throw new ReconcilerError(
          'SECRET_UNAVAILABLE',
          `secret from environment variable ${s.name}: the variable is not set; export it before running apply`,
        );
      }
      return remember(value);
    }
    const path = isAbsolute(s.name) ? s.name : resolve(workDir, s.name);
    try {
      return remember(readFileSync(path, 'utf8').replace(/\r?\n$/, ''));
    } catch (error) {
      if (!strict) return undefined;
      throw new ReconcilerError(
        'SECRET_UNAVAILABLE',
        `secret from file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  };
  return {
    resolve: (secret) => read(secret, true)!,
    tryResolve: (secret) => (secret.$secret.source === 'generated' ? undefined : read(secret, false)),
    scrub: (text) => {
      let out = text;
      for (const value of given) out = out.split(value).join('(sensitive value)');
      return out;
    },
  };
}

/**
 * Checks, before anything changes, that apply can read every secret it will write: those of the
 * resources the plan creates or replaces (an update writes a secret only when the plan saw it change,
 * which needed it readable). A generated secret is made up, so it is always available.
 * @throws ReconcilerError `SECRET_UNAVAILABLE` naming every missing variable and unreadable file, and
 *   the address that needs it, never a value.
 */
export function assertSecretsReadable(
  plan: Plan,
  stack: StackManifest,
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
  secrets: EngineSecretResolver,
): void {
  const resources = new Map(stack.resources.map((r) => [r.address, r]));
  const missing: string[] = [];
  for (const change of plan.changes) {
    if (change.action !== 'create' && change.action !== 'replace') continue;
    const resource = resources.get(change.address);
    const writeOnly = handlers.get(change.kind)?.schema.writeOnly ?? [];
    for (const field of writeOnly) {
      const value = resource?.properties[field];
      if (!isSecret(value) || value.$secret.source === 'generated' || secrets.tryResolve(value) !== undefined) continue;
      const what =
        value.$secret.source === 'env'
          ? `environment variable ${value.$secret.name} is not set`
          : `file ${value.$secret.name} cannot be read`;
      missing.push(
        `${what} (${change.address}.${field}, needed to ${change.action === 'create' ? 'create' : 'replace'} it)`,
      );
    }
  }
  if (missing.length > 0) {
    throw new ReconcilerError(
      'SECRET_UNAVAILABLE',
      `apply would need ${missing.length === 1 ? 'a secret it cannot read' : `${missing.length} secrets it cannot read`}: ${missing.join('; ')}`,
    );
  }
}

/**
 * A random password the servers accept: 20 characters from letters and digits, with at least one
 * of each (CloudAPI wants 7 or more with a letter and a digit).
 */
export function generatePassword(): string {
  const letters = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const bytes = randomBytes(18);
  const body = [...bytes].map((b) => all[b % all.length]).join('');
  return `${letters[randomInt(letters.length)]}${body}${digits[randomInt(digits.length)]}`;
}
