/**
 * `StorObject`: an object in the object store.
 */
import type { Construct } from 'constructs';
import type { ObjectProperties } from '../../common/resource-properties.js';
import {
  checkDurability,
  checkMantaHeaderName,
  checkMantaHeaderValue,
  MANTA_MAX_HEADER_BYTES,
  mantaHeaderBytes,
} from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IRole } from '../../constructs/interfaces.js';
import { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { synthesizeContent, type SynthesizedContent } from '../../constructs/private/content.js';
import { ancestorDirectories, mantaPath } from '../../constructs/private/manta-path.js';
import { fail } from '../../constructs/private/problems.js';
import { checkRoleRefs, resolveRoleRefs } from '../../constructs/private/role-refs.js';
import { propNames } from '../../constructs/private/known-props.js';
import { numberDefault, stringDefault } from '../../common/kinds/defaults.js';
import { object as objectKind } from './descriptor.js';

/** What an object takes when its props give none: the descriptor's defaults. */
const DEFAULT_CONTENT_TYPE = stringDefault(objectKind, 'contentType');
const DEFAULT_DURABILITY = numberDefault(objectKind, 'durability');

/** Props of a {@link StorObject}. */
export interface StorObjectProps extends ResourceOptionProps {
  /** The path, below `/<login>/stor` or `/<login>/public` (`~~/` stands for `/<login>/`). */
  readonly path: string;
  /**
   * The content: a string (stored as UTF-8) or bytes, carried inline in the manifest (at most 1 MiB).
   * Give this or `file`.
   * @default - read from `file`
   */
  readonly content?: string | Uint8Array;
  /**
   * A local file whose bytes are uploaded at apply. The manifest references it by path (relative to
   * the working directory) with the MD5 and size computed at synth. Give this or `content`.
   * @default - `content` is used
   */
  readonly file?: string;
  /**
   * `Content-Type`.
   * @default 'application/octet-stream' (the server's default)
   */
  readonly contentType?: string;
  /**
   * Custom headers: `m-*` metadata (at most 4 KB of values in total), and `access-control-*`,
   * `cache-control`, `content-disposition`, `content-encoding`, `content-language`,
   * `surrogate-key`. Names are case-insensitive. A value may be a `Reference` (an image id, say).
   * @default - none
   */
  readonly headers?: { readonly [name: string]: string | Reference };
  /**
   * Number of copies kept (`durability-level`).
   * @default 2
   */
  readonly durability?: number;
  /**
   * Roles tagged on the object (the `role-tag` header).
   * @default - none
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link StorObjectProps}, checked at synth (an unknown prop is an error). */
const STOR_OBJECT_PROPS = propNames<StorObjectProps>({
  path: true,
  content: true,
  file: true,
  contentType: true,
  headers: true,
  durability: true,
  roleTags: true,
});

/**
 * Bytes a reference is assumed to take against the header limit: a UUID, the longest value our
 * attributes produce that is likely to be put in a header.
 */
const REFERENCE_HEADER_BYTES = 36;

/** An object. Directories of the stack above it are created first. */
export class StorObject extends TritonResource {
  readonly kind = 'object' as const;
  /** The canonical path. */
  readonly path: string;
  private readonly data: SynthesizedContent;
  private readonly contentType: string;
  private readonly headers: { readonly [name: string]: string | Reference };
  private readonly durability: number;
  private readonly roleTags: readonly (IRole | string)[];

  constructor(scope: Construct, id: string, props: StorObjectProps) {
    super(scope, id, props, STOR_OBJECT_PROPS);
    const at = this.node.path;
    this.path = mantaPath(at, 'path', props.path, this.stack.account, true);
    this.data = synthesizeContent(at, props.content, props.file);
    if (
      props.contentType !== undefined &&
      (typeof props.contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(props.contentType))
    ) {
      fail(
        at,
        'contentType',
        props.contentType,
        'must be a media type such as text/html or application/json; charset=utf-8',
      );
    }
    this.contentType = props.contentType ?? DEFAULT_CONTENT_TYPE;
    this.headers = checkHeaders(at, props.headers ?? {});
    const durability = props.durability ?? DEFAULT_DURABILITY;
    const durabilityProblem = checkDurability(durability);
    if (durabilityProblem !== undefined) throw new ValidationError(`${at}: ${durabilityProblem}`);
    this.durability = durability;
    checkRoleRefs(at, 'roleTags', props.roleTags);
    this.roleTags = [...(props.roleTags ?? [])];
  }

  get naturalKey(): string {
    return this.path;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'path';
  }

  /** The content's base64 MD5, computed at synth. */
  get md5(): string {
    return this.data.md5;
  }

  /** The content's size in bytes. */
  get size(): number {
    return this.data.size;
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const deps: (TritonResource | undefined)[] = ancestorDirectories(this.path).map((p) => ctx.find('directory', p));
    const roles = resolveRoleRefs(ctx, this.roleTags);
    deps.push(...roles.deps);
    const properties: Omit<ObjectProperties, 'headers'> & { headers: { [name: string]: string | Reference } } = {
      path: this.path,
      content: this.data.content,
      md5: this.data.md5,
      size: this.data.size,
      contentType: this.contentType,
      headers: { ...this.headers },
      durability: this.durability,
      roleTags: roles.names,
    };
    return { properties, dependsOn: deps };
  }
}

function checkHeaders(
  at: string,
  headers: { readonly [name: string]: string | Reference },
): { [name: string]: string | Reference } {
  if (typeof headers !== 'object' || headers === null)
    fail(at, 'headers', headers, 'must be an object of header names to values');
  const out: { [name: string]: string | Reference } = {};
  const counted: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    if (name === 'role-tag') fail(at, `headers["${rawName}"]`, value, 'set role tags with the roleTags prop');
    if (name === 'content-type' || name === 'durability-level')
      fail(
        at,
        `headers["${rawName}"]`,
        value,
        `set ${name === 'content-type' ? 'contentType' : 'durability'} with its own prop`,
      );
    const nameProblem = checkMantaHeaderName(name);
    if (nameProblem !== undefined) throw new ValidationError(`${at}: headers: ${nameProblem}`);
    if (name in out) fail(at, 'headers', rawName, 'is given twice (header names are case-insensitive)');
    if (value instanceof Reference) {
      counted[name] = 'x'.repeat(REFERENCE_HEADER_BYTES);
    } else if (typeof value !== 'string') {
      fail(at, `headers["${rawName}"]`, value, 'must be a string or a Reference');
    } else {
      const valueProblem = checkMantaHeaderValue(name, value);
      if (valueProblem !== undefined) throw new ValidationError(`${at}: headers: ${valueProblem}`);
      counted[name] = value;
    }
    out[name] = value;
  }
  const bytes = mantaHeaderBytes(counted);
  if (bytes > MANTA_MAX_HEADER_BYTES) {
    fail(
      at,
      'headers',
      undefined,
      `hold ${bytes} bytes of m- header values, more than the object store's ${MANTA_MAX_HEADER_BYTES}-byte limit (it would silently drop the headers that do not fit)`,
      { withhold: true },
    );
  }
  return out;
}
