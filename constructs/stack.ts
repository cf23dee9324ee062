/**
 * A stack: the resources of one account, with how to reach it and where its state lives.
 */
import { Construct, type IConstruct } from 'constructs';
import type {
  AuthoritativeKind,
  CrossStackReference,
  OutputManifest,
  ResourceManifest,
  StackManifest,
  StateBackendConfig,
} from '../common/manifest.js';
import { describeCycle, findCycles } from '../common/graph.js';
import { BUILT_IN_KINDS, kindDescriptor } from '../common/kinds/index.js';
import { inDifferentDatacenters } from '../common/kinds/datacenter-scope.js';
import { checkDeclaredRoleName, checkLogin, checkStackName } from '../common/rules/index.js';
import { datacenterNameOf } from './private/stack-datacenter.js';
import { ValidationError } from './errors.js';
import { TritonOutput } from './output.js';
import type { DatacenterName } from './private/stack-datacenter.js';

export type { DatacenterName } from './private/stack-datacenter.js';
import { StackOutputReference } from './stack-outputs.js';
import { declaredExpectations } from './private/expectations.js';
import type { Reference } from './reference.js';
import { TritonResource, type RenderContext } from './resource.js';
import { canonicalize, compareStrings, sortedUnique } from './private/canonical.js';
import { checkKnownProps, propNames } from './private/known-props.js';
import { fail, problem, requirePropsObject, showValue } from './private/problems.js';
import { resolveValue } from './private/resolve.js';
import { isStack, STACK_MARKER } from './private/stack-marker.js';
import { mantaPath } from './private/manta-path.js';
import { prunedPathOf } from './private/pruned-tree.js';
import { runSteps, type Steps } from './private/paced.js';
import { uniqueId } from './private/unique-id.js';

/** Props of a {@link TritonStack}. */
export interface TritonStackProps {
  /** The account login every resource of the stack belongs to. */
  readonly account: string;
  /**
   * Sub-user to act as (its keys sign the requests).
   * @default - the account owner
   */
  readonly user?: string;
  /**
   * CloudAPI base URL.
   * @default - `TRITON_URL`/`SDC_URL`, then the profile
   */
  readonly cloudapiUrl?: string;
  /**
   * The datacenter the stack works in: its name as ListDatacenters lists it (`'us-east-2'`), or a
   * `Datacenter.lookup` (of any stack: only its name is taken). Its CloudAPI URL is looked up at
   * plan through the cloud the other settings reach (profile, environment, `--emulator`), so one
   * app spans the datacenters of one cloud without knowing their URLs. Not with `cloudapiUrl`.
   * @default - the datacenter `cloudapiUrl`, the profile or the environment reaches
   */
  readonly datacenter?: string | DatacenterName;
  /**
   * Manta base URL.
   * @default - `MANTA_URL`
   */
  readonly mantaUrl?: string;
  /**
   * A `triton` CLI profile name (`~/.triton/profiles.d/<name>.json`).
   * @default - `TRITON_PROFILE`, then the CLI's current profile
   */
  readonly profile?: string;
  /**
   * Key fingerprint to sign with.
   * @default - `TRITON_KEY_ID`/`SDC_KEY_ID`/`MANTA_KEY_ID`, then the profile
   */
  readonly keyId?: string;
  /**
   * Roles to take up when acting as a sub-user.
   * @default - the sub-user's default roles
   */
  readonly roles?: readonly string[];
  /**
   * Where the stack's state lives. A Manta path may start with `~~/` for `/<account>/`, as in
   * `{ type: 'manta', path: '~~/stor/triton-iac/prod.state.json' }`.
   * @default - a local file chosen by the CLI
   */
  readonly state?: StateBackendConfig;
  /**
   * Kinds this stack owns exclusively: objects of these kinds in the account that the stack does
   * not declare are deleted by apply. Use it only when one stack manages the whole account.
   * @default - none: objects the stack does not declare are left alone
   */
  readonly authoritative?: readonly AuthoritativeKind[];
}

/** The names of {@link TritonStackProps}, checked at synth (an unknown prop is an error). */
const STACK_PROPS = propNames<TritonStackProps>({
  account: true,
  user: true,
  cloudapiUrl: true,
  datacenter: true,
  mantaUrl: true,
  profile: true,
  keyId: true,
  roles: true,
  state: true,
  authoritative: true,
});

const AUTHORITATIVE_KINDS = BUILT_IN_KINDS.filter((d) => 'authoritative' in d).map(
  (d) => d.kind,
) as readonly AuthoritativeKind[];

/**
 * One account's resources. Create resources inside it; `app.synth()` renders each stack as one
 * entry of the manifest.
 */
export class TritonStack extends Construct {
  /** The stack that `construct` belongs to. Throws when it is not inside one. */
  static of(construct: IConstruct): TritonStack {
    for (let c: IConstruct | undefined = construct; c !== undefined; c = c.node.scope) {
      if (c instanceof TritonStack) return c;
    }
    throw new ValidationError(`${construct.node.path || '<root>'}: is not inside a TritonStack`);
  }

  /** @internal */
  readonly [STACK_MARKER] = true as const;

  /** The account login. */
  readonly account: string;
  /** The name of the datacenter the stack names (`datacenter`), if it names one. */
  readonly datacenter: string | undefined;
  /** The props as given. */
  readonly props: TritonStackProps;

  constructor(scope: Construct, id: string, props: TritonStackProps) {
    super(scope, uniqueId(scope, id));
    requirePropsObject(this.node.path, props, 'TritonStack');
    checkKnownProps(this.node.path, props, STACK_PROPS, 'TritonStack');
    for (let c = scope as IConstruct | undefined; c !== undefined; c = c.node.scope) {
      if (isStack(c)) fail(this.node.path, 'scope', c.node.path, 'a stack cannot be nested in another stack');
    }
    // The name becomes the state file's name: `../../evil` would put the state anywhere. The id is
    // checked as written (the construct tree rewrites a "/" in it), then the path it makes.
    const nameProblem = checkStackName(id) ?? checkStackName(this.node.path);
    if (nameProblem) throw new ValidationError(`${showValue(id)}: ${nameProblem}`);
    const accountProblem = checkLogin(props.account);
    if (accountProblem) throw new ValidationError(`${this.node.path}: account: ${accountProblem}`);
    if (props.user !== undefined) {
      const userProblem = checkLogin(props.user);
      if (userProblem) throw new ValidationError(`${this.node.path}: user: ${userProblem}`);
    }
    if (props.roles !== undefined) {
      if (!Array.isArray(props.roles)) fail(this.node.path, 'roles', props.roles, 'must be an array of role names');
      props.roles.forEach((role, i) => {
        const problem = checkDeclaredRoleName(role);
        if (problem) throw new ValidationError(`${this.node.path}: roles[${i}]: ${problem}`);
      });
    }
    for (const field of ['cloudapiUrl', 'mantaUrl'] as const) {
      const url = props[field];
      if (url !== undefined && !/^https?:\/\/[^/\s]+/.test(url))
        fail(this.node.path, field, url, 'must be an http(s) URL');
    }
    this.datacenter = datacenterNameOf(this.node.path, props);
    for (const kind of props.authoritative ?? []) {
      if (!AUTHORITATIVE_KINDS.includes(kind))
        fail(this.node.path, 'authoritative', kind, `must be one of ${AUTHORITATIVE_KINDS.join(', ')}`);
    }
    let state = props.state;
    if (state?.type === 'manta') {
      // `~~` stands for `/<account>` here as in every other object-store path (the manta CLI's shorthand).
      state = { ...state, path: mantaPath(this.node.path, 'state.path', state.path, props.account, true) };
    }
    this.account = props.account;
    this.props = { ...props, ...(state !== undefined ? { state } : {}) };
    this.node.addValidation({ validate: () => this.duplicateProblems() });
  }

  /** Every resource construct of this stack, in tree order. */
  get resources(): TritonResource[] {
    return this.node.findAll().filter((c): c is TritonResource => TritonResource.isResource(c));
  }

  /** Two resources with one natural key would fight over one live object. */
  private duplicateProblems(): string[] {
    const seen = new Map<string, TritonResource>();
    const problems: string[] = [];
    for (const r of this.resources) {
      const descriptor = kindDescriptor(r.kind);
      // Look-ups may repeat: two identical queries are harmless.
      if (descriptor?.mode === 'lookup') continue;
      // Kinds sharing a namespace (Manta paths) cannot share a key either.
      const space = descriptor?.namespace ?? r.kind;
      const key = `${space}\u0000${r.naturalKey}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, r);
        continue;
      }
      problems.push(
        problem(
          r.address,
          r.naturalKeyField,
          r.naturalKey,
          `duplicates ${first.address} (${first.kind}): ${kindDescriptor(r.kind)?.uniqueness ?? 'natural keys are unique'}`,
        ),
      );
    }
    return problems;
  }

  /**
   * Renders the stack; problems found on the way (cycles, duplicate outputs) are appended to
   * `problems`.
   * @internal
   */
  synthesize(problems: string[]): StackManifest {
    return runSteps(this.synthesizeSteps(problems));
  }

  /**
   * The work of {@link synthesize}, yielding after each resource.
   * @internal
   */
  *synthesizeSteps(problems: string[]): Steps<StackManifest> {
    const resources = this.resources;
    const index = new Map<string, TritonResource>();
    for (const r of resources) {
      const key = `${r.kind}\u0000${r.naturalKey}`;
      if (!index.has(key)) index.set(key, r);
    }
    const ctx: RenderContext = {
      account: this.account,
      find: (kind, naturalKey) => index.get(`${kind}\u0000${naturalKey}`),
    };
    const out: ResourceManifest[] = [];
    const edges = new Map<string, string[]>();
    const foreign = new Map<string, { readonly target: TritonResource; readonly from: Set<string> }>();
    for (const r of resources) {
      const rendered = r.renderResource(ctx);
      const deps = new Set<TritonResource>();
      for (const d of rendered.dependsOn ?? []) if (d !== undefined) deps.add(d);
      for (const d of explicitDependencies(r)) deps.add(d);
      const refs: Reference[] = [];
      const properties = resolveValue(rendered.properties, (ref) => refs.push(ref)) as Record<string, never>;
      // Another app's output is read at plan time: nothing of this app to wait for.
      for (const ref of refs) if (!(ref instanceof StackOutputReference)) deps.add(ref.target as TritonResource);
      const dependsOn: string[] = [];
      for (const d of deps) {
        if (d.stack !== r.stack && kindDescriptor(d.kind)?.mode === 'lookup') {
          // A look-up is read by each plan, never recorded in a state another stack could read.
          problems.push(
            `${r.address}: refers to ${d.address}, a look-up of stack ${d.stack.node.path}: a look-up is read by the stack that uses it; declare the same look-up in stack ${this.node.path} (identical look-ups may repeat)`,
          );
          continue;
        }
        const apart = inDifferentDatacenters(d.stack.datacenter, this.datacenter);
        if (apart && kindDescriptor(d.kind)?.scope === 'datacenter') {
          // A network, an instance, a VLAN is its datacenter's: another datacenter's CloudAPI knows no such id.
          problems.push(
            `${r.address}: refers to ${d.address} (${d.kind}) of stack ${d.stack.node.path} in datacenter ${d.stack.datacenter}, but stack ${this.node.path} works in datacenter ${this.datacenter}: a ${d.kind} exists only in its own datacenter; declare one in stack ${this.node.path}`,
          );
          continue;
        }
        if (d.stack !== r.stack) {
          // Another stack's object: this stack goes after that one, and reads it from its state.
          const seen = foreign.get(d.address);
          if (seen !== undefined) seen.from.add(r.address);
          else foreign.set(d.address, { target: d, from: new Set([r.address]) });
          continue;
        }
        dependsOn.push(d.address);
      }
      const sortedDeps = sortedUnique(dependsOn);
      edges.set(r.address, sortedDeps);
      const options = r.manifestOptions;
      out.push({
        address: r.address,
        kind: r.kind,
        naturalKey: r.naturalKey,
        properties: canonicalize(properties) as ResourceManifest['properties'],
        dependsOn: sortedDeps,
        ...(options !== undefined ? { options } : {}),
      });
      yield;
    }
    const outputs = this.renderOutputs(problems);
    const expectations = declaredExpectations(this, this.account, out, problems);
    for (const cycle of findCycles(edges))
      problems.push(`${cycle.cycle[0]}: dependency cycle: ${describeCycle(cycle)}`);
    out.sort((a, b) => compareStrings(a.address, b.address));
    const pruned = sortedUnique(
      this.node
        .findAll()
        .map(prunedPathOf)
        .filter((path): path is string => path !== undefined),
    );
    const crossStack: CrossStackReference[] = [...foreign.values()]
      .map(({ target, from }) => ({
        address: target.address,
        stack: target.stack.node.path,
        kind: target.kind,
        naturalKey: target.naturalKey,
        from: sortedUnique([...from]),
      }))
      .sort((a, b) => compareStrings(a.address, b.address));
    const p = this.props;
    const connection = canonicalize({
      cloudapiUrl: p.cloudapiUrl,
      mantaUrl: p.mantaUrl,
      profile: p.profile,
      keyId: p.keyId,
      roles: p.roles === undefined ? undefined : sortedUnique(p.roles),
      datacenter: this.datacenter,
    }) as StackManifest['connection'] & object;
    return {
      name: this.node.path,
      account: this.account,
      ...(p.user !== undefined ? { user: p.user } : {}),
      ...(Object.keys(connection).length > 0 ? { connection } : {}),
      ...(p.state !== undefined ? { state: canonicalize(p.state) as StateBackendConfig } : {}),
      ...(p.authoritative !== undefined && p.authoritative.length > 0
        ? { authoritative: sortedUnique(p.authoritative) as AuthoritativeKind[] }
        : {}),
      ...(pruned.length > 0 ? { prune: pruned } : {}),
      resources: out,
      ...(outputs.length > 0 ? { outputs } : {}),
      ...(expectations.length > 0 ? { expectations } : {}),
      ...(crossStack.length > 0 ? { crossStack } : {}),
    };
  }

  /** The stack's outputs, sorted by name; duplicate names and references to other stacks are problems. */
  private renderOutputs(problems: string[]): OutputManifest[] {
    const seen = new Map<string, string>();
    const outputs: OutputManifest[] = [];
    for (const o of this.node.findAll().filter((c): c is TritonOutput => TritonOutput.isOutput(c))) {
      const first = seen.get(o.name);
      if (first !== undefined) {
        problems.push(
          problem(o.node.path, 'id', o.name, `duplicates the output ${first}: output names are unique in a stack`),
        );
        continue;
      }
      seen.set(o.name, o.node.path);
      const { output, refs } = o.renderOutput();
      for (const ref of refs) {
        if (ref instanceof StackOutputReference) continue;
        const target = ref.target as TritonResource;
        if (target.stack !== this)
          problems.push(
            `${o.node.path}: value refers to ${target.address} in stack ${target.stack.node.path}: an output may refer only to resources of its own stack`,
          );
      }
      outputs.push(output);
    }
    return outputs.sort((a, b) => compareStrings(a.name, b.name));
  }
}

/** Dependencies added with `node.addDependency` on the resource or any scope above it in the stack. */
function explicitDependencies(r: TritonResource): TritonResource[] {
  const out: TritonResource[] = [];
  for (const scope of r.node.scopes) {
    for (const dep of scope.node.dependencies) {
      if (TritonResource.isResource(dep)) out.push(dep);
      else out.push(...dep.node.findAll().filter((c): c is TritonResource => TritonResource.isResource(c)));
    }
  }
  return out;
}
