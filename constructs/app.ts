/**
 * The root of a triton-iac program: holds the stacks and synthesizes the manifest.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Construct } from 'constructs';
import { MANIFEST_VERSION, type Manifest, type StackManifest } from '../common/manifest.js';
import { SynthError } from './errors.js';
import { TritonStack } from './stack.js';
import { canonicalize, compareStrings, sortedUnique } from './private/canonical.js';
import { describeCycle, findCycles } from '../common/graph.js';
import { accountScopeProblems } from '../common/kinds/datacenter-scope.js';
import { checkKnownProps, propNames } from './private/known-props.js';
import { kindDescriptor } from '../common/kinds/index.js';
import { problem } from './private/problems.js';
import { fail, requirePropsObject } from './private/problems.js';
import { warningsUnder } from './private/warnings.js';
import { runPaced, runSteps, type Steps } from './private/paced.js';

/** Props of a {@link TritonApp}. */
export interface TritonAppProps {
  /**
   * The manifest's `generator` field.
   * @default - `triton-iac <package version>`
   */
  readonly generator?: string;
  /**
   * Context values, read in the program with `app.node.tryGetContext('key')` (as in the AWS CDK),
   * so that one program serves several environments. The CLI passes the `"context"` object of
   * `triton-iac.json` and every `--context key=value` through the `TRITON_IAC_CONTEXT` variable;
   * those win over the values given here.
   * @default - the CLI's context only
   */
  readonly context?: { readonly [key: string]: unknown };
}

/** The names of {@link TritonAppProps}, checked (an unknown prop is an error). */
const APP_PROPS = propNames<TritonAppProps>({ generator: true, context: true });

/**
 * The environment variable through which the CLI hands context to the program: a JSON object
 * (the CDK's `CDK_CONTEXT_JSON`).
 */
export const CONTEXT_ENV = 'TRITON_IAC_CONTEXT';

/** Options of {@link TritonApp.synth}. */
export interface SynthOptions {
  /**
   * Also write the manifest to this file (pretty-printed, sorted keys, trailing newline), creating
   * its directory.
   * @default - nothing is written
   */
  readonly outFile?: string;
}

/**
 * The root construct. Build stacks under it, then call `synth()`:
 *
 * ```ts
 * const app = new TritonApp();
 * const prod = new TritonStack(app, 'prod', { account: 'acme' });
 * new User(prod, 'alice', { login: 'alice', email: 'alice@example.com' });
 * const manifest = app.synth();
 * ```
 */
export class TritonApp extends Construct {
  private readonly generator: string;

  constructor(props: TritonAppProps = {}) {
    // The root has an empty id so that addresses start at the stack: `prod/alice`, not `App/prod/alice`.
    super(undefined as unknown as Construct, '');
    requirePropsObject('TritonApp', props, 'TritonApp');
    checkKnownProps('TritonApp', props, APP_PROPS, 'TritonApp');
    this.generator = props.generator ?? `triton-iac ${packageVersion()}`;
    if (
      props.context !== undefined &&
      (typeof props.context !== 'object' || props.context === null || Array.isArray(props.context))
    ) {
      fail('TritonApp', 'context', props.context, 'must be an object of key: value pairs');
    }
    const context = { ...(props.context ?? {}), ...contextFromEnv() };
    for (const [key, value] of Object.entries(context)) this.node.setContext(key, value);
  }

  /**
   * What synthesizes but is probably not meant (a policy action that no CloudAPI or Manta operation
   * has), as `<construct path>: <message>`. The CLI prints them on every command that loads the app.
   */
  warnings(): string[] {
    return warningsUnder(this);
  }

  /**
   * Validates the whole tree and returns the manifest. Every problem (each construct's deferred
   * validations, duplicate natural keys, references across stacks, dependency cycles) is collected
   * and thrown together as one {@link SynthError}.
   */
  synth(options: SynthOptions = {}): Manifest {
    return runSteps(this.synthSteps(options));
  }

  /**
   * {@link synth}, giving the event loop a turn every quarter of a millisecond while it works (an app
   * of thousands of resources takes tens of milliseconds), so that I/O the caller started keeps
   * moving meanwhile. The CLI synthesizes so while a plan's first reads are under way.
   */
  synthAsync(options: SynthOptions = {}): Promise<Manifest> {
    return runPaced(this.synthSteps(options));
  }

  /** The work of {@link synth}, yielding between constructs and between resources. */
  private *synthSteps(options: SynthOptions): Steps<Manifest> {
    const problems: string[] = [];
    const all = this.node.findAll();
    for (const c of all) {
      problems.push(...c.node.validate());
      yield;
    }
    const stacks = all
      .filter((c): c is TritonStack => c instanceof TritonStack)
      .sort((a, b) => compareStrings(a.node.path, b.node.path));
    const rendered: StackManifest[] = [];
    for (const s of stacks) rendered.push(yield* s.synthesizeSteps(problems));
    problems.push(...stackCycleProblems(rendered), ...sameObjectProblems(rendered));
    // An account's account-wide objects are written through one datacenter (datacenter-scope.ts).
    problems.push(...accountScopeProblems(rendered));
    if (problems.length > 0) throw new SynthError(problems);
    const manifest = canonicalize({
      version: MANIFEST_VERSION,
      generator: this.generator,
      stacks: rendered,
    }) as Manifest;
    if (options.outFile !== undefined) {
      mkdirSync(dirname(options.outFile), { recursive: true });
      writeFileSync(options.outFile, `${JSON.stringify(manifest, null, 2)}\n`);
    }
    return manifest;
  }
}

/**
 * Stacks referring to each other's objects in a circle: no order applies every object before what
 * refers to it. Each circle is named with the references that make it.
 */
function stackCycleProblems(stacks: readonly StackManifest[]): string[] {
  const edges = new Map<string, string[]>();
  for (const s of stacks) edges.set(s.name, sortedUnique((s.crossStack ?? []).map((r) => r.stack)));
  return findCycles(edges).map((cycle) => {
    const refs = stacks
      .filter((s) => cycle.members.includes(s.name))
      .flatMap((s) =>
        (s.crossStack ?? [])
          .filter((r) => cycle.members.includes(r.stack))
          .map((r) => `${r.from.join(', ')} refer${r.from.length === 1 ? 's' : ''} to ${r.address}`),
      );
    return `stack ${cycle.cycle[0]}: stacks refer to each other's objects in a circle (${describeCycle(cycle)}): ${refs.join('; ')}; no order applies every object before what refers to it`;
  });
}

/**
 * Two stacks of one account declaring the same object (one login, one policy name, one object-store
 * path): each would plan to create it, the second find it live and ask to adopt it, and from then on
 * both would write it and either one's destroy delete it under the other. Kinds several stacks
 * declare at once by design (`sharedByStacks`: each manages its part) and look-ups are left out.
 */
function sameObjectProblems(stacks: readonly StackManifest[]): string[] {
  const seen = new Map<string, { stack: string; address: string; kind: string }>();
  const problems: string[] = [];
  for (const stack of stacks)
    for (const r of stack.resources) {
      const d = kindDescriptor(r.kind);
      if (d === undefined || d.mode === 'lookup' || d.sharedByStacks === true || d.naturalKey.from !== 'fields')
        continue;
      // Another datacenter's VLAN 120 is another object (`datacenter-scope.ts`).
      const where = d.scope === 'datacenter' ? (stack.connection?.datacenter ?? '') : '';
      const key = `${stack.account}\u0000${where}\u0000${d.namespace ?? r.kind}\u0000${r.naturalKey}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, { stack: stack.name, address: r.address, kind: r.kind });
      else if (first.stack !== stack.name)
        problems.push(
          problem(
            r.address,
            d.naturalKeyText,
            r.naturalKey,
            `is also declared by ${first.address} (${first.kind}) of stack ${first.stack}, in the same account ${stack.account}: ${d.uniqueness}, and two stacks would both manage it (declare it in one stack; the other may refer to it as an object)`,
          ),
        );
    }
  return problems;
}

/** The context the CLI passed in {@link CONTEXT_ENV}, or none. */
function contextFromEnv(): Record<string, unknown> {
  const text = process.env[CONTEXT_ENV];
  if (text === undefined || text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    fail('TritonApp', CONTEXT_ENV, text, `must be a JSON object (${(err as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('TritonApp', CONTEXT_ENV, text, 'must be a JSON object');
  return value as Record<string, unknown>;
}

let cachedVersion: string | undefined;

/** The package version, read once from the nearest `package.json` named `triton-iac` (source or dist). */
function packageVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'triton-iac' && typeof pkg.version === 'string') return (cachedVersion = pkg.version);
    } catch {
      // No package.json at this level: keep walking up.
    }
    dir = dirname(dir);
  }
  return (cachedVersion = '0.0.0');
}
