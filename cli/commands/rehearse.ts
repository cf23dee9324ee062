import { timeScaleFlag, timingFlag } from '../private/timing-flags.js';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { MANIFEST_VERSION, type StackManifest } from '../../common/manifest.js';
import { sshpk } from '../../common/sshpk.js';
import { readSavedPlans, type Plan } from '../../reconciler/index.js';
import { UsageError, type Command } from '../command.js';
import { copyForPlan, rehearsalOf } from '../rehearse/copy.js';
import { runInCopy, type RehearsalConditions } from '../rehearse/run.js';
import { reportOf } from '../rehearse/report.js';
import { expectPositionals, intFlag, parseArgs, type ParsedArgs } from '../private/args.js';
import type { LoadedApp } from '../private/app-loader.js';
import { byteSizeFlag, subUserOf } from '../private/read-helpers.js';
import { openStateBackend } from '../private/engine.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac rehearse PLANFILE [options]

Tries a plan saved with \`triton-iac plan --out PLANFILE\` on a copy of the account before it
touches the real one. It reads (never writes) from the cloud the objects the plan covers, the
users, roles and policies that decide what the applying identity may do, the role tags of those
objects, their collections and Manta parents, and the stack's state; copies them, with their server
ids and etags, into an embedded emulator with the consistency window and fault rates given; applies
the saved plan there exactly as \`apply PLANFILE\` would, signing as the same sub-user with the same
roles; then plans again and requires no changes. It prints what it copied, what each action did,
and the verdict. A plan that removes the applying sub-user's own access (an exclusive role tag
without its role, a policy rule it needs) fails here instead of half-way through the real apply.

Users, keys, roles, policies, role tags, the account and its config, images, instances, firewall
rules, image, package, network and datacenter look-ups, and Manta directories, objects and
snaplinks can be rehearsed. The copy holds every machine, image and firewall rule, and the
datacenter's catalog as the account lists it (its packages, networks and datacenters, with their
ids) and the account's provisioning limits, so look-ups resolve as they do in the cloud and a plan
that creates more instances than the limit allows fails there too. A stack declaring a job (it
would run its commands on this machine) or a kind without a rehearsal rule is refused before
anything is read, with the reason.

Options:
  --window-ms N          the copy's consistency window: reads may be N ms stale (default 2000)
  --stale-read-rate R    share of reads inside the window served stale, 0-1 (default 0.5)
  --fault-rate R         share of requests that fail with 500/503 or a reset, 0-1 (default 0.02)
  --latency-ms N         added to each request, about N ms (default 10)
  --throttle-rps N       throttle above N requests a second (default: none)
  --seed N               seed of every random decision of the copy (default 1)
  --timing fast|realistic  how long the copy's jobs take (default realistic: a production
                         datacenter's boots, deletes and NIC changes, see the emulator's README)
  --time-scale S         multiply every job's duration by S (default 0.1 with realistic timing:
                         the waits a real apply makes, in a tenth of the time; else 1)
  --max-object-size N    objects larger than N bytes are copied without content (default 64M)

${COMMON_HELP}

Exit codes: 0 the plan applied cleanly in the copy and the next plan is empty; 1 it did not, or an error.

Examples:
  triton-iac plan --out plan.json && triton-iac rehearse plan.json && triton-iac apply plan.json
  triton-iac rehearse plan.json --fault-rate 0.1 --window-ms 5000 --seed 7
`;

/** `triton-iac rehearse`: applies a saved plan to an emulated copy of what it touches. */
export const rehearseCommand: Command = {
  name: 'rehearse',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...COMMON_FLAGS,
        'window-ms': 'string',
        'stale-read-rate': 'string',
        'fault-rate': 'string',
        'latency-ms': 'string',
        'throttle-rps': 'string',
        seed: 'string',
        timing: 'string',
        'time-scale': 'string',
        'max-object-size': 'string',
      },
      'rehearse',
    );
    expectPositionals(args, 'rehearse', 1, 1, 'PLANFILE');
    const common = commonOptions(args);
    const file = resolve(io.cwd, args.positionals[0]!);
    const conditions = conditionsOf(args);
    const maxObjectBytes = byteSizeFlag(args.strings.get('max-object-size'), 'max-object-size', 64 * 1024 * 1024);
    const saved = (await readSavedPlans(file)).stacks;
    if (saved.length > 1)
      throw new UsageError(
        `${file} holds the plans of ${saved.length} stacks (${saved.map((s) => s.plan.stack).join(', ')}); a rehearsal copies what one stack's plan touches: make a plan of one stack with \`triton-iac plan --stack NAME --out FILE\` and rehearse that`,
      );
    const { plan, origin } = saved[0]!;
    if (origin === undefined)
      throw new UsageError(
        `${file} was saved by an earlier triton-iac and does not hold its stack; make the plan again`,
      );
    const stack = origin.stack;
    refuseUnrehearsable(stack, plan);
    if (stack.state?.type !== 'manta' && stack.state?.path !== undefined && isAbsolute(stack.state.path))
      throw new UsageError(
        `stack ${stack.name} keeps its state at the absolute path ${stack.state.path}, which a rehearsal could not keep apart from the real one; give it a relative path`,
      );

    const app: LoadedApp = {
      path: origin.app,
      kind: 'manifest',
      manifest: { version: MANIFEST_VERSION, generator: 'saved plan', stacks: [stack] },
    };
    const session = await openSession(app, { ...common, stack: undefined }, { ...io, cwd: origin.workDir });
    const scratch = mkdtempSync(join(tmpdir(), 'triton-iac-rehearsal-'));
    try {
      const real = await session.options(stack, { contentDir: origin.workDir });
      const user = stack.user ?? subUserOf(real.clients.cloudapi.keyId);
      const key = rehearsalKey(join(scratch, 'key'));
      const cloudapiUrl = cloudapiUrlOf(stack, io.env);
      const copy = await copyForPlan({
        clients: real.clients,
        account: real.clients.cloudapi.account,
        stack,
        plan,
        ...(user !== undefined ? { user } : {}),
        rehearsalKey: key.publicKey,
        maxObjectBytes,
        signal: new AbortController().signal,
        ...(cloudapiUrl !== undefined ? { cloudapiUrl } : {}),
      });
      const workDir = join(scratch, 'work');
      mkdirSync(workDir, { recursive: true });
      // A local state is copied byte for byte (its serial and lineage are what the plan was made against).
      if (stack.state?.type !== 'manta') {
        const from = openStateBackend(stack, { workDir: origin.workDir }).location;
        const to = openStateBackend(stack, { workDir }).location;
        if (existsSync(from)) {
          mkdirSync(dirname(to), { recursive: true });
          copyFileSync(from, to);
        }
      }
      const outcome = await runInCopy({
        stack,
        plan,
        seed: copy.seed,
        dataDir: join(scratch, 'emulator'),
        workDir,
        contentDir: origin.workDir,
        outputsDir: join(scratch, 'outputs'),
        keyFile: key.privateKeyFile,
        ...(user !== undefined ? { user } : {}),
        conditions,
        env: io.env,
      });
      const { text, pass } = reportOf({ file, stack, user, copy, conditions, outcome });
      io.stdout.write(text);
      return pass ? 0 : 1;
    } finally {
      await session.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};

/**
 * Refuses a plan whose stack declares a kind its descriptor says cannot be rehearsed (a job, a kind
 * without a rehearsal rule), with the descriptor's reason: the copy could not show what the real apply does.
 */
function refuseUnrehearsable(stack: StackManifest, plan: Plan): void {
  const kinds = new Set([...stack.resources.map((r) => r.kind), ...plan.changes.map((c) => c.kind)]);
  const refused = [...kinds].sort().flatMap((k) => {
    const rule = rehearsalOf(k);
    return rule.copies === 'refused' ? [`${k}: ${rule.reason}`] : [];
  });
  if (refused.length > 0)
    throw new UsageError(
      `stack ${stack.name} declares kinds a rehearsal cannot copy faithfully; nothing was read:\n  ${refused.join('\n  ')}`,
    );
}

/** The CloudAPI URL as the stack or the environment gives it (a profile's is not looked up). */
function cloudapiUrlOf(stack: StackManifest, env: NodeJS.ProcessEnv): string | undefined {
  return stack.connection?.cloudapiUrl ?? env['TRITON_URL'] ?? env['SDC_URL'];
}

function conditionsOf(args: ParsedArgs): RehearsalConditions {
  const rate = (name: string, fallback: number): number => {
    const text = args.strings.get(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
      throw new UsageError(`--${name} "${text}" must be a number from 0 to 1`);
    return n;
  };
  const throttle = intFlag(args, 'throttle-rps', 1, 1_000_000);
  const timing = timingFlag(args.strings.get('timing'), '--timing') ?? 'realistic';
  return {
    windowMs: intFlag(args, 'window-ms', 0, 600_000) ?? 2000,
    staleReadRate: rate('stale-read-rate', 0.5),
    faultRate: rate('fault-rate', 0.02),
    latencyMs: intFlag(args, 'latency-ms', 0, 60_000) ?? 10,
    ...(throttle !== undefined ? { throttleRps: throttle } : {}),
    seed: intFlag(args, 'seed', 0, 2 ** 31 - 1) ?? 1,
    timing,
    timeScale: timeScaleFlag(args.strings.get('time-scale'), '--time-scale') ?? (timing === 'realistic' ? 0.1 : 1),
  };
}

/** A key pair made for this rehearsal alone: the copy knows it as the applying identity's. */
function rehearsalKey(dir: string): { privateKeyFile: string; publicKey: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const parsed = sshpk().parsePrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'pem');
  const privateKeyFile = join(dir, 'id_rsa');
  writeFileSync(privateKeyFile, parsed.toString('ssh-private'), { mode: 0o600 });
  return { privateKeyFile, publicKey: parsed.toPublic().toString('ssh').trim() };
}
