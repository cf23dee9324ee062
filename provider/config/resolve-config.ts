/**
 * Resolves connection settings the way the standard clients do: explicit options win, then the
 * environment (`TRITON_*`/`SDC_*`, `MANTA_*`), then the `~/.triton` profile. HOME and the
 * environment are injectable so tests never touch the real ones.
 */
import { homedir } from 'node:os';
import { parseFingerprint, type KeyFingerprint } from '../auth/fingerprint.js';
import type { Signer } from '../auth/signer.js';
import { TritonConfigError } from '../errors.js';
import { findSigner } from './find-signer.js';
import { currentProfileName, readProfile, type TritonProfile } from './private/profiles.js';

/** Settings for one service, ready for `createCloudApiClient` or `createMantaClient`. */
export interface ServiceConfig {
  /** Base URL of the service. */
  readonly url: string;
  /** The account login that signs (and owns the paths, unless `actAsAccount` is set). */
  readonly account: string;
  /** Sub-user login to sign as. */
  readonly user?: string;
  /** Roles to take up on each request. */
  readonly roles?: readonly string[];
  /** Skip TLS certificate checks. */
  readonly insecure: boolean;
  /** Operate on this account's resources while signing as `account` (operators; CloudAPI only). */
  readonly actAsAccount?: string;
  readonly signer: Signer;
}

/** The outcome of {@link resolveConfig}: whichever services were configured. */
export interface ResolvedConfig {
  readonly cloudapi?: ServiceConfig;
  readonly manta?: ServiceConfig;
  /** The profile that was read, if any. */
  readonly profile?: string;
}

/** Manta-specific explicit options. */
export interface MantaOptions {
  readonly url?: string;
  /** The account (MANTA_USER). @default - the CloudAPI account */
  readonly account?: string;
  /** The sub-user (MANTA_SUBUSER). @default - the CloudAPI user */
  readonly subuser?: string;
  readonly keyId?: string;
  readonly insecure?: boolean;
  readonly roles?: readonly string[];
}

/** Options of {@link resolveConfig}; every field is optional and wins over env and profile. */
export interface ResolveConfigOptions {
  /** Profile name. @default - TRITON_PROFILE, then the profile named in ~/.triton/config.json */
  readonly profile?: string;
  readonly url?: string;
  readonly account?: string;
  readonly user?: string;
  /** Key fingerprint in any common form, or a whole key id. */
  readonly keyId?: string;
  readonly insecure?: boolean;
  readonly roles?: readonly string[];
  readonly actAsAccount?: string;
  readonly manta?: MantaOptions;
  /** A private key file to sign with. */
  readonly keyFile?: string;
  /** Private key text to sign with. @default - TRITON_KEY_MATERIAL */
  readonly keyMaterial?: string;
  /** Passphrase of an encrypted key. @default - TRITON_KEY_PASSPHRASE */
  readonly passphrase?: string;
  /** The environment. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The home directory holding `.triton` and `.ssh`. @default os.homedir() */
  readonly home?: string;
  /** Whether to ask a running ssh-agent. @default true */
  readonly useAgent?: boolean;
}

function firstOf(...values: (string | undefined)[]): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}

function parseBool(value: string | undefined, field: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new TritonConfigError('CONFIG_INVALID', `${field}: "${value}" is not a boolean (use 1/true or 0/false)`);
}

function parseRoles(value: string | undefined): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  return value
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
}

function requireSetting(value: string | undefined, what: string, where: string): string {
  if (value === undefined) throw new TritonConfigError('CONFIG_MISSING', `${what}: not set (${where})`);
  return value;
}

/**
 * Resolves the configuration and finds the signing key(s).
 * @throws TritonConfigError when a setting is missing or invalid, or no key can be found
 */
export async function resolveConfig(options: ResolveConfigOptions = {}): Promise<ResolvedConfig> {
  const env = options.env ?? process.env;
  const home = options.home ?? env.HOME ?? homedir();
  const profileName = firstOf(options.profile, env.TRITON_PROFILE) ?? (await currentProfileName(home));
  const profile: TritonProfile | undefined =
    profileName && profileName !== 'env' ? await readProfile(home, profileName) : undefined;
  const inProfile = profile ? `, or "<field>" in profile "${profile.name}"` : '';

  const url = firstOf(options.url, env.TRITON_URL, env.SDC_URL, profile?.url);
  const account = firstOf(options.account, env.TRITON_ACCOUNT, env.SDC_ACCOUNT, profile?.account);
  const user = firstOf(options.user, env.TRITON_USER, env.SDC_USER, profile?.user);
  const keyIdText = firstOf(options.keyId, env.TRITON_KEY_ID, env.SDC_KEY_ID, profile?.keyId);
  const insecure =
    options.insecure ??
    parseBool(env.TRITON_TLS_INSECURE, 'TRITON_TLS_INSECURE') ??
    parseBool(env.SDC_TLS_INSECURE, 'SDC_TLS_INSECURE') ??
    profile?.insecure ??
    false;
  const roles = options.roles ?? parseRoles(env.TRITON_ROLE) ?? profile?.roles;
  const actAsAccount = firstOf(options.actAsAccount, profile?.actAsAccount);

  const mantaOpts = options.manta ?? {};
  const mantaUrl = firstOf(mantaOpts.url, env.MANTA_URL);
  if (url === undefined && mantaUrl === undefined) {
    throw new TritonConfigError(
      'CONFIG_MISSING',
      `url: not set (give the \`url\` option, TRITON_URL/SDC_URL${inProfile.replace('<field>', 'url')}, or a Manta URL with \`manta.url\`/MANTA_URL)`,
    );
  }

  const signers = new Map<string, Promise<Signer>>();
  const signerFor = (fingerprintText: string | undefined, field: string): Promise<Signer> => {
    const cacheKey = fingerprintText ?? '';
    let pending = signers.get(cacheKey);
    if (!pending) {
      const fingerprint: KeyFingerprint | undefined =
        fingerprintText === undefined ? undefined : parseFingerprint(fingerprintText, field);
      const envMaterial =
        env.TRITON_KEY_MATERIAL !== undefined && env.TRITON_KEY_MATERIAL !== '' ? env.TRITON_KEY_MATERIAL : undefined;
      pending = findSigner({
        fingerprint,
        keyMaterial: options.keyMaterial ?? (options.keyFile === undefined ? envMaterial : undefined),
        keyMaterialField: options.keyMaterial !== undefined ? 'keyMaterial' : 'TRITON_KEY_MATERIAL',
        keyFile: options.keyFile,
        passphrase: options.passphrase ?? firstOf(env.TRITON_KEY_PASSPHRASE),
        home,
        agentSocket: options.useAgent === false ? undefined : firstOf(env.SSH_AUTH_SOCK),
      });
      signers.set(cacheKey, pending);
    }
    return pending;
  };

  let cloudapi: ServiceConfig | undefined;
  if (url !== undefined) {
    cloudapi = {
      url,
      account: requireSetting(
        account,
        'account',
        `give the \`account\` option, TRITON_ACCOUNT/SDC_ACCOUNT${inProfile.replace('<field>', 'account')}`,
      ),
      ...(user !== undefined ? { user } : {}),
      ...(roles !== undefined ? { roles } : {}),
      ...(actAsAccount !== undefined ? { actAsAccount } : {}),
      insecure,
      signer: await signerFor(keyIdText, 'keyId'),
    };
  }

  let manta: ServiceConfig | undefined;
  if (mantaUrl !== undefined) {
    const mantaKeyId = firstOf(mantaOpts.keyId, env.MANTA_KEY_ID) ?? keyIdText;
    const mantaUser = firstOf(mantaOpts.subuser, env.MANTA_SUBUSER) ?? user;
    const mantaRoles = mantaOpts.roles ?? parseRoles(env.MANTA_ROLE);
    manta = {
      url: mantaUrl,
      account: requireSetting(
        firstOf(mantaOpts.account, env.MANTA_USER) ?? account,
        'manta.account',
        'give `manta.account`, MANTA_USER, or a CloudAPI account',
      ),
      ...(mantaUser !== undefined ? { user: mantaUser } : {}),
      ...(mantaRoles !== undefined ? { roles: mantaRoles } : {}),
      insecure: mantaOpts.insecure ?? parseBool(env.MANTA_TLS_INSECURE, 'MANTA_TLS_INSECURE') ?? insecure,
      signer: await signerFor(mantaKeyId, mantaKeyId === keyIdText ? 'keyId' : 'MANTA_KEY_ID'),
    };
  }
  return {
    ...(cloudapi ? { cloudapi } : {}),
    ...(manta ? { manta } : {}),
    ...(profile ? { profile: profile.name } : {}),
  };
}
