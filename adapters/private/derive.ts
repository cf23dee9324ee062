/**
 * What the construct library computes at synth and a `cdk.tf.json` does not carry: canonical Manta
 * paths, key fingerprints, object MD5 and size, the defaults the library fills, sorted set-like lists,
 * and the dependencies the constructs derive from names (a role on its members and policies, an
 * object on its directory).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ManifestValue, ResourceKind } from '../../common/manifest.js';
import { isRef } from '../../common/manifest.js';
import { RESOURCE_SCHEMAS } from '../../common/resource-schema.js';
import { AdapterError } from '../errors.js';

type Props = Record<string, ManifestValue>;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Fills defaults and derived fields and puts paths and lists in canonical form, in place. */
export function completeProperties(where: string, kind: ResourceKind, props: Props, account: string, workDir: string): void {
  for (const field of RESOURCE_SCHEMAS[kind].properties) {
    if (props[field.name] === undefined && field.required && field.default !== undefined) props[field.name] = structuredClone(field.default) as ManifestValue;
  }
  for (const name of ['path', 'source', 'exportTo']) {
    if (typeof props[name] === 'string' && kind !== 'role-tag') props[name] = mantaPath(props[name], account);
  }
  if (kind === 'role-tag' && typeof props.path === 'string') props.path = props.path.replace(/^\/my(?=\/|$)/, `/${account}`);
  if (kind === 'job') {
    props.inputs = mapStrings(props.inputs, (p) => mantaPath(p, account));
    if (Array.isArray(props.phases)) props.phases = props.phases.map((phase) => (isPlain(phase) && phase.assets !== undefined ? { ...phase, assets: mapStrings(phase.assets, (p) => mantaPath(p, account)) } : phase));
  }
  for (const name of ['policies', 'roles', 'roleTags', 'acl']) {
    if (Array.isArray(props[name]) && props[name].every((v) => typeof v === 'string')) props[name] = [...new Set(props[name] as string[])].sort(byString);
  }
  if (kind === 'role' && Array.isArray(props.members)) {
    props.members = [...props.members].sort((a, b) => (isPlain(a) && isPlain(b) ? byString(`${String(a.type)}\u0000${String(a.login)}`, `${String(b.type)}\u0000${String(b.login)}`) : 0));
  }
  if (kind === 'object' && isPlain(props.headers)) {
    props.headers = Object.fromEntries(Object.entries(props.headers).map(([k, v]) => [k.toLowerCase(), v]));
  }
  if ((kind === 'key' || kind === 'user-key') && typeof props.key === 'string') {
    props.key = props.key.trim();
    props.fingerprint = md5Fingerprint(`${where}.key`, props.key);
  }
  if (kind === 'object' && isPlain(props.content)) {
    const bytes = contentBytes(`${where}.content`, props.content, workDir);
    props.md5 = createHash('md5').update(bytes).digest('base64');
    props.size = bytes.length;
  }
}

/** The colon-hex MD5 fingerprint of an OpenSSH public key line. */
export function md5Fingerprint(where: string, line: string): string {
  const blob = line.split(/\s+/)[1];
  if (blob === undefined || !/^[A-Za-z0-9+/]+=*$/.test(blob)) throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}: ${JSON.stringify(line.slice(0, 40))} is not an OpenSSH public key line ("<type> <base64> [comment]")`);
  const hex = createHash('md5').update(Buffer.from(blob, 'base64')).digest('hex');
  return hex.match(/../g)!.join(':');
}

function contentBytes(where: string, content: { readonly [key: string]: ManifestValue }, workDir: string): Buffer {
  if (typeof content.text === 'string') return Buffer.from(content.text, 'utf8');
  if (typeof content.base64 === 'string') return Buffer.from(content.base64, 'base64');
  if (typeof content.file === 'string') {
    const path = isAbsolute(content.file) ? content.file : resolve(workDir, content.file);
    try {
      return readFileSync(path);
    } catch (error) {
      throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}.file: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}: must have exactly one of text, base64 or file as a literal value`);
}

function mantaPath(path: string, account: string): string {
  const expanded = path === '~~' ? `/${account}` : path.startsWith('~~/') ? `/${account}${path.slice(2)}` : path;
  return expanded.length > 1 ? expanded.replace(/\/+$/, '') : expanded;
}

function mapStrings(value: ManifestValue | undefined, fn: (s: string) => string): ManifestValue {
  return Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? fn(v) : v)) : (value ?? []);
}

function isPlain(value: unknown): value is { readonly [key: string]: ManifestValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRef(value);
}

/** One converted resource, as the implicit-dependency pass sees it. */
export interface ConvertedResource {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly properties: Props;
}

/**
 * The dependencies the construct library derives from names: a user key on its user, a role on its
 * members and policies, a role tag or role-tagged Manta entry on its roles, a Manta entry on its
 * directories, a snaplink on its source and a job on its inputs and assets.
 */
export function implicitDependencies(resource: ConvertedResource, all: readonly ConvertedResource[]): string[] {
  const find = (kind: ResourceKind, test: (p: Props) => boolean): string[] => all.filter((r) => r.kind === kind && r.address !== resource.address && test(r.properties)).map((r) => r.address);
  const p = resource.properties;
  const strings = (v: ManifestValue | undefined): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  const deps: string[] = [];
  const lower = (v: unknown): string => String(v).toLowerCase();
  if (resource.kind === 'user-key') deps.push(...find('user', (u) => lower(u.login) === lower(p.user)));
  if (resource.kind === 'role') {
    const logins = new Set((Array.isArray(p.members) ? p.members : []).filter(isPlain).filter((m) => m.type === 'subuser').map((m) => lower(m.login)));
    deps.push(...find('user', (u) => logins.has(lower(u.login))));
    const policies = new Set(strings(p.policies));
    deps.push(...find('policy', (q) => policies.has(String(q.name))));
  }
  const roles = new Set([...strings(p.roleTags), ...(resource.kind === 'role-tag' ? strings(p.roles) : [])]);
  deps.push(...find('role', (r) => roles.has(String(r.name))));
  if (resource.kind === 'directory' || resource.kind === 'object' || resource.kind === 'snaplink') {
    const path = String(p.path);
    deps.push(...find('directory', (d) => typeof d.path === 'string' && path.startsWith(`${d.path}/`)));
  }
  const sources = new Set([...(resource.kind === 'snaplink' ? [String(p.source)] : []), ...strings(p.inputs), ...(Array.isArray(p.phases) ? p.phases.filter(isPlain).flatMap((ph) => strings(ph.assets)) : [])]);
  deps.push(...find('object', (o) => sources.has(String(o.path))));
  return deps;
}
