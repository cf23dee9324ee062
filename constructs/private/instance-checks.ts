/**
 * The synth-time checks of an `Instance`'s CNS settings, tags, metadata and Administrator password:
 * what VMAPI and CloudAPI would refuse or silently drop, refused first, naming the field and the rule.
 */
import { Reference } from '../reference.js';
import { Secret } from '../secret.js';
import { fail } from './problems.js';
import { isServerMetadataKey } from '../../common/kinds/instance.js';
import { DOCKER_TAG, tritonTagProblem } from '../../common/rules/machine-tags.js';
import { VALUE_NOT_SHOWN } from '../../common/kinds/shown-value.js';

/** A CNS service name: a DNS label (node-triton-tags checks the names as DNS names). */
const CNS_SERVICE = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The `cns` prop: an object of service names (DNS labels) and a boolean `disable`. */
export function checkCns(
  at: string,
  cns: { readonly services?: readonly string[]; readonly disable?: boolean } | undefined,
): void {
  if (cns === undefined) return;
  if (cns === null || typeof cns !== 'object' || Array.isArray(cns))
    fail(at, 'cns', cns, 'must be an object with services (a list of names) and/or disable (true or false)');
  if (cns.services !== undefined && !Array.isArray(cns.services))
    fail(at, 'cns.services', cns.services, 'must be a list of service names');
  (cns.services ?? []).forEach((s, i) => {
    if (typeof s !== 'string' || !CNS_SERVICE.test(s))
      fail(
        at,
        `cns.services[${i}]`,
        s,
        'must be a DNS label: lower-case letters, digits and "-", not at either end, at most 63',
      );
  });
  if (cns.disable !== undefined && typeof cns.disable !== 'boolean')
    fail(at, 'cns.disable', cns.disable, 'must be true or false');
}

/**
 * Metadata keys the server keeps are refused, never echoing the value (a password sits there).
 * Silently left out before, a declared one was never sent and plans said "No changes".
 */
export function checkServerMetadata(at: string, metadata: { readonly [key: string]: unknown } | undefined): void {
  for (const key of Object.keys(metadata ?? {})) {
    if (!isServerMetadataKey(key)) continue;
    const rule =
      key === 'administrator_pw'
        ? 'is kept by the server and never shown: declare the Administrator password with the administratorPw prop (a Secret)'
        : key === 'root_authorized_keys'
          ? "is kept by the server (it holds the account's SSH keys): it cannot be declared"
          : key === 'credentials'
            ? 'is kept by the server (CloudAPI moves it out of the metadata at create, into internal metadata): it cannot be declared'
            : 'ends in "_pw": CloudAPI keeps passwords out of customer metadata (it drops such keys at create and on every update), so it could never be set';
    fail(at, `metadata.${key}`, undefined, rule, { withhold: true });
  }
}

/**
 * Tags VMAPI refuses or treats specially, refused at synth with its rule: the CNS tags (declared
 * with `cns`), unknown or non-string `triton.*` tags (node-triton-tags), Docker's reserved tags.
 */
export function checkSpecialTags(at: string, tags: { readonly [key: string]: unknown } | undefined): void {
  for (const [key, value] of Object.entries(tags ?? {})) {
    if (key.startsWith('triton.cns.'))
      fail(at, `tags.${key}`, value, 'is a CNS tag: declare it with the cns prop (cns.services, cns.disable)');
    if (key.startsWith('triton.')) {
      const problem = tritonTagProblem(key, value instanceof Reference ? 'x' : value);
      if (problem !== undefined)
        fail(
          at,
          `tags.${key}`,
          value,
          `is refused by the server: ${problem} (triton.* tags are the ones node-triton-tags knows; a declared tag is a string)`,
        );
    }
    if (DOCKER_TAG.test(key))
      fail(
        at,
        `tags.${key}`,
        value,
        `is one of Docker's reserved tags, which CloudAPI refuses ("Special tag not supported")`,
      );
  }
}

/** `administratorPw` must be a Secret read from the environment or a file, never a literal. */
export function checkAdministratorPw(at: string, value: unknown): void {
  if (value === undefined) return;
  if (!(value instanceof Secret))
    fail(
      at,
      'administratorPw',
      undefined,
      `must be a Secret (Secret.fromEnv or Secret.fromFile); a literal would be stored in the manifest ${VALUE_NOT_SHOWN}`,
      { withhold: true },
    );
  if (value.toJSON().$secret.source === 'generated')
    fail(
      at,
      'administratorPw',
      'Secret.generated()',
      'must be read from the environment or a file (Secret.fromEnv, Secret.fromFile): a generated password is kept nowhere, so nobody could sign in as Administrator',
    );
}
