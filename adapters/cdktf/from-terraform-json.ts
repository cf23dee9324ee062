/**
 * Reads a CDKTF-synthesized `cdk.tf.json` and produces the manifest the reconciler plans, as
 * `app.synth()` would for the same objects declared with the native constructs.
 *
 * Only this provider's blocks (`tritoniac_*` resources and data sources) are taken; other providers'
 * blocks in the same file are left alone and listed in `ignored`. A reference between two of ours,
 * `${tritoniac_user.alice.id}`, becomes a dependency and either the referenced block's literal value
 * (`${tritoniac_user.alice.login}` → `"alice"`) or a `{ $ref }` to an attribute known after apply.
 *
 * How the CLI detects such a file: a JSON document with a top-level `terraform` or `resource` object
 * (every `cdk.tf.json` has `terraform.required_providers`) rather than `version`/`stacks`.
 */
import { readFileSync } from 'node:fs';
import {
  MANIFEST_VERSION,
  type Manifest,
  type ManifestValue,
  type ResourceKind,
  type ResourceManifest,
  type StackManifest,
} from '../../common/manifest.js';
import { RESOURCE_ATTRIBUTES, naturalKeyOf, type ResourcePropertiesByKind } from '../../common/resource-properties.js';
import { RESOURCE_SCHEMAS, checkProperties } from '../../common/resource-schema.js';
import { AdapterError } from '../errors.js';
import { completeProperties, implicitDependencies, type ConvertedResource } from '../private/derive.js';
import { lifecycleOptionsOf, outputsOf } from './private/tf-outputs.js';
import { convertFields, type ReferenceResolver, type TerraformReference } from './private/tf-values.js';
import { TERRAFORM_PROVIDER_NAME, kindOfTerraformType, terraformTypeOf } from './terraform-names.js';
import { TERRAFORM_PROVIDER_FIELDS } from './terraform-schema.js';

/** Options of {@link manifestFromTerraformJson}. */
export interface TerraformJsonOptions {
  /** The account, when the provider block does not name one. @default the provider block's `account` */
  readonly account?: string;
  /** The stack name. @default the CDKTF stack name from the file's metadata, else `cdktf` */
  readonly stackName?: string;
  /** Where relative `content.file` paths are read from. @default process.cwd() */
  readonly workDir?: string;
  /** The manifest's `generator`. @default `triton-iac (cdk.tf.json)` */
  readonly generator?: string;
}

/** The converted manifest and the blocks of other providers that were left alone. */
export interface TerraformJsonConversion {
  readonly manifest: Manifest;
  /** `resource.<type>.<name>` and `data.<type>.<name>` of every block not of this provider, sorted. */
  readonly ignored: string[];
}

/** True when `json` looks like a Terraform JSON configuration rather than a manifest. */
export function isTerraformJson(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const doc = json as Record<string, unknown>;
  return !('stacks' in doc) && (typeof doc.terraform === 'object' || typeof doc.resource === 'object');
}

/** Reads and converts a `cdk.tf.json` file (see {@link manifestFromTerraformJson}). */
export function manifestFromTerraformJsonFile(
  path: string,
  options: TerraformJsonOptions = {},
): TerraformJsonConversion {
  return manifestFromTerraformJson(JSON.parse(readFileSync(path, 'utf8')), options);
}

interface Block {
  readonly logical: string;
  readonly address: string;
  readonly kind: ResourceKind;
  readonly dataSource: boolean;
  readonly type: string;
  readonly attrs: Record<string, unknown>;
}

/**
 * Converts a synthesized Terraform JSON document (parsed, or its text).
 * @throws AdapterError `TERRAFORM_JSON_INVALID` naming the block, the attribute and the rule for
 *   anything that cannot be expressed in a manifest (interpolation, `count`, unknown attributes).
 */
export function manifestFromTerraformJson(json: unknown, options: TerraformJsonOptions = {}): TerraformJsonConversion {
  const doc = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  if (!isTerraformJson(doc))
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      'the document is not a Terraform JSON configuration (no "terraform" or "resource" object)',
    );
  const meta = record(record(doc['//'])?.metadata);
  const stackName = options.stackName ?? (typeof meta?.stackName === 'string' ? meta.stackName : 'cdktf');
  const provider = providerSettings(doc);
  const account = options.account ?? (typeof provider.account === 'string' ? provider.account : undefined);
  if (account === undefined || account === '') {
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      `provider.${TERRAFORM_PROVIDER_NAME}.account: not set; set it in the provider block or pass the account option`,
    );
  }
  const ignored: string[] = [];
  const blocks = new Map<string, Block>();
  for (const dataSource of [false, true]) {
    const section = record(doc[dataSource ? 'data' : 'resource']) ?? {};
    for (const [type, entries] of Object.entries(section)) {
      const kind = kindOfTerraformType(type, dataSource);
      for (const [logical, body] of Object.entries(record(entries) ?? {})) {
        const ref = `${dataSource ? 'data.' : ''}${type}.${logical}`;
        if (kind === undefined) {
          if (type.startsWith(`${TERRAFORM_PROVIDER_NAME}_`))
            throw new AdapterError(
              'TERRAFORM_JSON_INVALID',
              `${ref}: ${type} is not a ${dataSource ? 'data source' : 'resource type'} of ${TERRAFORM_PROVIDER_NAME} (known: ${knownTypes(dataSource)})`,
            );
          ignored.push(`${dataSource ? 'data' : 'resource'}.${type}.${logical}`);
          continue;
        }
        const attrs = { ...(record(body) ?? {}) };
        const path = record(record(attrs['//'])?.metadata)?.path;
        const address =
          typeof path === 'string' && path.includes('/')
            ? `${stackName}/${path.split('/').slice(1).join('/')}`
            : `${stackName}/${logical}`;
        blocks.set(ref, { logical, address, kind, dataSource, type, attrs });
      }
    }
  }

  const converted = new Map<string, { props: Record<string, ManifestValue>; deps: Set<string> }>();
  const converting = new Set<string>();
  const convert = (ref: string): { props: Record<string, ManifestValue>; deps: Set<string> } => {
    const done = converted.get(ref);
    if (done) return done;
    if (converting.has(ref))
      throw new AdapterError('TERRAFORM_JSON_INVALID', `${ref}: its attributes refer to each other in a cycle`);
    converting.add(ref);
    const block = blocks.get(ref)!;
    const deps = new Set<string>();
    const attrs: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(block.attrs)) {
      if (name === '//' || name === 'provider' || name === 'lifecycle') continue;
      if (name === 'depends_on') {
        for (const target of Array.isArray(value) ? value : []) {
          const t = String(target).replace(/^\$\{(.*)\}$/, '$1');
          const dep = blocks.get(t);
          if (dep) deps.add(dep.address);
        }
        continue;
      }
      if (['count', 'for_each', 'provisioner', 'connection'].includes(name)) {
        throw new AdapterError(
          'TERRAFORM_JSON_INVALID',
          `${ref}.${name}: Terraform meta-argument ${name} is not supported; declare each object separately`,
        );
      }
      attrs[name] = value;
    }
    const resolveRef: ReferenceResolver = (r: TerraformReference, where: string) => resolveReference(r, where, deps);
    const props = convertFields(ref, RESOURCE_SCHEMAS[block.kind].properties, attrs, resolveRef);
    completeProperties(ref, block.kind, props, account, options.workDir ?? process.cwd());
    const result = { props, deps };
    converted.set(ref, result);
    converting.delete(ref);
    return result;
  };
  const resolveReference = (r: TerraformReference, where: string, deps: Set<string>): ManifestValue => {
    const key = `${r.dataSource ? 'data.' : ''}${r.type}.${r.name}`;
    const target = blocks.get(key);
    if (!target) {
      const what = r.type.startsWith(`${TERRAFORM_PROVIDER_NAME}_`)
        ? 'no such block in the file'
        : `it is not a ${TERRAFORM_PROVIDER_NAME} block; values of other providers cannot flow into this one`;
      throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}: reference to ${key}.${r.attribute}: ${what}`);
    }
    deps.add(target.address);
    const attribute = r.attribute.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    const literal = convert(key).props[attribute];
    if (literal !== undefined && !(typeof literal === 'object' && literal !== null && '$ref' in literal))
      return literal;
    if (RESOURCE_ATTRIBUTES[target.kind].includes(attribute)) {
      return { $ref: { address: target.address, attribute } };
    }
    if (literal !== undefined) return literal;
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      `${where}: ${key}.${r.attribute} is neither set on that block nor an attribute a ${target.kind} exposes (${RESOURCE_ATTRIBUTES[target.kind].join(', ') || 'none'})`,
    );
  };

  const resources: ConvertedResource[] = [...blocks.keys()].map((ref) => ({
    address: blocks.get(ref)!.address,
    kind: blocks.get(ref)!.kind,
    properties: convert(ref).props,
  }));
  const seen = new Map<string, string>();
  const manifests: ResourceManifest[] = [...blocks.entries()].map(([ref, block], i) => {
    const { props, deps } = converted.get(ref)!;
    const problems = checkProperties(block.kind, props);
    if (problems.length > 0) throw new AdapterError('TERRAFORM_JSON_INVALID', `${ref}: ${problems.join('; ')}`);
    const other = seen.get(block.address);
    if (other)
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${ref}: address ${block.address} is also the address of ${other}; give the constructs distinct ids`,
      );
    seen.set(block.address, ref);
    for (const dep of implicitDependencies(resources[i]!, resources)) deps.add(dep);
    deps.delete(block.address);
    const options = lifecycleOptionsOf(ref, block.kind, block.attrs['lifecycle']);
    return {
      address: block.address,
      kind: block.kind,
      naturalKey: naturalKeyOf(block.kind, props as unknown as ResourcePropertiesByKind[typeof block.kind], account),
      properties: canonical(props) as ResourceManifest['properties'],
      dependsOn: [...deps].sort(byString),
      ...(options !== undefined ? { options } : {}),
    };
  });
  // TerraformOutput blocks: a reference to one of our blocks becomes its literal value or a `{ $ref }`.
  const outputs = outputsOf(doc, (r, where) => resolveReference(r, where, new Set()));
  const stack: StackManifest = {
    name: stackName,
    account,
    ...(typeof provider.user === 'string' ? { user: provider.user } : {}),
    ...connectionOf(provider),
    resources: manifests.sort((a, b) => byString(a.address, b.address)),
    ...(outputs.length > 0 ? { outputs: canonical(outputs) as StackManifest['outputs'] } : {}),
  };
  return {
    manifest: {
      version: MANIFEST_VERSION,
      generator: options.generator ?? 'triton-iac (cdk.tf.json)',
      stacks: [stack],
    },
    ignored: ignored.sort(byString),
  };
}

function providerSettings(doc: Record<string, unknown>): Record<string, ManifestValue> {
  const entry = record(doc.provider)?.[TERRAFORM_PROVIDER_NAME];
  const list = Array.isArray(entry) ? entry : entry !== undefined ? [entry] : [];
  if (list.length > 1)
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      `provider.${TERRAFORM_PROVIDER_NAME}: ${list.length} provider blocks (aliases); one stack has one account, use one CDKTF stack per account`,
    );
  const body = record(list[0]) ?? {};
  return convertFields(
    `provider.${TERRAFORM_PROVIDER_NAME}`,
    TERRAFORM_PROVIDER_FIELDS,
    Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'alias')),
    (_r, where) => {
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${where}: provider settings must be literal values, not references`,
      );
    },
  );
}

function connectionOf(p: Record<string, ManifestValue>): Pick<StackManifest, 'connection'> {
  const c: Record<string, unknown> = {};
  for (const name of ['cloudapiUrl', 'mantaUrl', 'profile', 'keyId', 'roles'])
    if (p[name] !== undefined) c[name] = p[name];
  return Object.keys(c).length > 0 ? { connection: c as StackManifest['connection'] } : {};
}

function knownTypes(dataSource: boolean): string {
  return Object.values(RESOURCE_SCHEMAS)
    .filter((s) => s.mode === (dataSource ? 'lookup' : 'managed'))
    .map((s) => terraformTypeOf(s.kind))
    .join(', ');
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort(byString)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function byString(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
