/**
 * Reads the standard CLI's profiles: `~/.triton/profiles.d/<name>.json` and the current profile
 * named in `~/.triton/config.json`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TritonConfigError } from '../../errors.js';

/** The fields of a profile file that we use. */
export interface TritonProfile {
  readonly name: string;
  readonly url?: string;
  readonly account?: string;
  readonly keyId?: string;
  readonly insecure?: boolean;
  readonly user?: string;
  readonly roles?: readonly string[];
  readonly actAsAccount?: string;
}

async function readJson(path: string, what: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `${what}: cannot read "${path}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new TritonConfigError('CONFIG_INVALID', `${what}: "${path}" is not valid JSON (${(err as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TritonConfigError('CONFIG_INVALID', `${what}: "${path}" must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** The profile `~/.triton/config.json` names as current, if any. */
export async function currentProfileName(home: string): Promise<string | undefined> {
  const config = await readJson(join(home, '.triton', 'config.json'), 'config');
  const name = config?.profile;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function optionalString(obj: Record<string, unknown>, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `profile ${key}: ${JSON.stringify(value)} in "${path}" must be a string`,
    );
  return value;
}

/**
 * Reads one profile.
 * @throws TritonConfigError `PROFILE_NOT_FOUND` when the file does not exist
 */
export async function readProfile(home: string, name: string): Promise<TritonProfile> {
  if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) {
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `profile: "${name}" is not a valid profile name (letters, digits, "_", "-" and ".")`,
    );
  }
  const path = join(home, '.triton', 'profiles.d', `${name}.json`);
  const raw = await readJson(path, 'profile');
  if (!raw) throw new TritonConfigError('PROFILE_NOT_FOUND', `profile: "${name}" not found (no file "${path}")`);
  const insecure = raw.insecure;
  if (insecure !== undefined && typeof insecure !== 'boolean') {
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `profile insecure: ${JSON.stringify(insecure)} in "${path}" must be true or false`,
    );
  }
  const roles = raw.roles;
  if (roles !== undefined && !(Array.isArray(roles) && roles.every((r) => typeof r === 'string'))) {
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `profile roles: ${JSON.stringify(roles)} in "${path}" must be an array of role names`,
    );
  }
  return {
    name,
    url: optionalString(raw, 'url', path),
    account: optionalString(raw, 'account', path),
    keyId: optionalString(raw, 'keyId', path),
    user: optionalString(raw, 'user', path),
    actAsAccount: optionalString(raw, 'actAsAccount', path),
    insecure: insecure as boolean | undefined,
    roles: roles as string[] | undefined,
  };
}
