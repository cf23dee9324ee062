/**
 * Reads a live account into a {@link FoundAccount}, through the same resource handlers plan and
 * apply use (so a value is read exactly as the next plan will read it), with the identity the
 * clients sign as: a sub-user gets what it may read, and every kind it may not read is named in
 * the notes instead of failing the whole run.
 */
import type { ResourceKind } from '../../common/manifest.js';
import { PROFILE_FIELDS } from '../../common/kinds/index.js';
import { refusalReason } from '../private/read-helpers.js';
import { ROLE_TAG_COLLECTIONS } from '../../common/rules/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type { AnyHandler, HandlerContext, PlainObject, ResourceHandler } from '../../reconciler/contract/handler.js';
import type {
  FoundAccount,
  FoundDirectory,
  FoundImage,
  FoundKey,
  FoundObject,
  FoundPathTag,
  FoundPolicy,
  FoundRole,
  FoundSnapLink,
  FoundUser,
  GenerateKind,
  SkippedObject,
} from './model.js';

/** How to read the account. */
export interface ReadLiveOptions {
  readonly clients: Clients;
  readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
  readonly account: string;
  /** Who signs (for the notes): the sub-user login, when not the account owner. */
  readonly user?: string;
  /** The kinds to read. */
  readonly kinds: ReadonlySet<GenerateKind>;
  /** Largest object whose content is downloaded, in bytes; larger ones are skipped. */
  readonly maxObjectBytes: number;
  /** Download no object content (every object is skipped). */
  readonly skipContent: boolean;
  readonly signal: AbortSignal;
}

/** The header a snaplink made by triton-iac carries, naming its source. */
const LINK_SOURCE_HEADER = 'm-triton-iac-link-source';

/** The Manta top-level directories a program may declare entries under. */
const MANTA_ROOTS = ['stor', 'public'];

/** Reads everything `opts.kinds` names. */
export async function readLiveAccount(opts: ReadLiveOptions): Promise<FoundAccount> {
  const notes: string[] = [];
  const ctx: HandlerContext<Clients> = {
    clients: opts.clients,
    account: opts.account,
    signal: opts.signal,
    log: { debug: () => undefined, info: () => undefined, warn: (m) => void notes.push(m) },
    secrets: {
      resolve: () => {
        throw new Error('generate reads only; it resolves no secret');
      },
    },
  };
  const want = (k: GenerateKind): boolean => opts.kinds.has(k);
  /** Runs a read; a refusal (403, a kind the cloud lacks) becomes a note and an empty result. */
  const attempt = async <T>(what: string, empty: T, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (err) {
      notes.push(`${what}: not read (${refusalReason(err)})`);
      return empty;
    }
  };
  const listed = async (kind: ResourceKind, parent?: string): Promise<PlainObject[]> => {
    const handler = managed(opts.handlers, kind);
    const live = await handler.list!(ctx, parent !== undefined ? { parent } : {});
    return live.map((l) => handler.normalizeLive(l));
  };
  // Keys are read raw: their normalised form compares by fingerprint and leaves the key text out.
  const keysOf = async (kind: 'key' | 'user-key', parent?: string): Promise<FoundKey[]> => {
    const handler = managed(opts.handlers, kind);
    const live = (await handler.list!(ctx, parent !== undefined ? { parent } : {})) as {
      key: string;
      fingerprint: string;
      name?: string;
    }[];
    return live.map(keyOf);
  };

  const accountKeys = want('key') ? await attempt('account keys', [], () => keysOf('key')) : [];
  const users: FoundUser[] = want('user')
    ? await attempt('sub-users', [], async () => {
        const found = await listed('user');
        return Promise.all(
          found.map(async (u) => ({
            login: String(u['login']),
            email: String(u['email']),
            profile: profileOf(u),
            keys: await attempt(`keys of sub-user ${String(u['login'])}`, [], () =>
              keysOf('user-key', String(u['login'])),
            ),
          })),
        );
      })
    : [];
  const policies: FoundPolicy[] = want('policy')
    ? await attempt('policies', [], async () =>
        (await listed('policy')).map((p) => ({
          name: String(p['name']),
          rules: (p['rules'] as string[] | undefined) ?? [],
          ...(typeof p['description'] === 'string' && p['description'] !== '' ? { description: p['description'] } : {}),
        })),
      )
    : [];
  const roles: FoundRole[] = want('role')
    ? await attempt('roles', [], async () =>
        (await listed('role')).map((r) => ({
          name: String(r['name']),
          members: (
            (r['members'] as { type: 'subuser' | 'account'; login: string; default: boolean }[] | undefined) ?? []
          ).map((m) => ({ type: m.type, login: m.login, default: m.default === true })),
          policies: (r['policies'] as string[] | undefined) ?? [],
        })),
      )
    : [];

  const pathTags = want('role-tag')
    ? await readPathTags(
        ctx,
        opts,
        { users, roles, policies, accountKeys: accountKeys.map((k) => k.fingerprint) },
        attempt,
        (m) => notes.push(m),
      )
    : [];
  const withKeyTags = accountKeys.map((k) => ({
    ...k,
    roleTags: pathTags.find((t) => t.path === `/${opts.account}/keys/${k.fingerprint}`)?.roles ?? [],
  }));

  const manta =
    want('directory') || want('object') || want('snaplink') ? await readManta(ctx, opts, attempt) : undefined;
  const images = want('image') ? await attempt('images', [], () => readImages(ctx)) : [];
  return {
    account: opts.account,
    source: `account ${opts.account}${opts.user !== undefined ? ` (as sub-user ${opts.user})` : ''}`,
    accountKeys: withKeyTags,
    users,
    policies,
    roles,
    pathTags: pathTags.filter((t) => !t.path.startsWith(`/${opts.account}/keys/`)),
    directories: want('directory') ? (manta?.directories ?? []) : [],
    objects: want('object') ? (manta?.objects ?? []) : [],
    skippedObjects: want('object') ? (manta?.skipped ?? []) : [],
    snaplinks: want('snaplink') ? (manta?.snaplinks ?? []) : [],
    images,
    notes,
  };
}

type Attempt = <T>(what: string, empty: T, read: () => Promise<T>) => Promise<T>;

/**
 * The role tags of every CloudAPI path the program can declare: each collection, each sub-user,
 * role, policy and account key found, and each machine. Paths without tags are left out.
 */
async function readPathTags(
  ctx: HandlerContext<Clients>,
  opts: ReadLiveOptions,
  found: {
    users: readonly FoundUser[];
    roles: readonly FoundRole[];
    policies: readonly FoundPolicy[];
    accountKeys: readonly string[];
  },
  attempt: Attempt,
  note: (line: string) => void,
): Promise<FoundPathTag[]> {
  const base = `/${opts.account}`;
  const machines = await attempt('machines (for their role tags)', [] as string[], async () =>
    (await ctx.clients.cloudapi.listMachines(undefined, { signal: ctx.signal })).map((m) => m.id),
  );
  const paths = [
    ...ROLE_TAG_COLLECTIONS.map((c) => `${base}/${c}`),
    ...found.users.map((u) => `${base}/users/${u.login}`),
    ...found.roles.map((r) => `${base}/roles/${r.name}`),
    ...found.policies.map((p) => `${base}/policies/${p.name}`),
    ...found.accountKeys.map((fp) => `${base}/keys/${fp}`),
    ...machines.map((id) => `${base}/machines/${id}`),
  ];
  const handler = managed(opts.handlers, 'role-tag');
  const tags = await mapLimit(paths, 8, async (path) => {
    try {
      const live = await handler.read(ctx, { naturalKey: path });
      const roles = live === undefined ? [] : ((handler.normalizeLive(live)['roles'] as string[] | undefined) ?? []);
      return { path, roles };
    } catch (err) {
      // A collection this cloud does not serve, or one the sub-user may not read: say so once.
      if (!path.slice(base.length + 1).includes('/')) note(`role tags of ${path}: not read (${refusalReason(err)})`);
      return { path, roles: [] };
    }
  });
  return tags.filter((t) => t.roles.length > 0);
}

/** The Manta entries under the account's `stor` and `public`, content downloaded within the cap. */
async function readManta(
  ctx: HandlerContext<Clients>,
  opts: ReadLiveOptions,
  attempt: Attempt,
): Promise<{
  directories: FoundDirectory[];
  objects: FoundObject[];
  skipped: SkippedObject[];
  snaplinks: FoundSnapLink[];
}> {
  const directories: FoundDirectory[] = [];
  const files: { path: string; etag: string; mtime: string; size: number }[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await attempt(
      `Manta directory ${dir}`,
      [] as { name: string; type: string; etag?: string; mtime: string; size?: number }[],
      async () => {
        const out: { name: string; type: string; etag?: string; mtime: string; size?: number }[] = [];
        for await (const e of ctx.clients.manta.iterateDirectory(dir, { pageSize: 1024, signal: ctx.signal }))
          out.push(e);
        return out;
      },
    );
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = `${dir}/${e.name}`;
      if (e.type === 'directory') {
        const meta = await ctx.clients.manta.headObject(path, { signal: ctx.signal });
        directories.push({ path, roleTags: [...(meta?.roleTags ?? [])].sort() });
        await walk(path);
      } else {
        files.push({ path, etag: e.etag ?? '', mtime: e.mtime, size: e.size ?? 0 });
      }
    }
  };
  for (const root of MANTA_ROOTS) await walk(`/${opts.account}/${root}`);

  const objectHandler = managed(opts.handlers, 'object');
  const heads = await mapLimit(files, 8, async (f) => ({
    file: f,
    props: await attempt(`Manta object ${f.path}`, undefined as PlainObject | undefined, async () => {
      const live = await objectHandler.read(ctx, { naturalKey: f.path });
      return live === undefined ? undefined : objectHandler.normalizeLive(live);
    }),
  }));
  // A snaplink shares its source's etag (its object id): of the paths sharing one, the oldest is
  // the source and the others link to it; a link triton-iac made names its source in a header.
  const byEtag = new Map<string, typeof files>();
  for (const f of files) if (f.etag !== '') byEtag.set(f.etag, [...(byEtag.get(f.etag) ?? []), f]);
  const snaplinks: FoundSnapLink[] = [];
  const objects: FoundObject[] = [];
  const skipped: SkippedObject[] = [];
  for (const { file, props } of heads) {
    if (props === undefined) continue;
    const headers = { ...((props['headers'] as Record<string, string> | undefined) ?? {}) };
    const stamped = headers[LINK_SOURCE_HEADER];
    const group = byEtag.get(file.etag) ?? [];
    const oldest = [...group].sort((a, b) =>
      a.mtime < b.mtime ? -1 : a.mtime > b.mtime ? 1 : a.path < b.path ? -1 : 1,
    )[0];
    if (stamped !== undefined || (oldest !== undefined && oldest.path !== file.path)) {
      snaplinks.push({ path: file.path, source: stamped ?? oldest!.path });
      continue;
    }
    if (opts.skipContent) {
      skipped.push({ path: file.path, size: file.size, reason: 'content skipped (--no-content)' });
      continue;
    }
    if (file.size > opts.maxObjectBytes) {
      skipped.push({
        path: file.path,
        size: file.size,
        reason: `larger than --max-object-size ${opts.maxObjectBytes} bytes`,
      });
      continue;
    }
    const got = await attempt(`content of ${file.path}`, undefined, () =>
      ctx.clients.manta.getObjectBuffer(file.path, { signal: ctx.signal }),
    );
    if (got === undefined) {
      skipped.push({ path: file.path, size: file.size, reason: 'content could not be read' });
      continue;
    }
    objects.push({
      path: file.path,
      content: got.data,
      contentType: String(props['contentType'] ?? 'application/octet-stream'),
      headers,
      durability: Number(props['durability'] ?? 2),
      roleTags: (props['roleTags'] as string[] | undefined) ?? [],
    });
  }
  return { directories, objects, skipped, snaplinks };
}

/** The custom images the account owns (public images are the cloud's, not the account's). */
async function readImages(ctx: HandlerContext<Clients>): Promise<FoundImage[]> {
  const owner = await ctx.clients.cloudapi.getAccount({ signal: ctx.signal }).then(
    (a) => a.id,
    () => undefined,
  );
  const images = await ctx.clients.cloudapi.listImages({}, { signal: ctx.signal });
  return images
    .filter((i) => (owner !== undefined ? i.owner === owner : i.public !== true))
    .map((i) => ({ id: i.id, name: i.name, version: i.version }))
    .sort((a, b) => (`${a.name}@${a.version}` < `${b.name}@${b.version}` ? -1 : 1));
}

function keyOf(k: { key: string; fingerprint: string; name?: string }): FoundKey {
  const name = typeof k.name === 'string' && k.name !== '' && k.name !== k.fingerprint ? k.name : undefined;
  return { key: k.key.trim(), fingerprint: k.fingerprint, ...(name !== undefined ? { name } : {}) };
}

function profileOf(u: PlainObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of PROFILE_FIELDS) if (typeof u[k] === 'string' && u[k] !== '') out[k] = u[k];
  return out;
}

function managed(
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
  kind: ResourceKind,
): ResourceHandler<unknown, Clients> {
  const h = handlers.get(kind);
  if (h === undefined || h.mode !== 'managed') throw new Error(`no managed handler for kind ${kind}`);
  return h as ResourceHandler<unknown, Clients>;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
