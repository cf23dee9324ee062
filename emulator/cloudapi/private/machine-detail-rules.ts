/**
 * What VMAPI and CloudAPI accept as a machine's tags and metadata, and how they word a refusal.
 *
 * Tags (sdc-vmapi `lib/common/validation.js` `validMetadata` and `validTags`; the `triton.*` and
 * Docker rules are `common/rules/machine-tags.ts`): values are strings, numbers or booleans; a
 * `triton.*` key must be one node-triton-tags knows, of its type; Docker's reserved tags
 * (`DOCKER_TAG_DEFAULT_RE`) cannot be set or deleted. VMAPI refuses with 409 `ValidationFailed`
 * and one `errors` entry; CloudAPI (`lib/errors.js` `vmapiErrorWrap`, `ExposedSDCError`) prefixes
 * the message with what it was doing ("error adding tags: Invalid tag parameters").
 *
 * Metadata (sdc-cloudapi `lib/machines.js` `createOptions`, `lib/metadata.js`): keys ending `_pw`
 * are dropped from customer metadata; `credentials` moves into internal metadata as `<user>_pw`
 * keys, shown only with `?credentials=true`; `administrator_pw` (CreateMachine's `administrator_pw`
 * or `password`) and `root_authorized_keys` are the server's and cannot be deleted.
 */
import { EmulatorError } from '../../core/errors.js';
import type { RequestContext } from '../../core/types.js';
import type { MachineRecord } from './fixtures.js';
import { DOCKER_TAG, tritonTagProblem } from '../../../common/rules/machine-tags.js';

/** Customer metadata keys CloudAPI keeps for the server: DeleteMachineMetadata refuses them. */
export const UNDELETABLE_METADATA: ReadonlySet<string> = new Set([
  'credentials',
  'administrator_pw',
  'root_authorized_keys',
]);

/** Customer metadata keys DeleteAllMachineMetadata keeps (`delAll` in lib/metadata.js). */
export const KEPT_ON_DELETE_ALL: readonly string[] = ['administrator_pw', 'root_authorized_keys'];

/** A key CloudAPI never takes into customer metadata (a password kept in internal metadata). */
export const isPasswordKey = (key: string): boolean => /_pw$/.test(key);

/** VMAPI's one field error, as CloudAPI passes it through. */
export type FieldError = { readonly field: string; readonly code: 'Invalid'; readonly message: string };

/** The first problem with a tag set, as VMAPI finds it, or `undefined`. */
export function tagProblem(tags: Readonly<Record<string, unknown>>): FieldError | undefined {
  for (const [key, value] of Object.entries(tags))
    if (!['string', 'number', 'boolean'].includes(typeof value))
      return { field: `tags.${key}`, code: 'Invalid', message: 'Forbidden Data Type' };
  for (const [key, value] of Object.entries(tags)) {
    const message = key.startsWith('triton.')
      ? tritonTagProblem(key, value)
      : DOCKER_TAG.test(key)
        ? `Special tag "${key}" not supported`
        : undefined;
    if (message !== undefined) return { field: 'tags', code: 'Invalid', message };
  }
  return undefined;
}

/**
 * The refusal of a tag write (AddMachineTags, ReplaceMachineTags) or of CreateMachine's tags.
 * @param doing CloudAPI's prefix: `error adding tags`, `error replacing tags`, or undefined at create
 */
export function checkTags(tags: Readonly<Record<string, unknown>>, doing: string | undefined): void {
  const problem = tagProblem(tags);
  if (problem === undefined) return;
  // CreateMachine passes VMAPI's error on, naming the field (lib/machines.js, PUBAPI-791).
  const message = doing === undefined ? 'Invalid VM parameters: Invalid tags' : `${doing}: Invalid tag parameters`;
  throw new EmulatorError(409, 'ValidationFailed', message, {}, [problem]);
}

/** The refusal of deleting a tag Docker reserves (sdc-vmapi `validDeleteMetadata`). */
export function checkTagDeletable(keys: readonly string[], doing: string): void {
  const key = keys.find((k) => DOCKER_TAG.test(k));
  if (key === undefined) return;
  throw new EmulatorError(409, 'ValidationFailed', `${doing}: Invalid tag parameters`, {}, [
    { field: 'tags', code: 'Invalid', message: `Special tag "${key}" may not be deleted` },
  ]);
}

/**
 * CreateMachine's customer and internal metadata (lib/machines.js `createOptions`): `metadata.*`
 * keys ending `_pw` dropped, `administrator_pw` (or `password`) kept as customer metadata, and
 * `credentials` (an object, or its JSON) moved to internal metadata as `<user>_pw` keys.
 */
export function createMetadata(
  given: Readonly<Record<string, unknown>>,
  administratorPw: unknown,
): { metadata: Record<string, string>; internal: Record<string, string> } {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(given))
    if (!isPasswordKey(k)) metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
  if (typeof administratorPw === 'string' && administratorPw !== '') metadata['administrator_pw'] = administratorPw;
  const internal: Record<string, string> = {};
  let credentials: unknown = given['credentials'];
  delete metadata['credentials'];
  if (typeof credentials === 'string') {
    try {
      credentials = JSON.parse(credentials);
    } catch {
      credentials = undefined;
    }
  }
  if (credentials !== null && typeof credentials === 'object')
    for (const [user, pw] of Object.entries(credentials as Record<string, unknown>))
      internal[isPasswordKey(user) ? user : `${user}_pw`] = typeof pw === 'string' ? pw : JSON.stringify(pw);
  return { metadata, internal };
}

/** The internal `<user>_pw` keys as `metadata.credentials` shows them (`{ root: '…' }`), or undefined. */
export function credentialsOf(
  internal: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(internal ?? {})) if (isPasswordKey(k)) out[k.replace(/_pw$/, '')] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether the request asks for the passwords (`?credentials=true`, as lib/machines.js `translate`). */
export function wantsCredentials(rc: RequestContext): boolean {
  const v = rc.query.get('credentials') ?? rc.body['credentials'];
  return v === true || v === 'true';
}

/** A machine's wire form with `metadata.credentials` added when the request asks for it and there are any. */
export function withCredentials(
  rc: RequestContext,
  machine: MachineRecord,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const credentials = wantsCredentials(rc) ? credentialsOf(machine.internalMetadata) : undefined;
  if (credentials === undefined) return body;
  return { ...body, metadata: { ...(body['metadata'] as Record<string, string>), credentials } };
}
