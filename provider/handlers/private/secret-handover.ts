/**
 * Hands an access key's secret over, once, to the destination its declaration names: a local file
 * made with mode 0600 (never over an existing file or through a symlink unless told; then replaced
 * atomically by a rename), or a Manta object under the role tags the declaration names. The secret
 * goes nowhere else: not in an error, a log line or the object the engine records.
 */
import { randomBytes } from 'node:crypto';
import {
  constants as fsConstants,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { lstat, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, posix, resolve } from 'node:path';
import type { HandlerContext, ResolvedProperties } from '../../../common/contract/handler.js';
import type { AccessKeySecret } from '../../cloudapi/access-key-secret.js';
import type { Clients } from '../clients.js';
import { TritonHandlerError } from '../errors.js';
import { orUndefined } from './not-found.js';
import { secretStandIn } from '../secret-stand-in.js';

/** Where a declaration wants its key's secret. */
export type SecretDestination =
  | { readonly kind: 'file'; readonly path: string; readonly overwrite: boolean }
  | {
      readonly kind: 'object';
      readonly path: string;
      readonly roleTags: readonly string[];
      readonly overwrite: boolean;
    };

/** What the destination holds: the key's id beside its secret, so a reader knows which key it is. */
export interface HandedOverKey {
  readonly account: string;
  readonly user?: string;
  readonly accesskeyid: string;
}

/**
 * The declared destination, with a relative file path resolved against the synth's directory.
 * @throws TritonHandlerError `INVALID_DESIRED` when none or both are declared: the secret would be
 *   lost, so no key is made
 */
export function destinationOf(ctx: HandlerContext, desired: ResolvedProperties, what: string): SecretDestination {
  const to = desired['secretTo'];
  const overwrite = desired['overwriteSecret'] === true;
  const fields = typeof to === 'object' && to !== null && !Array.isArray(to) ? (to as Record<string, unknown>) : {};
  const file = fields['file'];
  const object = fields['object'];
  if (typeof file === 'string' && file !== '' && typeof object === 'string' && object !== '')
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `${what}: secretTo.file ${JSON.stringify(file)} and secretTo.object ${JSON.stringify(object)}: declare exactly one destination for the secret`,
    );
  if (typeof file === 'string' && file !== '')
    return { kind: 'file', path: outputPath(ctx, resolve(ctx.contentDir ?? process.cwd(), file)), overwrite };
  if (typeof object === 'string' && object !== '') {
    const tags = fields['roleTags'];
    return { kind: 'object', path: object, roleTags: Array.isArray(tags) ? tags.map(String) : [], overwrite };
  }
  throw new TritonHandlerError(
    'INVALID_DESIRED',
    `${what}: secretTo declares neither a file nor an object: the server returns the secret once, at create, and it would be lost; declare where it goes`,
  );
}

/**
 * Where a declared local file is written: the path itself, or in a rehearsal the same path under
 * its folder (`/home/ci/key.json` becomes `<folder>/home/ci/key.json`), so that the copy's apply
 * never writes the real file. What the real path holds is mirrored there without any secret, so
 * the copy's checks answer as the real ones would: its directory exists when the real one does; a
 * file there becomes a stand-in naming only the key it holds (whether it holds the key, whether it
 * already exists); a symbolic link stays a link (to nowhere).
 */
function outputPath(ctx: HandlerContext, path: string): string {
  if (ctx.localOutputsUnder === undefined) return path;
  const inside = join(ctx.localOutputsUnder, path.replace(/^[A-Za-z]:/, ''));
  if (!existsSync(dirname(path))) return inside;
  mkdirSync(dirname(inside), { recursive: true, mode: 0o700 });
  // Mirrored once: afterwards the copy's own writes are what is there.
  if (lstatSync(inside, { throwIfNoEntry: false }) !== undefined) return inside;
  const real = lstatSync(path, { throwIfNoEntry: false });
  if (real?.isSymbolicLink() === true) symlinkSync(join(ctx.localOutputsUnder, '.nowhere'), inside);
  else if (real?.isDirectory() === true) mkdirSync(inside);
  else if (real !== undefined) writeFileSync(inside, secretStandIn(readFileSync(path, 'utf8')), { mode: 0o600 });
  return inside;
}

/** The destination in words, for messages. */
export function describeDestination(d: SecretDestination): string {
  return d.kind === 'file' ? `file ${d.path}` : `Manta object ${d.path}`;
}

/**
 * Why the secret could not be written to `d` now, or `undefined` when it can: checked before the key
 * is made, so that the common mistakes (no such directory, a file already there) make no key at all.
 * @param plannedDirectories at plan time, the Manta directories the plan makes: a Manta object's
 *   directory must exist or be one of them. Not given at apply, where a directory made moments
 *   before may still read as missing within the consistency window (the PUT then says so).
 */
export async function destinationProblem(
  ctx: HandlerContext<Clients>,
  d: SecretDestination,
  plannedDirectories?: ReadonlySet<string>,
): Promise<string | undefined> {
  if (d.kind === 'object') {
    const existing = d.overwrite
      ? undefined
      : await orUndefined(ctx.clients.manta.headObject(d.path, { signal: ctx.signal }));
    if (existing !== undefined) return 'the object already exists, and secretTo.overwrite is not set';
    // Manta makes no parent directory on a PUT (404 DirectoryDoesNotExist), and the key would be
    // made before the write failed: its directory must exist, or be made earlier in this apply.
    const dir = posix.dirname(d.path);
    if (plannedDirectories === undefined || plannedDirectories.has(dir)) return undefined;
    const parent = await orUndefined(ctx.clients.manta.headObject(dir, { signal: ctx.signal }));
    return parent === undefined
      ? `its directory ${dir} does not exist and this plan does not make it (declare it, e.g. a Directory or a folder of a StorTree)`
      : undefined;
  }
  const dir = dirname(d.path);
  const parent = await stat(dir).catch(() => undefined);
  if (parent === undefined) return `its directory ${dir} does not exist`;
  if (!parent.isDirectory()) return `${dir} is not a directory`;
  const existing = await lstat(d.path).catch(() => undefined);
  if (existing === undefined || d.overwrite) return existing?.isDirectory() ? 'it is a directory' : undefined;
  return existing.isSymbolicLink()
    ? 'it is a symbolic link, and a secret is never written through one (secretTo.overwrite replaces the link itself)'
    : 'the file already exists, and secretTo.overwrite is not set';
}

/** The bytes written: JSON naming the account, the sub-user and the key beside the secret. */
function contentOf(key: HandedOverKey, secret: AccessKeySecret): string {
  return `${JSON.stringify(
    {
      account: key.account,
      ...(key.user !== undefined ? { user: key.user } : {}),
      accesskeyid: key.accesskeyid,
      accesskeysecret: secret.reveal(),
    },
    null,
    2,
  )}\n`;
}

/**
 * Writes the secret to `d`. A file is created with O_EXCL and mode 0600 (so neither an existing file
 * nor a symlink is followed or replaced); with `overwrite`, a temporary file made that way is renamed
 * over the path. A Manta object is put plainly (Manta takes no `If-None-Match: *` on writes): that
 * it did not exist was checked by {@link destinationProblem} just before the key was made.
 * @throws whatever the file system or Manta threw; the message carries no secret
 */
export async function handOver(
  ctx: HandlerContext<Clients>,
  d: SecretDestination,
  key: HandedOverKey,
  secret: AccessKeySecret,
): Promise<void> {
  const content = contentOf(key, secret);
  if (d.kind === 'object') {
    await ctx.clients.manta.putObject(d.path, content, {
      contentType: 'application/json',
      ...(d.roleTags.length > 0 ? { roleTags: d.roleTags } : {}),
      signal: ctx.signal,
    });
    return;
  }
  const target = d.overwrite
    ? join(dirname(d.path), `.${basename(d.path)}.${randomBytes(6).toString('hex')}.tmp`)
    : d.path;
  await writeNewFile(target, content);
  if (!d.overwrite) return;
  try {
    await rename(target, d.path);
  } catch (err) {
    await unlink(target).catch(() => undefined);
    throw err;
  }
}

/** Creates `path` exclusively with mode 0600 and writes `content`; a file left half-written is removed. */
async function writeNewFile(path: string, content: string): Promise<void> {
  const flags = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | (fsConstants.O_NOFOLLOW ?? 0);
  const handle = await open(path, flags, 0o600);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw err;
  }
  await handle.close();
}

/**
 * Whether `d` holds the secret of the key `accesskeyid` (its JSON names that key): how an object
 * found live is known to be one whose create this declaration finished.
 */
export async function holdsKey(
  ctx: HandlerContext<Clients>,
  d: SecretDestination,
  accesskeyid: string,
): Promise<boolean> {
  let text: string | undefined;
  if (d.kind === 'file') text = await readFile(d.path, 'utf8').catch(() => undefined);
  else
    text = (await orUndefined(ctx.clients.manta.getObjectBuffer(d.path, { signal: ctx.signal })))?.data.toString(
      'utf8',
    );
  if (text === undefined) return false;
  try {
    return (JSON.parse(text) as { accesskeyid?: unknown }).accesskeyid === accesskeyid;
  } catch {
    return false;
  }
}

/**
 * A failure's reason for a message, which never carries the secret: a file system error's code and
 * message (`EACCES: permission denied, open '…'`), an API error's message.
 */
export function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
