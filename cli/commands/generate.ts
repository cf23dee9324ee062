import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { MANIFEST_VERSION, type StackManifest } from '../../common/manifest.js';
import { checkStackName } from '../../common/rules/index.js';
import { UsageError, type Command, type CommandIo } from '../command.js';
import { allGenerators, type KindGenerator } from '../../provider/generators/index.js';
import type { FoundAccount } from '../generate/model.js';
import { readLiveAccount } from '../generate/read-live.js';
import { foundFromManifest } from '../generate/read-manifest.js';
import { formatLikeProject } from '../generate/format.js';
import { renderProgram, type GeneratedProgram } from '../generate/render.js';
import { summaryOf } from '../generate/summary.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { byteSizeFlag, subUserOf } from '../private/read-helpers.js';
import { loadApp, type LoadedApp } from '../private/app-loader.js';
import { contextOf } from '../private/context.js';
import { openStateBackend, recordFound, type RecordFoundResult } from '../private/engine.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, openSession, type CommonOptions } from '../private/session.js';

/** The names `--kinds` takes: every generator's. */
function kindNames(generators: readonly KindGenerator[]): string[] {
  return generators.flatMap((g) => g.names);
}

const help = (): string => `Usage: triton-iac generate [options]

Reads an existing account (every kind triton-iac manages, or those --kinds names) and writes a
TypeScript program that declares it: one variable per sub-user, policy and role, constructs that
refer to each other by those variables, public keys in keys/ and Manta object content in content/
beside the program, and each sub-user's password as Secret.fromEnv('<LOGIN>_PASSWORD') (listed at
the end: passwords cannot be read back). It then records the objects in the state, so that the
first \`triton-iac plan\` of the program says "No changes" (a password variable that is exported
shows as a password change: its value cannot be compared). Run as a sub-user (TRITON_USER), it
declares what that sub-user may read and names what it may not.

With --from-rbac-json FILE it writes the program from a \`triton rbac apply\` file instead, reading
no cloud: the first apply adopts the objects the file already made, as they are, and a user it
creates gets a random password, as with \`triton rbac apply\` (no placeholder is declared).

Custom images, and the images instances run, become look-ups (Image.lookup): the machine an image
was made from cannot be read. Machines become Instances, their role tags the Instance's roleTags.
Objects that share their bytes and etag with an older one become snaplinks of it. Fabric VLANs
and networks, volumes and instance snapshots become constructs that refer to each other by
variable (an instance's volume mounts cannot be read back, so none is declared). Access keys are
named, never declared: a key's secret cannot be read back, and a declaration adopts a live key
only when its secretTo destination already holds it.

Options:
  --out DIR                   where to write main.ts, keys/ and content/ (default: infra, the folder
                              every command looks in for infra/main.ts)
  --kinds K1,K2               only these kinds: ${kindNames(allGenerators()).join(', ')}
                              (default: all)
  --stack-name NAME           the stack's name (default: the account login)
  --max-object-size BYTES     objects larger than this are left out and listed (default 10M; k, M, G)
  --no-content                download no object content: every object is left out and listed
  --from-rbac-json FILE       generate from a \`triton rbac apply\` file (needs --account)
  --force                     overwrite an existing main.ts in --out

${COMMON_HELP}

Examples:
  triton-iac generate --profile prod
  triton-iac generate --kinds user,role,policy,role-tag --out rbac
  triton-iac generate --from-rbac-json rbac.json --account acme
  triton-iac generate --emulator --no-content
`;

/** `triton-iac generate`: writes a program declaring an existing account, and records its state. */
export const generateCommand: Command = {
  name: 'generate',
  get help() {
    return help();
  },
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...COMMON_FLAGS,
        out: 'string',
        kinds: 'string',
        'stack-name': 'string',
        'max-object-size': 'string',
        'no-content': 'boolean',
        'from-rbac-json': 'string',
        force: 'boolean',
      },
      'generate',
    );
    expectPositionals(args, 'generate', 0, 0, '[options]');
    const common = commonOptions(args);
    const out = resolve(io.cwd, args.strings.get('out') ?? 'infra');
    const mainFile = join(out, 'main.ts');
    if (existsSync(mainFile) && !args.booleans.has('force'))
      throw new UsageError(`${mainFile} already exists: pass --force to overwrite it, or --out another folder`);
    const generators = allGenerators();
    const kinds = kindsOf(args.strings.get('kinds'), kindNames(generators));
    const maxObjectBytes = byteSizeFlag(args.strings.get('max-object-size'), 'max-object-size', 10 * 1024 * 1024);
    const rbacFile = args.strings.get('from-rbac-json');
    const account =
      common.account ??
      firstSet(io.env['TRITON_ACCOUNT'], io.env['SDC_ACCOUNT']) ??
      (common.emulator ? 'demo' : undefined);
    const stackName = stackNameOf(args.strings.get('stack-name'), account);

    if (rbacFile !== undefined) {
      if (account === undefined)
        throw new UsageError(
          '--from-rbac-json: an rbac.json names no account: pass --account LOGIN or set TRITON_ACCOUNT',
        );
      const app = await loadApp(resolve(io.cwd, rbacFile), { account, stack: stackName });
      if (app.kind !== 'rbac-json')
        throw new UsageError(
          `--from-rbac-json ${rbacFile}: not a \`triton rbac apply\` file (no "users", "roles" or "policies")`,
        );
      const found = foundFromManifest(app.manifest.stacks[0]!, rbacFile);
      const generated = await write(found, generators, stackName, out, mainFile, false);
      io.stdout.write(
        summaryOf(found, generated, { out: relative(io.cwd, out) || '.', main: relative(io.cwd, mainFile) }),
      );
      io.stdout.write(
        `The objects the file made are not recorded in a state: the first plan adopts each one found live as is.\n`,
      );
      return 0;
    }

    // Connect as a stack with no resources: the account comes from --account, the environment or the profile.
    const probe: StackManifest = { name: stackName, account: account ?? '', resources: [] };
    const session = await openSession(manifestApp(probe), common, io);
    try {
      const opts = await session.options(probe);
      const live = opts.clients.cloudapi.account;
      const found = await readLiveAccount({
        clients: opts.clients,
        handlers: opts.handlers,
        generators,
        account: live,
        ...userOf(subUserOf(opts.clients.cloudapi.keyId)),
        kinds,
        maxObjectBytes,
        skipContent: args.booleans.has('no-content'),
        signal: new AbortController().signal,
      });
      const name = account === undefined ? stackNameOf(args.strings.get('stack-name'), live) : stackName;
      // Refused before anything is written: recording over a state would hide what it knows.
      const backend = openStateBackend({ name, account: live, resources: [] }, opts);
      const existing = await backend.read();
      if (existing !== undefined && existing.doc.resources.length > 0)
        throw new UsageError(
          `stack ${name} already has a state in ${backend.location} with ${existing.doc.resources.length} resources; generate records state only for a stack that has none: run it from another folder, give another --stack-name, or remove that state`,
        );
      const generated = await write(found, generators, name, out, mainFile, true);
      io.stdout.write(
        summaryOf(found, generated, { out: relative(io.cwd, out) || '.', main: relative(io.cwd, mainFile) }),
      );
      const recorded = await record(mainFile, common, io, session, probe);
      io.stdout.write(recordedText(recorded, io.cwd));
      return recorded.notRecorded.length === 0 ? 0 : 1;
    } finally {
      await session.close();
    }
  },
};

/** Writes the program and its files under `out`. */
async function write(
  found: FoundAccount,
  generators: readonly KindGenerator[],
  stack: string,
  out: string,
  mainFile: string,
  stateRecorded: boolean,
): Promise<GeneratedProgram> {
  const rendered = renderProgram(found, generators, {
    stack,
    generatedAt: new Date().toISOString().slice(0, 10),
    stateRecorded,
    passwords: stateRecorded ? 'env' : 'generated',
  });
  const formatted = await formatLikeProject(rendered.program, mainFile);
  if (formatted.problem !== undefined) throw new UsageError(`${mainFile}: ${formatted.problem}`);
  const generated = { ...rendered, program: formatted.text };
  mkdirSync(out, { recursive: true });
  for (const f of generated.files) {
    const path = join(out, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.data);
  }
  writeFileSync(mainFile, generated.program);
  return generated;
}

/** Loads the program just written and records the live objects it declares in the state. */
async function record(
  mainFile: string,
  common: CommonOptions,
  io: CommandIo,
  session: Awaited<ReturnType<typeof openSession>>,
  probe: StackManifest,
): Promise<RecordFoundResult> {
  let app: LoadedApp;
  try {
    app = await loadApp(mainFile, {}, contextOf(common.context, io.cwd));
  } catch (err) {
    const message = (err as Error).message;
    const missing = /Cannot find (package|module) 'triton-iac'|ERR_MODULE_NOT_FOUND.*triton-iac/.test(message);
    throw new UsageError(
      `the program was written but could not be loaded to record the state: ${message}. ${
        missing
          ? 'Generate into a folder of a project that has triton-iac installed (npm install triton-iac), then run generate again with --force'
          : 'Nothing was recorded; fix the program, then run `triton-iac plan` (objects found live that match the program are adopted as they are by the first apply)'
      }`,
      { cause: err },
    );
  }
  const stack = app.manifest.stacks[0]!;
  // No secret is read: a password cannot be compared with the live one, so it is recorded unset.
  const opts = await session.options(stack.name === probe.name ? probe : stack, { env: {} });
  return recordFound(stack, { ...opts, env: {} }, openStateBackend(stack, opts));
}

function recordedText(r: RecordFoundResult, cwd: string): string {
  const lines = [`Recorded ${r.recorded.length} resources in the state (${relative(cwd, r.location) || r.location}).`];
  if (r.notRecorded.length > 0) {
    lines.push(`Not recorded (the first plan shows them):`);
    for (const n of r.notRecorded) lines.push(`  ${n.address}: ${n.reason}`);
  }
  return `${lines.join('\n')}\n`;
}

/** An app made of one stack, to connect with before any program exists. */
function manifestApp(stack: StackManifest): LoadedApp {
  return {
    path: 'generate',
    kind: 'manifest',
    manifest: { version: MANIFEST_VERSION, generator: 'triton-iac generate', stacks: [stack] },
  };
}

function kindsOf(text: string | undefined, known: readonly string[]): ReadonlySet<string> {
  if (text === undefined) return new Set(known);
  const kinds = text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  for (const k of kinds) {
    if (!known.includes(k))
      throw new UsageError(`--kinds: "${k}" is not a kind generate reads; use ${known.join(', ')}`);
  }
  if (kinds.length === 0) throw new UsageError(`--kinds "${text}" names no kind; use ${known.join(', ')}`);
  return new Set(kinds);
}

function stackNameOf(given: string | undefined, account: string | undefined): string {
  if (given !== undefined) {
    const problem = checkStackName(given);
    if (problem !== undefined) throw new UsageError(`--stack-name: ${problem}`);
    return given;
  }
  return account !== undefined && checkStackName(account) === undefined ? account : 'main';
}

function firstSet(...values: (string | undefined)[]): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}

function userOf(user: string | undefined): { user?: string } {
  return user !== undefined ? { user } : {};
}
