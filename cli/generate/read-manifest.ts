/**
 * Turns a synthesized stack (such as the one `fromRbacJson` makes of a `triton rbac apply` file)
 * into a {@link FoundAccount}, so a migration ends in a program of its own, with the users, keys,
 * roles and policies as variables, instead of a file applied as is.
 */
import type { ManifestValue, ResourceManifest, StackManifest } from '../../common/manifest.js';
import { PROFILE_FIELDS } from '../../common/kinds/index.js';
import type { FoundAccount, FoundKey, FoundMember, FoundUser } from './model.js';

/** The users (with their keys), policies and roles `stack` declares. */
export function foundFromManifest(stack: StackManifest, source: string): FoundAccount {
  const of = (kind: string): ResourceManifest[] => stack.resources.filter((r) => r.kind === kind);
  const keysByUser = new Map<string, FoundKey[]>();
  for (const k of of('user-key')) {
    const p = k.properties;
    const user = str(p['user']).toLowerCase();
    const name = typeof p['name'] === 'string' ? p['name'] : undefined;
    keysByUser.set(user, [
      ...(keysByUser.get(user) ?? []),
      { key: str(p['key']), fingerprint: str(p['fingerprint']), ...(name !== undefined ? { name } : {}) },
    ]);
  }
  const users: FoundUser[] = of('user').map((u) => {
    const p = u.properties;
    const profile: Record<string, string> = {};
    for (const k of PROFILE_FIELDS) if (typeof p[k] === 'string') profile[k] = p[k];
    return {
      login: str(p['login']),
      email: str(p['email']),
      profile,
      keys: keysByUser.get(str(p['login']).toLowerCase()) ?? [],
    };
  });
  return {
    account: stack.account,
    source,
    accountKeys: [],
    users,
    policies: of('policy').map((r) => ({
      name: str(r.properties['name']),
      rules: list(r.properties['rules']),
      ...(typeof r.properties['description'] === 'string' ? { description: r.properties['description'] } : {}),
    })),
    roles: of('role').map((r) => ({
      name: str(r.properties['name']),
      members: (Array.isArray(r.properties['members']) ? r.properties['members'] : []).map(memberOf),
      policies: list(r.properties['policies']),
    })),
    pathTags: [],
    directories: [],
    objects: [],
    skippedObjects: [],
    snaplinks: [],
    images: [],
    notes: [],
  };
}

function memberOf(value: ManifestValue): FoundMember {
  const m = (value ?? {}) as { type?: unknown; login?: unknown; default?: unknown };
  return {
    type: m.type === 'account' ? 'account' : 'subuser',
    login: str(m.login as ManifestValue),
    default: m.default === true,
  };
}

function str(value: ManifestValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function list(value: ManifestValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
