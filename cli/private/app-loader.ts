/**
 * Finds and loads the APP argument: a TypeScript or JavaScript program that builds a `TritonApp`, a
 * synthesized manifest, a `triton rbac apply` configuration file, or a CDKTF `cdk.tf.json`. The kind
 * is decided by content, not by name, so `infra.json` may be any of the JSON kinds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { MANIFEST_VERSION, type Manifest, type StackManifest } from '../../common/manifest.js';
import { CONTEXT_ENV, fromRbacJsonAsync, SynthError, TritonApp, TritonStack } from '../../constructs/index.js';
import { manifestProblems } from '../../reconciler/plan/validate-manifest.js';
import { UsageError } from '../command.js';
import { terraformJsonReader, type TerraformJsonReader } from './adapters.js';
import { withEnv, type AppContext } from './context.js';
import { importProgram } from './program-bundle.js';
import { AppExitError, withExitGuard } from './app-exit-guard.js';
import { compileProblems, describeCompileProblems } from './load-failure.js';

/** What the APP turned out to be. */
export type AppKind = 'program' | 'manifest' | 'rbac-json' | 'cdktf';

/** A loaded app: its manifest and where it came from. */
export interface LoadedApp {
  readonly path: string;
  readonly kind: AppKind;
  readonly manifest: Manifest;
  /** What synthesized but is probably not meant, `<construct path>: <message>` (see `TritonApp.warnings`). */
  readonly warnings?: readonly string[];
  /** The context the program was built with (`--context`, `triton-iac.json`); absent when none. */
  readonly context?: AppContext;
}

/** Options for loading a `triton rbac apply` file (which names no account or stack) or a `cdk.tf.json`. */
export interface RbacLoadOptions {
  /** The account the file is applied to (a `cdk.tf.json` may name its own in the provider block). */
  readonly account?: string;
  /** The stack name. @default 'rbac' */
  readonly stack?: string;
}

/** The config file read when no APP is given. */
export const PROJECT_FILE = 'triton-iac.json';
/** The program used when neither an APP nor a project file is given. */
export const DEFAULT_APP = 'infra/main.ts';

/**
 * Resolves the APP path: the argument, else `app` in `triton-iac.json`, else `./infra/main.ts`.
 * @throws UsageError when nothing is found, naming every place that was looked at.
 */
export function resolveAppPath(arg: string | undefined, cwd: string): string {
  if (arg !== undefined) {
    const path = resolve(cwd, arg);
    if (!existsSync(path))
      throw new UsageError(
        `app file ${arg} does not exist (looked at ${path}); give the path of a .ts/.js program, a manifest JSON or an rbac.json`,
      );
    return path;
  }
  const project = resolve(cwd, PROJECT_FILE);
  if (existsSync(project)) {
    let app: unknown;
    try {
      app = (JSON.parse(readFileSync(project, 'utf8')) as { app?: unknown }).app;
    } catch (err) {
      throw new UsageError(
        `${project} is not valid JSON (${(err as Error).message}); it should look like {"app": "infra/main.ts"}`,
      );
    }
    if (typeof app !== 'string' || app === '')
      throw new UsageError(
        `${project}: "app" must be a non-empty string naming the app file, like {"app": "infra/main.ts"}`,
      );
    const path = resolve(cwd, app);
    if (!existsSync(path))
      throw new UsageError(`${project} names app ${app}, which does not exist (looked at ${path})`);
    return path;
  }
  const fallback = resolve(cwd, DEFAULT_APP);
  if (existsSync(fallback)) return fallback;
  throw new UsageError(
    `no app given and none found: there is no ${PROJECT_FILE} in ${cwd} and no ./${DEFAULT_APP}. Pass the app file (for example \`triton-iac plan infra/main.ts\`) or create ${PROJECT_FILE} with {"app": "<file>"}`,
  );
}

/**
 * Loads the app at `path` and synthesizes it.
 * @throws UsageError for an unreadable or unrecognised file, a module that builds no app, or a
 *   synth failure (every problem listed).
 */
export async function loadApp(
  path: string,
  rbac: RbacLoadOptions = {},
  context: AppContext = {},
  deadline?: Promise<never>,
): Promise<LoadedApp> {
  const ext = extname(path).toLowerCase();
  if (['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.tsx', '.jsx'].includes(ext)) {
    // The program reads the context while it builds the app (the CDK's CDK_CONTEXT_JSON).
    const synthesized = await withEnv(CONTEXT_ENV, JSON.stringify(context), () => synthProgram(path, deadline));
    return { path, kind: 'program', ...synthesized, ...(Object.keys(context).length > 0 ? { context } : {}) };
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      code
        ? `cannot read app file ${path} (${code})`
        : `app file ${path} is neither a program (.ts/.js) nor valid JSON (${(err as Error).message}); give a program, a manifest from \`triton-iac synth\` or an rbac.json`,
    );
  }
  if (isObject(value) && 'stacks' in value) return { path, kind: 'manifest', manifest: checkManifest(value, path) };
  // The converter (and the CDKTF adapter's modules) loads only for a file that can be a cdk.tf.json,
  // so an rbac.json costs no more start-up than it did before the adapter existed.
  if (isObject(value) && (isObject(value['terraform']) || isObject(value['resource']))) {
    const cdktf = await terraformJsonReader();
    if (cdktf.isTerraformJson(value)) {
      const converted = convertTerraformJson(cdktf, value, path, rbac.account);
      // The conversion keeps the values as written, which no construct checked: synth's rules apply here.
      return { path, kind: 'cdktf', manifest: checkManifest(converted as unknown as Record<string, unknown>, path) };
    }
  }
  if (isObject(value) && ('users' in value || 'roles' in value || 'policies' in value)) {
    return { path, kind: 'rbac-json', ...(await synthRbac(path, rbac)) };
  }
  throw new UsageError(
    `${path} is JSON but neither a manifest (no "stacks"), a \`triton rbac apply\` file (no "users", "roles" or "policies") nor a CDKTF cdk.tf.json (no "terraform" or "resource")`,
  );
}

/** Picks the stacks to work on: all of them, or the one `--stack` names. */
export function selectStacks(manifest: Manifest, name: string | undefined, source: string): StackManifest[] {
  if (manifest.stacks.length === 0) throw new UsageError(`${source} declares no stacks; add a TritonStack to the app`);
  if (name === undefined) return [...manifest.stacks];
  // `--stack a,b`: each name must be a stack of the app; kept in the app's order.
  const names = name.split(',');
  const unknown = names.filter((n) => !manifest.stacks.some((s) => s.name === n));
  if (unknown.length > 0)
    throw new UsageError(
      `--stack ${unknown.join(',')}: ${source} has no such stack${unknown.length === 1 ? '' : 's'}; it has ${manifest.stacks.map((s) => s.name).join(', ')}`,
    );
  return manifest.stacks.filter((s) => names.includes(s.name));
}

/** Like {@link selectStacks}, for commands that work on exactly one stack. */
export function selectOneStack(manifest: Manifest, name: string | undefined, source: string): StackManifest {
  const stacks = selectStacks(manifest, name, source);
  if (stacks.length > 1)
    throw new UsageError(
      name === undefined
        ? `${source} has several stacks (${stacks.map((s) => s.name).join(', ')}); choose one with --stack NAME`
        : `--stack ${name}: this command works on one stack; name one of ${stacks.map((s) => s.name).join(', ')}`,
    );
  return stacks[0]!;
}

async function synthProgram(
  path: string,
  deadline: Promise<never> | undefined,
): Promise<{ manifest: Manifest; warnings: readonly string[] }> {
  let mod: Record<string, unknown>;
  try {
    mod = await withExitGuard(() => importProgram(path), deadline);
  } catch (err) {
    if (err instanceof UsageError) throw err; // the app time-out, already naming the file
    throw loadFailure(err, path);
  }
  let exported = mod['default'];
  // A CommonJS module imported as ESM puts its exports under default: a function, or the app itself
  // (a project made with `npm init -y` is CommonJS, so `export default app` arrives wrapped).
  const inner = isObject(exported) ? (exported as { default?: unknown }).default : undefined;
  if (!isApp(exported) && (typeof inner === 'function' || isApp(inner))) exported = inner;
  try {
    return await withExitGuard(async () => {
      let app: unknown = exported;
      const called = typeof exported === 'function' && !isApp(exported);
      if (called) app = await (exported as () => unknown)();
      if (!isApp(app)) {
        throw new UsageError(
          `${path} does not build an app: its default export must be a function returning a TritonApp, or a TritonApp (got ${called ? `a function that returned ${describe(app, true)}` : describe(app, false)}). See docs/constructs.md, "The app-module convention"`,
        );
      }
      // Paced where the app's copy of the library has it: a plan's first reads are under way meanwhile.
      const built = app as { synth(): Manifest; synthAsync?: () => Promise<Manifest>; warnings?: () => string[] };
      const manifest = typeof built.synthAsync === 'function' ? await built.synthAsync() : built.synth();
      return { manifest, warnings: typeof built.warnings === 'function' ? built.warnings() : [] };
    }, deadline);
  } catch (err) {
    throw synthFailure(err, path);
  }
}

/** esbuild's words for an import it cannot follow. */
const UNRESOLVED = /^(Could not resolve|No matching export)/;

/** Why the program could not be loaded: an exit, a syntax error (where), or the module's own error. */
function loadFailure(err: unknown, path: string): UsageError {
  if (err instanceof AppExitError) return exitedWhile(err, path, 'while it was being loaded, before returning an app');
  const problems = compileProblems(err);
  if (problems.length > 0) {
    // The bundler also reports imports it cannot resolve, which are no syntax errors.
    const kind = problems.every((p) => !UNRESOLVED.test(p.text)) ? 'syntax error' : 'compile error';
    return new UsageError(
      `cannot load app ${path}: ${problems.length === 1 ? `a ${kind}` : `${problems.length} ${kind}s`}:\n  ${describeCompileProblems(problems)}`,
      { cause: err },
    );
  }
  return new UsageError(
    `cannot load app ${path}: ${firstLine(err)}. Fix the program (run it with \`npx tsx ${path}\` to see the full error) or pass --debug for the stack trace`,
    { cause: err },
  );
}

function exitedWhile(err: AppExitError, path: string, when: string): UsageError {
  return new UsageError(
    `app file ${path} exited with code ${err.exitCode} ${when}: the CLI loads the module and calls its default export, so the program must return the app (or export it) and never call process.exit. See docs/constructs.md, "The app-module convention"`,
    { cause: err },
  );
}

async function synthRbac(
  path: string,
  options: RbacLoadOptions,
): Promise<{ manifest: Manifest; warnings: readonly string[] }> {
  if (options.account === undefined) {
    throw new UsageError(
      `${path} is a \`triton rbac apply\` file, which names no account: pass --account LOGIN, set TRITON_ACCOUNT, or use a profile that names one`,
    );
  }
  try {
    const app = new TritonApp();
    const stack = new TritonStack(app, options.stack ?? 'rbac', { account: options.account });
    // Paced: a plan's first reads are under way meanwhile (cli/private/read-ahead.ts).
    await fromRbacJsonAsync(stack, path);
    return { manifest: await app.synthAsync(), warnings: app.warnings() };
  } catch (err) {
    throw synthFailure(err, path);
  }
}

function convertTerraformJson(
  cdktf: TerraformJsonReader,
  value: unknown,
  path: string,
  account: string | undefined,
): Manifest {
  try {
    return cdktf.manifestFromTerraformJson(value, account !== undefined ? { account } : {}).manifest;
  } catch (err) {
    throw new UsageError(
      `${path} is a CDKTF cdk.tf.json that cannot be converted: ${firstLine(err)}. See docs/adapters-cdktf.md`,
      { cause: err },
    );
  }
}

function synthFailure(err: unknown, path: string): Error {
  if (err instanceof UsageError) return err;
  if (err instanceof AppExitError) return exitedWhile(err, path, 'while its default export was building the app');
  if (err instanceof SynthError || (err instanceof Error && err.name === 'SynthError')) {
    const problems = (err as SynthError).problems ?? [err.message];
    return new UsageError(
      `${path} does not synthesize; fix ${problems.length === 1 ? 'this problem' : `these ${problems.length} problems`}:\n  - ${problems.join('\n  - ')}`,
      { cause: err },
    );
  }
  if (err instanceof Error && (err.name === 'ValidationError' || err.name === 'ConstructError')) {
    return new UsageError(`${path}: ${err.message}`, { cause: err });
  }
  return new UsageError(`building the app in ${path} failed: ${firstLine(err)}; pass --debug for the stack trace`, {
    cause: err,
  });
}

function checkManifest(value: Record<string, unknown>, path: string): Manifest {
  if (value['version'] !== MANIFEST_VERSION) {
    throw new UsageError(
      `manifest ${path}: version is ${JSON.stringify(value['version'])}; this triton-iac reads version ${MANIFEST_VERSION}. Synthesize it again with \`triton-iac synth\``,
    );
  }
  const problems = manifestProblems(value);
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).map((p) => p.message);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
    throw new UsageError(
      `manifest ${path} does not have the shape of docs/manifest.schema.json or breaks the rules synth applies; fix ${problems.length === 1 ? 'this problem' : `these ${problems.length} problems`}:\n  - ${shown.join('\n  - ')}`,
    );
  }
  return value as unknown as Manifest;
}

function isApp(value: unknown): boolean {
  // Duck-typed: the program may load its own copy of the library (from source or from dist), so
  // `instanceof TritonApp` would be false for a perfectly good app.
  return isObject(value) && typeof (value as { synth?: unknown }).synth === 'function' && 'node' in value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && !Array.isArray(value);
}

function describe(value: unknown, returned: boolean): string {
  if (value === undefined) return returned ? 'undefined' : 'no default export';
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object with keys ${Object.keys(value).slice(0, 5).join(', ') || '(none)'}`;
  return `a ${typeof value}`;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}
