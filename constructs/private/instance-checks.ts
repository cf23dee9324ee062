/**
 * The synth-time checks of an `Instance`'s CNS settings, tags, metadata and Administrator password:
 * what VMAPI and CloudAPI would refuse or silently drop, refused first, naming the field and the rule.
 */
import { Secret } from '../secret.js';
import { fail } from './problems.js';
import { declaredMetadataKeyProblem, declaredTagProblem } from '../../common/rules/machine-tags.js';
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
 * Metadata keys the server keeps (and `*_pw` keys) are refused, never echoing the value (a password
 * sits there). Silently left out before, a declared one was never sent and plans said "No changes".
 */
export function checkServerMetadata(at: string, metadata: { readonly [key: string]: unknown } | undefined): void {
  for (const key of Object.keys(metadata ?? {})) {
    const problem = declaredMetadataKeyProblem(key);
    if (problem !== undefined) fail(at, `metadata.${key}`, undefined, problem, { withhold: true });
  }
}

/**
 * Tags VMAPI refuses or treats specially, refused at synth with its rule: the CNS tags (declared
 * with `cns`), unknown or non-string `triton.*` tags (node-triton-tags), Docker's reserved tags.
 */
export function checkSpecialTags(at: string, tags: { readonly [key: string]: unknown } | undefined): void {
  for (const [key, value] of Object.entries(tags ?? {})) {
    const problem = declaredTagProblem(key, typeof value === 'string' ? value : undefined);
    if (problem !== undefined) fail(at, `tags.${key}`, value, problem);
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
