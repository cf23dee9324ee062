/**
 * `StorTree`: a local folder mirrored into an object-store directory, as `msync` does it.
 */
import { resolve } from 'node:path';
import { Construct } from 'constructs';
import { checkDurability } from '../../common/rules/index.js';
import { Directory } from '../../kinds/directory/construct.js';
import { ValidationError } from '../errors.js';
import type { IRole } from '../interfaces.js';
import type { Reference } from '../reference.js';
import { StorObject } from '../../kinds/object/construct.js';
import { DEFAULT_CONTENT_TYPES, extensionOf } from '../private/content-types.js';
import { compileGlob, type Glob } from '../private/globs.js';
import { checkKnownProps, propNames } from '../private/known-props.js';
import { mantaPath } from '../private/manta-path.js';
import { fail, requirePropsObject, unreadableFile } from '../private/problems.js';
import { PRUNED_TREE } from '../private/pruned-tree.js';
import { checkRoleRefs } from '../private/role-refs.js';
import { stackOf } from '../private/stack-marker.js';
import { uniqueId } from '../private/unique-id.js';
import { LinkOutsideError, NameNotUtf8Error, walkTree, WalkError } from '../private/tree-walk.js';
import { numberDefault } from '../../common/kinds/defaults.js';
import { object as objectKind } from '../../kinds/object/descriptor.js';

/** The durability the tree's objects take when its props give none: the object descriptor's default. */
const DEFAULT_DURABILITY = numberDefault(objectKind, 'durability');

/** Settings for the files a pattern matches (see {@link StorTreeProps.rules}). */
export interface StorTreeRule {
  /** Glob pattern(s) of the files it applies to (the syntax of {@link StorTreeProps.include}). */
  readonly match: string | readonly string[];
  /** `Content-Type` of the matching files, over the one their extension gives. @default - by extension */
  readonly contentType?: string;
  /** Headers added to the matching files (over the tree's `headers` of the same name). @default - none */
  readonly headers?: { readonly [name: string]: string | Reference };
  /** Roles tagged on the matching files, besides the tree's `roleTags`. @default - none */
  readonly roleTags?: readonly (IRole | string)[];
  /** `durability-level` of the matching files. @default - the tree's `durability` */
  readonly durability?: number;
}

/** Props of a {@link StorTree}. */
export interface StorTreeProps {
  /** The local folder, relative to the working directory (as `StorObject`'s `file`). */
  readonly source: string;
  /**
   * The directory it is mirrored into, under `/<login>/stor` or `/<login>/public` (`~~/` stands
   * for `/<login>/`); a folder `docs` of the source becomes `<path>/docs`.
   */
  readonly path: string;
  /**
   * Glob patterns of the files to upload: `*` and `?` within one path segment, `**` across
   * segments, `{a,b}` either. A pattern without `/` matches a file's name at any depth
   * (`*.html`), one with `/` its path from the folder's top (`docs/**`).
   * @default - every file
   */
  readonly include?: readonly string[];
  /**
   * Glob patterns of files and folders to leave out (a folder with everything in it), the syntax
   * of `include`: `.git`, `*.map`, `drafts/**`. Exclusion wins over inclusion.
   * @default - none
   */
  readonly exclude?: readonly string[];
  /**
   * Content types by extension (`{ '.md': 'text/markdown; charset=utf-8' }`), over the built-in
   * table (HTML, CSS, JavaScript, JSON, images, fonts...). Unknown extensions are
   * `application/octet-stream`.
   * @default - the built-in table
   */
  readonly contentTypes?: { readonly [extension: string]: string };
  /** Headers of every file (`cache-control`, `m-*`, CORS), as `StorObject`'s `headers`. @default - none */
  readonly headers?: { readonly [name: string]: string | Reference };
  /** Roles tagged on every file and directory of the tree. @default - none */
  readonly roleTags?: readonly (IRole | string)[];
  /** Settings by pattern, applied in order (a later rule's content type and durability win). @default - none */
  readonly rules?: readonly StorTreeRule[];
  /** `durability-level` of every file. @default 2 */
  readonly durability?: number;
  /**
   * Delete what the folder does not have: a file removed from the folder is deleted, and so is any
   * object, link or directory below the tree's top, at any depth, that the tree does not declare
   * (`msync -d`; a directory after what it holds): each is planned as a delete, one line each. What
   * the stack wrote there itself (an access key's secret, an image's export, its state) is kept.
   * Without it, a file removed from the folder is left in the
   * object store and forgotten, and other objects there are left alone (as `msync` without `-d`);
   * `destroy` of the stack then leaves the tree's files too.
   * @default false
   */
  readonly delete?: boolean;
}

const STOR_TREE_PROPS = propNames<StorTreeProps>({
  source: true,
  path: true,
  include: true,
  exclude: true,
  contentTypes: true,
  headers: true,
  roleTags: true,
  rules: true,
  durability: true,
  delete: true,
});

const RULE_PROPS = propNames<StorTreeRule>({
  match: true,
  contentType: true,
  headers: true,
  roleTags: true,
  durability: true,
});

/** A rule with its patterns compiled. */
interface CompiledRule extends StorTreeRule {
  readonly globs: readonly Glob[];
}

/**
 * A local folder mirrored into a directory of the object store: one `Directory` per folder and one
 * `StorObject` per file, hashed at synth, so a plan compares hashes and listings and reads no file
 * and no object again. Addresses follow the files: the tree `site` of stack `web` holds
 * `web/site/.` (the top directory), `web/site/docs` and `web/site/docs/index.html`.
 */
export class StorTree extends Construct {
  /** The canonical path of the top directory. */
  readonly path: string;
  /** The files found, relative to `source` with `/` separators, in path order. */
  readonly files: readonly string[];
  /** Whether entries the folder does not have are deleted. */
  readonly prune: boolean;
  /** @internal The directory whose unmanaged entries are deleted (see `delete`). */
  readonly [PRUNED_TREE]: string | undefined;

  constructor(scope: Construct, id: string, props: StorTreeProps) {
    super(scope, uniqueId(scope, id));
    const at = this.node.path;
    requirePropsObject(at, props, 'StorTree');
    checkKnownProps(at, props, STOR_TREE_PROPS, 'StorTree');
    const stack = stackOf(this, `StorTree ${JSON.stringify(id)}`);
    this.path = mantaPath(at, 'path', props.path, stack.account, true);
    if (typeof props.source !== 'string' || props.source === '')
      fail(at, 'source', props.source, 'must be the path of a local folder');
    if (props.delete !== undefined && typeof props.delete !== 'boolean')
      fail(at, 'delete', props.delete, 'must be true or false');
    this.prune = props.delete === true;
    this[PRUNED_TREE] = this.prune ? this.path : undefined;
    const durability = props.durability ?? DEFAULT_DURABILITY;
    const durabilityProblem = checkDurability(durability);
    if (durabilityProblem !== undefined) throw new ValidationError(`${at}: ${durabilityProblem}`);
    checkRoleRefs(at, 'roleTags', props.roleTags);
    if (props.headers !== undefined && (typeof props.headers !== 'object' || props.headers === null))
      fail(at, 'headers', props.headers, 'must be an object of header names to values');
    const contentTypes = { ...DEFAULT_CONTENT_TYPES, ...extensionTypes(at, props.contentTypes) };
    const rules = compileRules(at, props.rules);

    let walked;
    try {
      walked = walkTree(
        resolve(props.source),
        globsOf(at, 'include', props.include),
        globsOf(at, 'exclude', props.exclude),
        [process.cwd()],
      );
    } catch (error) {
      if (error instanceof LinkOutsideError)
        fail(
          at,
          'source',
          props.source,
          `${props.source}/${error.relativePath} is a symbolic link to ${error.target}, outside the folder and the project directory: a tree uploads only files inside them (copy the file in, or exclude the link)`,
        );
      if (error instanceof NameNotUtf8Error)
        fail(
          at,
          'source',
          props.source,
          `${props.source}/${error.relativePath} has a name that is not valid UTF-8 (${error.shown}): an object-store path is UTF-8 text, so no object can have that name; rename the file, or exclude it`,
        );
      if (!(error instanceof WalkError)) throw error;
      fail(at, 'source', props.source, unreadableFile(`${props.source}/${error.relativePath}`, error.cause));
    }
    this.files = walked.files;

    const retainOnDelete = !this.prune;
    const directoryProps = { ...(props.roleTags !== undefined ? { roleTags: props.roleTags } : {}), retainOnDelete };
    // Only folders that hold a file: an include that leaves a folder empty creates no directory.
    const needed = new Set<string>();
    for (const file of walked.files)
      for (let i = file.indexOf('/'); i > 0; i = file.indexOf('/', i + 1)) needed.add(file.slice(0, i));
    const scopes = new Map<string, Construct>([['', this]]);
    new Directory(this, '.', { path: this.path, ...directoryProps });
    for (const folder of walked.folders) {
      if (!needed.has(folder)) continue;
      const slash = folder.lastIndexOf('/');
      const parent = scopes.get(slash < 0 ? '' : folder.slice(0, slash))!;
      scopes.set(
        folder,
        new Directory(parent, folder.slice(slash + 1), { path: `${this.path}/${folder}`, ...directoryProps }),
      );
    }
    for (const file of walked.files) {
      const slash = file.lastIndexOf('/');
      const name = file.slice(slash + 1);
      let contentType = contentTypes[extensionOf(name)] ?? 'application/octet-stream';
      let fileDurability = durability;
      let headers: { [name: string]: string | Reference } = lowerCased(props.headers);
      const roleTags: (IRole | string)[] = [...(props.roleTags ?? [])];
      for (const rule of rules) {
        if (!rule.globs.some((g) => g.matches(file))) continue;
        if (rule.contentType !== undefined) contentType = rule.contentType;
        if (rule.durability !== undefined) fileDurability = rule.durability;
        headers = { ...headers, ...lowerCased(rule.headers) };
        for (const role of rule.roleTags ?? []) if (!roleTags.includes(role)) roleTags.push(role);
      }
      new StorObject(scopes.get(slash < 0 ? '' : file.slice(0, slash))!, name, {
        path: `${this.path}/${file}`,
        file: `${props.source}/${file}`,
        contentType,
        headers,
        durability: fileDurability,
        roleTags,
        retainOnDelete,
      });
    }
  }
}

function globsOf(at: string, field: string, patterns: readonly string[] | undefined): Glob[] {
  if (patterns === undefined) return [];
  if (!Array.isArray(patterns)) fail(at, field, patterns, 'must be a list of glob patterns');
  return patterns.map((p, i) => {
    if (typeof p !== 'string') fail(at, `${field}[${i}]`, p, 'must be a glob pattern (a string)');
    const glob = compileGlob(p);
    if (typeof glob === 'string') fail(at, `${field}[${i}]`, p, glob);
    return glob;
  });
}

function extensionTypes(
  at: string,
  types: { readonly [extension: string]: string } | undefined,
): Record<string, string> {
  if (types === undefined) return {};
  if (typeof types !== 'object' || types === null || Array.isArray(types))
    fail(at, 'contentTypes', types, 'must be an object of extensions (".md") to media types');
  const out: Record<string, string> = {};
  for (const [extension, type] of Object.entries(types)) {
    if (!/^\.[^./]+$/.test(extension))
      fail(at, `contentTypes["${extension}"]`, extension, 'must be an extension with its dot, such as ".md"');
    if (typeof type !== 'string')
      fail(at, `contentTypes["${extension}"]`, type, 'must be a media type such as text/markdown');
    out[extension.toLowerCase()] = type;
  }
  return out;
}

function compileRules(at: string, rules: readonly StorTreeRule[] | undefined): CompiledRule[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules)) fail(at, 'rules', rules, 'must be a list of { match, ... } rules');
  return rules.map((rule: StorTreeRule, i) => {
    const where = `${at}: rules[${i}]`;
    requirePropsObject(where, rule, 'StorTreeRule');
    checkKnownProps(`${at}/rules[${i}]`, rule, RULE_PROPS, 'StorTreeRule');
    const match = typeof rule.match === 'string' ? [rule.match] : rule.match;
    if (!Array.isArray(match) || match.length === 0)
      fail(at, `rules[${i}].match`, rule.match, 'must be a glob pattern or a non-empty list of them');
    if (rule.headers !== undefined && (typeof rule.headers !== 'object' || rule.headers === null))
      fail(at, `rules[${i}].headers`, rule.headers, 'must be an object of header names to values');
    if (rule.durability !== undefined) {
      const problem = checkDurability(rule.durability);
      if (problem !== undefined) throw new ValidationError(`${at}: rules[${i}]: ${problem}`);
    }
    checkRoleRefs(at, `rules[${i}].roleTags`, rule.roleTags);
    return { ...rule, globs: globsOf(at, `rules[${i}].match`, match) };
  });
}

function lowerCased(headers: { readonly [name: string]: string | Reference } | undefined): {
  [name: string]: string | Reference;
} {
  const out: { [name: string]: string | Reference } = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
