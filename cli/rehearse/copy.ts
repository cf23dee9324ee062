/**
 * Reads from the real cloud what a saved plan touches, and what decides whether the identity that
 * applies it may (its users, roles and policies, and the role tags of the touched objects, their
 * collections and Manta parents), as an {@link EmulatorSeed}: the copy `rehearse` applies the plan
 * to. Only reads: nothing here writes to the cloud.
 */
import { createHash, randomUUID } from 'node:crypto';
import { TritonApiError } from '../../provider/errors.js';
import { secretStandIn } from '../../provider/handlers/secret-stand-in.js';
import { kindDescriptor, PROFILE_FIELDS, type RehearsalRule } from '../../common/kinds/index.js';
import { refusalReason } from '../private/read-helpers.js';
import type { StackManifest } from '../../common/manifest.js';
import { ROLE_TAG_COLLECTIONS } from '../../common/rules/index.js';
import type { EmulatorSeed, SeedKey } from '../../emulator/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type { Plan } from '../../reconciler/index.js';
import { copyCatalog } from './copy-catalog.js';
import { copyFabricsAndVolumes } from './copy-networks-volumes.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

/**
 * What the copy needs for `kind` (its descriptor's `rehearsal` rule), or why the kind cannot be
 * rehearsed: a kind without a rule is refused, naming it.
 */
export function rehearsalOf(kind: string): RehearsalRule {
  return (
    kindDescriptor(kind)?.rehearsal ?? {
      copies: 'refused',
      reason: `its descriptor has no rehearsal rule (common/kinds/${kind}.ts): what a copy needs for it is unknown`,
    }
  );
}

/** What was copied, for the report. */
export interface CopyReport {
  readonly seed: EmulatorSeed;
  /** One line per kind of thing copied (`3 sub-users`, `role tags of 7 paths`, …). */
  readonly copied: readonly string[];
  /** What could not be read (the rehearsal then runs without it, and says so). */
  readonly notes: readonly string[];
}

/** How to copy. */
export interface CopyOptions {
  readonly clients: Clients;
  readonly account: string;
  readonly stack: StackManifest;
  readonly plan: Plan;
  /** The sub-user that applies, when not the account owner. */
  readonly user?: string;
  /** The public key the rehearsal signs with, added to the applying identity in the copy. */
  readonly rehearsalKey: string;
  /** Largest object whose content is copied; larger ones are copied with empty content. */
  readonly maxObjectBytes: number;
  readonly signal: AbortSignal;
  /** The CloudAPI URL the clients were given, when known (which listed datacenter the copy is). */
  readonly cloudapiUrl?: string;
}

/** Reads the copy. */
export async function copyForPlan(opts: CopyOptions): Promise<CopyReport> {
  const { cloudapi, manta } = opts.clients;
  const signal = opts.signal;
  const notes: string[] = [];
  const tryRead = async <T>(what: string, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (err) {
      notes.push(`${what}: not copied (${refusalReason(err)})`);
      return undefined;
    }
  };
  const base = `/${opts.account}`;
  /** The touched objects' natural keys whose kind's rule copies `what`. */
  const touched = (what: RehearsalRule['copies']): string[] =>
    opts.plan.changes.filter((c) => rehearsalOf(c.kind).copies === what).map((c) => c.naturalKey);

  const accountRead = await tryRead('the account', () => cloudapi.getAccount({ signal }));
  const account = accountRead ?? { id: randomUUID(), login: opts.account, email: `${opts.account}@example.com` };
  const users = (await tryRead('sub-users', () => cloudapi.listUsers({ signal }))) ?? [];
  const policies = (await tryRead('policies', () => cloudapi.listPolicies({ signal }))) ?? [];
  const roles = (await tryRead('roles', () => cloudapi.listRoles({ signal }))) ?? [];
  const touchesAccountKeys = touched('account-keys').length > 0;
  const accountKeys: SeedKey[] =
    touchesAccountKeys || opts.user === undefined
      ? ((await tryRead('account keys', () => cloudapi.listKeys({ signal }))) ?? []).map((k) => ({
          name: k.name,
          key: k.key,
        }))
      : [];
  if (opts.user === undefined) accountKeys.push({ name: 'triton-iac-rehearsal', key: opts.rehearsalKey });

  // Keys of the users whose keys the plan touches, and of the sub-user that applies.
  const keyOwners = new Set<string>(touched('user-keys').map((key) => key.split('/')[0]!.toLowerCase()));
  if (opts.user !== undefined) keyOwners.add(opts.user.toLowerCase());
  const userKeys: Record<string, SeedKey[]> = {};
  for (const u of users) {
    if (!keyOwners.has(u.login.toLowerCase())) continue;
    const keys = (await tryRead(`keys of ${u.login}`, () => cloudapi.listUserKeys(u.login, { signal }))) ?? [];
    userKeys[u.id] = keys.map((k) => ({ name: k.name, key: k.key }));
    if (u.login.toLowerCase() === opts.user?.toLowerCase())
      userKeys[u.id]!.push({ name: 'triton-iac-rehearsal', key: opts.rehearsalKey });
  }
  if (opts.user !== undefined && !users.some((u) => u.login.toLowerCase() === opts.user!.toLowerCase()))
    notes.push(
      `the applying sub-user ${opts.user} could not be read: the copy has no such user, so every request fails`,
    );

  const userId = new Map(users.map((u) => [u.login.toLowerCase(), u.id]));
  const policyId = new Map(policies.map((p) => [p.name, p.id]));
  const seedRoles = roles.map((r) => ({
    id: r.id,
    name: r.name,
    members: (r.members ?? []).flatMap((m) => {
      const id =
        m.id ??
        (m.type === 'subuser'
          ? userId.get((m.login ?? '').toLowerCase())
          : m.login === opts.account
            ? account.id
            : undefined);
      if (id === undefined) {
        notes.push(`role ${r.name}: member ${m.login ?? '?'} not copied (no id)`);
        return [];
      }
      return [{ type: m.type, id, default: m.default === true }];
    }),
    policies: (r.policies ?? []).flatMap((p) => {
      const id = p.id ?? (p.name !== undefined ? policyId.get(p.name) : undefined);
      return id === undefined ? [] : [id];
    }),
  }));

  // The kinds whose handlers copy their own objects (machines, images, firewall rules, the config,
  // fabrics, volumes; snapshots and access-key records for a plan touching them), after the users
  // they may be listed under.
  const fabricsAndVolumes = await copyFabricsAndVolumes(opts.clients, signal, tryRead, defaultHandlers().values(), {
    touched: (kind) => opts.plan.changes.filter((c) => c.kind === kind).map((c) => c.naturalKey),
    base: {
      users: users.map((u) => ({ id: u.id, login: u.login })),
      ...(accountRead !== undefined ? { account: { id: accountRead.id } } : {}),
    },
  });
  const copiedSeed = fabricsAndVolumes.seed;
  const machines = copiedSeed.machines ?? [];
  // The account's fabric networks (its default one included) are copied as its fabric, not as the
  // datacenter's catalog, where the copy would list them twice.
  const own = new Set((fabricsAndVolumes.seed.fabricNetworks ?? []).map((n) => n.id));
  const catalog = await copyCatalog(opts.clients, signal, tryRead, opts.cloudapiUrl, own);
  notes.push(...catalog.notes);
  // The machines whose snapshots the plan touches (`<instance>/<snapshot>`): their role tags decide.
  const snapshotOf = new Set(touched('machine-snapshots').map((key) => key.split('/')[0]!));
  const snapshotMachines = machines.filter((m) => snapshotOf.has(m.name));

  // Role tags: every collection, every user, role and policy, and every path the plan tags.
  const tagPaths = new Set<string>([
    ...ROLE_TAG_COLLECTIONS.map((c) => `${base}/${c}`),
    ...users.map((u) => `${base}/users/${u.login}`),
    ...roles.map((r) => `${base}/roles/${r.name}`),
    ...policies.map((p) => `${base}/policies/${p.name}`),
    ...touched('tagged-path'),
    ...touched('account-keys').map((key) => `${base}/keys/${key}`),
    ...machines.filter((m) => touched('machine-tags').includes(m.name)).map((m) => `${base}/machines/${m.id}`),
    ...snapshotMachines.map((m) => `${base}/machines/${m.id}`),
  ]);
  const roleTags: Record<string, string[]> = {};
  for (const path of tagPaths) {
    const tags = await cloudapi.getRoleTags(path, { signal }).catch(() => undefined);
    if (tags !== undefined && tags.length > 0) roleTags[path] = [...tags];
  }

  // Manta: each touched entry, its parents (whose role tags decide access), a link's source, and a
  // state kept in Manta.
  const mantaPaths = new Set<string>();
  const addWithParents = (path: string): void => {
    const parts = path.split('/');
    for (let i = 3; i <= parts.length; i++) mantaPaths.add(parts.slice(0, i).join('/'));
  };
  for (const c of opts.plan.changes) {
    const rule = rehearsalOf(c.kind);
    if (rule.copies !== 'manta-entry') continue;
    addWithParents(c.naturalKey);
    if (rule.alsoPath !== undefined) {
      const also = opts.stack.resources.find((r) => r.address === c.address)?.properties[rule.alsoPath];
      if (typeof also === 'string') addWithParents(also);
    }
  }
  // A secret's destination object: its parents, and a stand-in without the secret when it exists.
  const standIns = new Set<string>();
  for (const c of opts.plan.changes) {
    const rule = rehearsalOf(c.kind);
    if (rule.copies === 'refused' || rule.secretObject === undefined) continue;
    const path = propertyAt(opts.stack.resources.find((r) => r.address === c.address)?.properties, rule.secretObject);
    if (typeof path !== 'string' || path === '') continue;
    addWithParents(path);
    standIns.add(path);
  }
  if (opts.stack.state?.type === 'manta') addWithParents(opts.stack.state.path);
  const directories: EmulatorSeed['directories'][number][] = [];
  const objects: EmulatorSeed['objects'][number][] = [];
  for (const path of [...mantaPaths].sort()) {
    // A secret's destination is usually not there yet: its absence is no note.
    const meta = await tryRead(`Manta ${path}`, () =>
      standIns.has(path)
        ? manta.headObject(path, { signal }).catch((err: unknown) => {
            if (err instanceof TritonApiError && err.isNotFound) return undefined;
            throw err;
          })
        : manta.headObject(path, { signal }),
    );
    if (meta === undefined) continue;
    if (meta.type === 'directory') {
      directories.push({ path, roleTags: [...meta.roleTags], headers: { ...meta.metadata } });
      continue;
    }
    const size = meta.contentLength ?? 0;
    let content: Buffer = Buffer.alloc(0);
    if (standIns.has(path)) {
      const got = await tryRead(`secret destination ${path}`, () => manta.getObjectBuffer(path, { signal }));
      content = Buffer.from(secretStandIn(got?.data.toString('utf8') ?? ''));
    } else if (size <= opts.maxObjectBytes) {
      const got = await tryRead(`content of ${path}`, () => manta.getObjectBuffer(path, { signal }));
      if (got !== undefined) content = got.data;
    } else notes.push(`content of ${path} (${size} bytes) not copied: larger than --max-object-size`);
    objects.push({
      path,
      etag: meta.etag ?? '',
      md5: standIns.has(path) ? createHash('md5').update(content).digest('base64') : (meta.contentMd5 ?? ''),
      contentType: meta.contentType ?? 'application/octet-stream',
      durability: meta.durability ?? 2,
      headers: { ...meta.metadata },
      roleTags: [...meta.roleTags],
      content,
    });
  }

  const profile = (p: object): Record<string, string> =>
    Object.fromEntries(
      Object.entries(p).filter(([k, v]) => typeof v === 'string' && (PROFILE_FIELDS as readonly string[]).includes(k)),
    ) as Record<string, string>;
  const seed: EmulatorSeed = {
    account: { id: account.id, login: opts.account, email: account.email, ...profile(account) },
    accountKeys,
    users: users.map((u) => ({ id: u.id, login: u.login, email: u.email, ...profile(u) })),
    userKeys,
    roles: seedRoles,
    policies: policies.map((p) => ({
      id: p.id,
      name: p.name,
      rules: [...p.rules],
      ...(p.description !== undefined ? { description: p.description } : {}),
    })),
    roleTags,
    catalog: catalog.catalog,
    ...fabricsAndVolumes.seed,
    directories,
    objects,
  };
  const userKeyCount = Object.values(userKeys).reduce((n, k) => n + k.length, 0) - (opts.user !== undefined ? 1 : 0);
  const copied = [
    `${users.length} sub-users, ${roles.length} roles, ${policies.length} policies (ids as in the cloud)`,
    `${accountKeys.length - (opts.user === undefined ? 1 : 0)} account keys, ${userKeyCount} keys of ${Object.keys(userKeys).length} sub-users`,
    `${machines.length} machines, ${copiedSeed.images?.length ?? 0} images, ${copiedSeed.firewallRules?.length ?? 0} firewall rules, the account config`,
    catalog.copied,
    fabricsAndVolumes.copied,
    ...fabricsAndVolumes.lines,
    `role tags of ${Object.keys(roleTags).length} paths (of ${tagPaths.size} read)`,
    `${directories.length} Manta directories, ${objects.length} objects (${objects.reduce((n, o) => n + o.content.length, 0)} bytes)`,
  ];
  return { seed, copied, notes };
}

/** The value at `path` (`field` or `field.sub`) of `properties`. */
function propertyAt(properties: Readonly<Record<string, unknown>> | undefined, path: string): unknown {
  const [field, sub] = path.split('.') as [string, string | undefined];
  const value = properties?.[field];
  if (sub === undefined) return value;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[sub] : undefined;
}
