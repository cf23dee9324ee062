/**
 * Synth assertions: one synthesized stack, searched by kind and properties, counted, read, and
 * asked who may do what, without any cloud (after `aws-cdk-lib/assertions`' `Template`).
 */
import { AssertionError } from 'node:assert';
import { accessModelFromResources, itemPathOf, type AccessAnswer, type AccessModel } from '../common/access/index.js';
import { didYouMean } from '../common/did-you-mean.js';
import { allKinds } from '../common/kinds/index.js';
import type { Manifest, ResourceManifest, StackManifest } from '../common/manifest.js';
import { assertAllowed, assertDenied, decide, type AccessOptions, type UserRef } from './access.js';
import { TestingError } from './errors.js';
import { mismatchesOf, mismatchText, type Mismatch } from './match.js';

/** Anything that synthesizes a manifest: a `TritonApp`. */
export interface Synthesizable {
  synth(): Manifest;
}

/** A `TritonStack` (or any construct with a path under an app): its node's path and root. */
export interface StackLike {
  readonly node: { readonly path: string; readonly root: unknown };
}

/** A resource construct (its `address`) or an address such as `prod/ops-role`. */
export type ResourceRef = string | { readonly address: string };

/** One synthesized stack, to assert on. */
export class Template {
  /** The stack's synthesized manifest. */
  readonly stack: StackManifest;
  #access: AccessModel | undefined;

  private constructor(stack: StackManifest) {
    this.stack = stack;
  }

  /**
   * Synthesizes `app` and takes its one stack, or the stack named `options.stack`.
   * @throws TestingError when the app has several stacks and none is named, or no stack of that name
   */
  static fromApp(app: Synthesizable, options: { readonly stack?: string } = {}): Template {
    return Template.fromManifest(app.synth(), options);
  }

  /** Synthesizes the app `stack` belongs to and takes that stack. */
  static fromStack(stack: StackLike): Template {
    const root = stack.node.root as Partial<Synthesizable>;
    if (typeof root.synth !== 'function')
      throw new TestingError(`stack ${stack.node.path} is not inside a TritonApp: its root cannot synthesize`);
    return Template.fromManifest(root.synth(), { stack: stack.node.path });
  }

  /** Takes one stack of a manifest already synthesized (or read from a file). */
  static fromManifest(manifest: Manifest, options: { readonly stack?: string } = {}): Template {
    const names = manifest.stacks.map((s) => s.name);
    if (options.stack === undefined) {
      if (manifest.stacks.length !== 1)
        throw new TestingError(
          `the app has ${manifest.stacks.length} stacks (${names.join(', ') || 'none'}); name one with { stack: NAME }`,
        );
      return new Template(manifest.stacks[0]!);
    }
    const stack = manifest.stacks.find((s) => s.name === options.stack);
    if (stack === undefined)
      throw new TestingError(
        `stack ${JSON.stringify(options.stack)} is not in the app${didYouMean(options.stack, names)}; its stacks are ${names.join(', ') || 'none'}`,
      );
    return new Template(stack);
  }

  /** The account the stack is declared in. */
  get account(): string {
    return this.stack.account;
  }

  /** Every resource of `kind` whose properties match `properties` (all of that kind without it). */
  findResources(kind: string, properties?: unknown): ResourceManifest[] {
    return this.ofKind(kind).filter(
      (r) => properties === undefined || mismatchesOf(properties, r.properties).length === 0,
    );
  }

  /**
   * Asserts that a resource of `kind` has properties matching `properties` (plain objects match
   * like `Match.objectLike`).
   * @returns the first matching resource
   * @throws AssertionError showing the closest resource of the kind and each field that differs
   */
  hasResource(kind: string, properties: unknown = {}): ResourceManifest {
    const candidates = this.ofKind(kind);
    const scored = candidates.map((r) => ({ r, diff: mismatchesOf(properties, r.properties) }));
    const found = scored.find((s) => s.diff.length === 0);
    if (found !== undefined) return found.r;
    throw new AssertionError({ message: this.noMatchText(kind, properties, scored) });
  }

  /** Asserts that no resource of `kind` matches `properties` (none of the kind at all without it). */
  hasNoResource(kind: string, properties?: unknown): void {
    const found = this.findResources(kind, properties);
    if (found.length > 0)
      throw new AssertionError({
        message: `expected no ${kind}${properties !== undefined ? ' matching the pattern' : ''} in stack ${this.stack.name}, found ${found.map((r) => r.address).join(', ')}`,
      });
  }

  /** Asserts how many resources of `kind` (matching `properties`, when given) the stack has. */
  resourceCountIs(kind: string, count: number, properties?: unknown): void {
    const found = this.findResources(kind, properties);
    if (found.length !== count)
      throw new AssertionError({
        message: `expected ${count} ${kind} resource${count === 1 ? '' : 's'}${properties !== undefined ? ' matching the pattern' : ''} in stack ${this.stack.name}, found ${found.length}${found.length > 0 ? `: ${found.map((r) => r.address).join(', ')}` : ''}`,
        actual: found.length,
        expected: count,
        operator: 'resourceCountIs',
      });
  }

  /**
   * The resource at `ref` (an address, or the construct itself), as synthesized.
   * @throws TestingError naming the closest addresses when the stack has no such resource
   */
  resource(ref: ResourceRef): ResourceManifest {
    const address = typeof ref === 'string' ? ref : ref.address;
    const found = this.stack.resources.find((r) => r.address === address);
    if (found === undefined)
      throw new TestingError(
        `address ${JSON.stringify(address)} is not a resource of stack ${this.stack.name}${didYouMean(
          address,
          this.stack.resources.map((r) => r.address),
        )}`,
      );
    return found;
  }

  /** The rendered properties of the resource at `ref`: what the plan compares with the cloud. */
  properties(ref: ResourceRef): ResourceManifest['properties'] {
    return this.resource(ref).properties;
  }

  /** The declared account's users, roles, policies and role tags, as `triton-iac access` reads them. */
  get accessModel(): AccessModel {
    this.#access ??= accessModelFromResources(this.stack.account, this.stack.resources);
    return this.#access;
  }

  /**
   * Decides whether `user` may perform `action` on `resource` (a path, `/my/...` standing for the
   * account, or a declared resource: see {@link pathOf}), as `triton-iac can` does against the
   * declarations; asserts nothing.
   */
  can(user: UserRef, action: string, resource: string | ResourceRef, options?: AccessOptions): AccessAnswer {
    return decide(this.accessModel, user, action, this.pathOf(resource), options);
  }

  /**
   * Asserts that `user` may perform `action` on `resource` (`/my/users` is the account's users).
   * @returns the answer, with the chains that grant it
   * @throws AssertionError naming the first condition that fails and what would grant it
   */
  assertCan(user: UserRef, action: string, resource: string | ResourceRef, options?: AccessOptions): AccessAnswer {
    return assertAllowed(this.accessModel, user, action, this.pathOf(resource), options);
  }

  /**
   * Asserts that `user` may not perform `action` on `resource`, or anywhere in the account when
   * `resource` is omitted, with its default roles or taking up any of its roles (unless
   * `options.roles` names them).
   * @throws AssertionError naming the path and the role → policy → rule chain that grants it
   */
  assertCannot(user: UserRef, action: string, resource?: string | ResourceRef, options?: AccessOptions): void {
    assertDenied(this.accessModel, user, action, resource === undefined ? undefined : this.pathOf(resource), options);
  }

  /**
   * The path a request on `resource` is made to: a path as given (`/my/...` included), or the
   * path of a declared resource, the construct itself: its CloudAPI item path (an instance whose id
   * is not known yet reads `/acme/machines/(web-1: id known after apply)`, as `access` shows it) or
   * its Manta path.
   * @throws TestingError for a resource that has neither
   */
  pathOf(resource: string | ResourceRef): string {
    if (typeof resource === 'string' && resource.startsWith('/')) return resource;
    const r = this.resource(resource);
    const path = itemPathOf(r.kind, this.stack.account, r.properties) ?? r.properties['path'];
    if (typeof path !== 'string')
      throw new TestingError(
        `${r.address} (${r.kind}) has no path a request is made to; give the resource as a path such as /my/machines`,
      );
    return path;
  }

  private ofKind(kind: string): ResourceManifest[] {
    const kinds = allKinds().map((d) => d.kind);
    if (!kinds.includes(kind))
      throw new TestingError(
        `kind ${JSON.stringify(kind)} is not a resource kind${didYouMean(kind, kinds)}; the kinds are ${kinds.join(', ')}`,
      );
    return this.stack.resources.filter((r) => r.kind === kind);
  }

  private noMatchText(
    kind: string,
    properties: unknown,
    scored: readonly { r: ResourceManifest; diff: Mismatch[] }[],
  ): string {
    const head = `no ${kind} in stack ${this.stack.name} matches ${JSON.stringify(properties, replacer)}`;
    if (scored.length === 0) {
      const kinds = [...new Set(this.stack.resources.map((r) => r.kind))].sort();
      return `${head}: the stack has no ${kind} at all (its kinds: ${kinds.join(', ') || 'none'})`;
    }
    const closest = [...scored].sort((a, b) => a.diff.length - b.diff.length)[0]!;
    const others = scored.filter((s) => s !== closest).map((s) => s.r.address);
    return [
      `${head}.`,
      `The closest is ${closest.r.address}, where ${closest.diff.length === 1 ? 'one field differs' : `${closest.diff.length} fields differ`}:`,
      ...closest.diff.map((m) => `  ${mismatchText(m)}`),
      ...(others.length > 0 ? [`Other ${kind} resources: ${others.join(', ')}`] : []),
    ].join('\n');
  }
}

/** Shows matchers in a pattern by their description, not as `{}`. */
function replacer(_key: string, value: unknown): unknown {
  return value !== null && typeof value === 'object' && 'description' in value && 'test' in value
    ? `<${String((value as { description: unknown }).description)}>`
    : value;
}
