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
import { kindDescriptor, type FieldSchema, type TypeSchema } from '../../common/kinds/index.js';
import { implicitDependencies, type NamedResource } from '../../common/kinds/name-references.js';
import { AdapterError } from '../errors.js';

type Props = Record<string, ManifestValue>;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Fills defaults and derived fields and puts paths and lists in canonical form, in place, as the
 * kind's descriptor says (`common/kinds/`): defaults, `pathForm`, `set`, `sortBy`, `lowerCaseKeys`
 * and `derivedFrom`, at any depth of list elements and object fields.
 */
export function completeProperties(
  where: string,
  kind: ResourceKind,
  props: Props,
  account: string,
  workDir: string,
): void {
  const descriptor = kindDescriptor(kind);
  if (descriptor === undefined) return;
  for (const field of descriptor.properties) {
    if (props[field.name] === undefined && field.required && field.default !== undefined)
      props[field.name] = structuredClone(field.default) as ManifestValue;
  }
  canonicalFields(descriptor.properties, props, account);
  // An object's MD5 and size come from the same content: read it once per source field.
  const read = new Map<string, Buffer>();
  const bytesOf = (at: string, field: string, source: { readonly [key: string]: ManifestValue }): Buffer => {
    const cached = read.get(field);
    if (cached !== undefined) return cached;
    const bytes = contentBytes(at, source, workDir);
    read.set(field, bytes);
    return bytes;
  };
  for (const field of descriptor.properties) {
    if (field.derivedFrom === undefined) continue;
    const source = props[field.derivedFrom.field];
    const at = `${where}.${field.derivedFrom.field}`;
    switch (field.derivedFrom.by) {
      case 'ssh-md5-fingerprint':
        if (typeof source === 'string') {
          props[field.derivedFrom.field] = source.trim();
          props[field.name] = md5Fingerprint(at, source.trim());
        }
        break;
      case 'content-md5':
        if (isPlain(source))
          props[field.name] = createHash('md5')
            .update(bytesOf(at, field.derivedFrom.field, source))
            .digest('base64');
        break;
      case 'content-size':
        if (isPlain(source)) props[field.name] = bytesOf(at, field.derivedFrom.field, source).length;
        break;
    }
  }
}

function canonicalFields(fields: readonly FieldSchema[], props: Props, account: string): void {
  for (const field of fields) {
    if (props[field.name] !== undefined) props[field.name] = canonicalValue(field, props[field.name]!, account);
  }
}

function canonicalValue(type: TypeSchema & Partial<FieldSchema>, value: ManifestValue, account: string): ManifestValue {
  if (typeof value === 'string') {
    if (type.pathForm === 'manta') return mantaPath(value, account);
    if (type.pathForm === 'cloudapi') return value.replace(/^\/my(?=\/|$)/, `/${account}`);
    return value;
  }
  if (Array.isArray(value)) {
    // A list's path form applies to each element.
    const element = type.element && type.pathForm ? { ...type.element, pathForm: type.pathForm } : type.element;
    let items = value.map((v) => (element ? canonicalValue(element, v, account) : v));
    if (type.set && items.every((v) => typeof v === 'string')) items = [...new Set(items as string[])].sort(byString);
    if (type.sortBy) {
      const keyOf = (v: ManifestValue): string =>
        isPlain(v) ? type.sortBy!.map((f) => String((v as Props)[f])).join('\u0000') : '';
      items = [...items].sort((a, b) => (isPlain(a) && isPlain(b) ? byString(keyOf(a), keyOf(b)) : 0));
    }
    return items;
  }
  if (isPlain(value)) {
    if (type.type === 'map') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          type.lowerCaseKeys ? k.toLowerCase() : k,
          type.element ? canonicalValue(type.element, v, account) : v,
        ]),
      );
    }
    if (type.type === 'object' && type.fields && !type.secret) {
      const out: Props = { ...value };
      canonicalFields(type.fields, out, account);
      return out;
    }
  }
  return value;
}

/** The colon-hex MD5 fingerprint of an OpenSSH public key line. */
export function md5Fingerprint(where: string, line: string): string {
  const blob = line.split(/\s+/)[1];
  if (blob === undefined || !/^[A-Za-z0-9+/]+=*$/.test(blob))
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      `${where}: ${JSON.stringify(line.slice(0, 40))} is not an OpenSSH public key line ("<type> <base64> [comment]")`,
    );
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
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${where}.file: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  throw new AdapterError(
    'TERRAFORM_JSON_INVALID',
    `${where}: must have exactly one of text, base64 or file as a literal value`,
  );
}

function mantaPath(path: string, account: string): string {
  const expanded = path === '~~' ? `/${account}` : path.startsWith('~~/') ? `/${account}${path.slice(2)}` : path;
  return expanded.length > 1 ? expanded.replace(/\/+$/, '') : expanded;
}

function isPlain(value: unknown): value is { readonly [key: string]: ManifestValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRef(value);
}

/** One converted resource, as the implicit-dependency pass sees it. */
export type ConvertedResource = NamedResource;

/**
 * The dependencies the construct library derives from names, as the kind's descriptor says
 * (`common/kinds/name-references.ts`).
 */
export { implicitDependencies };
