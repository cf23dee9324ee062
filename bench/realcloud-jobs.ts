/**
 * Issue 38's runs: `examples/web-tier`, `examples/image-pipeline` and a 50-instance stack each
 * applied, drifted (an instance stopped by hand, or image-pipeline's stopped builder started),
 * changed (a NIC added and a resize; the volume replaced where there is one) and destroyed to
 * nothing, one run of the real binary each, against an emulator whose jobs take a production
 * datacenter's time scaled to 1/10 (`realistic`, `--time-scale 0.1`) and that fails 10 % of
 * requests. "Nothing" is checked with the vendor `triton` and `mfind` tools: every instance,
 * volume, network, VLAN, image, RBAC object and Manta path they list after the destroy that they
 * did not list before the apply is reported as left behind. Each
 * step's wall time is set against the sum of the job durations on its critical path (what no
 * tool could beat); the goal is at most 1.2 times that.
 *
 *   npm run build && npx tsx bench/realcloud-jobs.ts [--scale 0.1] [--fault-rate 0.1] [--seed 1] [--only web-tier,...]
 *
 * Never pass/fail: it prints one JSON line per step and a Markdown table for docs/performance.md.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FabricNetwork, FabricVlan, Instance, TritonApp, TritonStack, Volume } from '../index.js';
import webTier from '../examples/web-tier/main.js';
import imagePipeline from '../examples/image-pipeline/main.js';
import { jobTiming, type JobKind } from '../emulator/core/timing.js';
import { generateTestKey } from '../scripts/support/keys.js';
import { startCloud, type BenchCloud } from './private/cloud.js';
import { checkBuilt, firstError, iac, mantaTool, triton } from './private/tools.js';
import type { Measured } from './private/proc.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    'fault-rate': { type: 'string', default: '0.1' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const scale = Number(values.scale);
const faultRate = Number(values['fault-rate']);
const seed = Number(values.seed);
const timing = jobTiming({ profile: 'realistic', scale });
const sum = (...kinds: JobKind[]): number => kinds.reduce((n, k) => n + timing.ms(k), 0);

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const EXTERNAL = '9ec60129-9034-47b4-b111-3026f9b1a10f';
const BIGGER = 'g4-general-4G';

/** A 50-instance stack: a VLAN, a network, a volume the first five instances mount. */
function fleet(n = 50): TritonApp {
  const app = new TritonApp({ generator: 'triton-iac bench' });
  const stack = new TritonStack(app, 'fleet', { account: 'acme' });
  const vlan = new FabricVlan(stack, 'vlan', { vlanId: 300, name: 'fleet' });
  const network = new FabricNetwork(stack, 'network', {
    vlan,
    name: 'fleet',
    subnet: '10.30.0.0/24',
    provisionStartIp: '10.30.0.10',
    provisionEndIp: '10.30.0.250',
    gateway: '10.30.0.1',
  });
  const shared = new Volume(stack, 'shared', { name: 'fleet-shared', size: 10240, networks: [network] });
  for (let i = 0; i < n; i++)
    new Instance(stack, `vm-${i}`, {
      name: `fleet-${i}`,
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [network],
      ...(i < 5 ? { volumes: [{ volume: shared, mountpoint: '/shared' }] } : {}),
    });
  return app;
}

interface Scenario {
  readonly name: string;
  readonly app: () => TritonApp;
  /** The instance changed in place (a NIC added, a resize) and the one changed by hand. */
  readonly changed: string;
  /**
   * What is done to it by hand: stopped when it is declared running, started when it is declared
   * stopped (stopping image-pipeline's stopped builder again would be no drift at all).
   */
  readonly drift: 'stop' | 'start';
  readonly instances: number;
  /** The volume replaced, when the stack has one. */
  readonly volume?: string;
  /** The job durations on each step's critical path. */
  readonly critical: { apply: number; change: number; replace?: number; destroy: number };
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'web-tier',
    app: () => webTier('acme'),
    changed: 'www-1',
    drift: 'stop',
    instances: 2,
    volume: 'web-tier/shared',
    critical: {
      apply: sum('volume_create', 'provision'),
      change: sum('resize', 'add_nics'),
      replace: sum('destroy', 'volume_delete', 'volume_create', 'provision'),
      destroy: sum('destroy', 'volume_delete'),
    },
  },
  {
    name: 'image-pipeline',
    app: () => imagePipeline('acme'),
    changed: 'acme-web-builder',
    drift: 'start',
    instances: 1,
    critical: {
      apply: sum('provision', 'stop', 'image_create'),
      change: sum('resize', 'add_nics'),
      destroy: sum('destroy'),
    },
  },
  {
    name: 'fleet-50',
    app: () => fleet(50),
    changed: 'fleet-7',
    drift: 'stop',
    instances: 50,
    volume: 'fleet/shared',
    critical: {
      apply: sum('volume_create', 'provision'),
      change: sum('resize', 'add_nics'),
      replace: sum('destroy', 'volume_delete', 'volume_create', 'provision'),
      destroy: sum('destroy', 'volume_delete'),
    },
  },
];

/** The manifest with `name`'s instance given one more NIC (the public network) and a bigger package. */
function changedManifest(app: TritonApp, name: string): unknown {
  const manifest = JSON.parse(JSON.stringify(app.synth())) as {
    stacks: { resources: { kind: string; properties: Record<string, unknown> }[] }[];
  };
  for (const r of manifest.stacks.flatMap((s) => s.resources))
    if (r.kind === 'instance' && r.properties['name'] === name) {
      r.properties['networks'] = [...(r.properties['networks'] as unknown[]), EXTERNAL];
      r.properties['package'] = BIGGER;
    }
  return manifest;
}

/** The vendor CLI, tried again on a failure: it does not retry the injected faults itself. */
async function vendor(cloud: BenchCloud, args: string[]): Promise<Measured> {
  let m = await triton(cloud, args);
  for (let attempt = 1; m.code !== 0 && attempt < 8; attempt++) m = await triton(cloud, args);
  if (m.code !== 0) throw new Error(`triton ${args.join(' ')}: ${firstError(m)}`);
  return m;
}

async function vendorJson<T>(cloud: BenchCloud, args: string[]): Promise<T[]> {
  const m = await vendor(cloud, [...args, '-j']);
  return m.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/**
 * Everything of the account the vendor tools list, one `what name (id)` line per object:
 * instances (in any state but deleted), volumes, networks, VLANs, images (`-a`: inactive ones too),
 * RBAC users, roles and policies, and every Manta object and directory under `~~/stor` and
 * `~~/public` (exported image files included).
 */
async function inventory(cloud: BenchCloud): Promise<Set<string>> {
  const out = new Set<string>();
  const list = async (what: string, args: string[], name: (o: Record<string, unknown>) => unknown): Promise<void> => {
    for (const o of await vendorJson<Record<string, unknown>>(cloud, args)) out.add(`${what} ${String(name(o))}`);
  };
  await list(
    'instance',
    ['instance', 'list'],
    (o) => `${String(o['name'])} (${String(o['id'])}, ${String(o['state'])})`,
  );
  await list('volume', ['volume', 'list'], (o) => `${String(o['name'])} (${String(o['id'])})`);
  await list('network', ['network', 'list'], (o) => `${String(o['name'])} (${String(o['id'])})`);
  await list('vlan', ['vlan', 'list'], (o) => `${String(o['name'])} (${String(o['vlan_id'])})`);
  await list(
    'image',
    ['image', 'list', '-a'],
    (o) => `${String(o['name'])}@${String(o['version'])} (${String(o['id'])})`,
  );
  await list('user', ['rbac', 'users'], (o) => o['login']);
  await list('role', ['rbac', 'roles'], (o) => o['name']);
  await list('policy', ['rbac', 'policies'], (o) => o['name']);
  for (const top of ['~~/stor', '~~/public']) {
    let m = await mantaTool(cloud, 'mfind', [top]);
    for (let attempt = 1; m.code !== 0 && attempt < 8; attempt++) m = await mantaTool(cloud, 'mfind', [top]);
    if (m.code !== 0) throw new Error(`mfind ${top}: ${firstError(m)}`);
    for (const path of m.stdout.split('\n').filter((l) => l.trim() !== '')) out.add(`manta ${path}`);
  }
  return out;
}

async function runScenario(s: Scenario): Promise<string[]> {
  const key = generateTestKey('rsa', 'acme@bench');
  const cloud = await startCloud(key, {
    timing: 'realistic',
    timeScale: scale,
    faultRate,
    seed,
    machineLimit: s.instances + 20,
  });
  const rows: string[] = [];
  try {
    const base = join(cloud.cwd, `${s.name}.json`);
    const changed = join(cloud.cwd, `${s.name}-changed.json`);
    writeFileSync(base, JSON.stringify(s.app().synth()));
    writeFileSync(changed, JSON.stringify(changedManifest(s.app(), s.changed)));
    const step = async (what: string, args: string[], critical: number | undefined): Promise<void> => {
      const m = await iac(cloud, [...args, '--consistency-window-ms', '0']);
      const ratio = critical !== undefined && critical > 0 ? m.wallMs / critical : undefined;
      const line = {
        scenario: s.name,
        step: what,
        code: m.code,
        wallMs: Math.round(m.wallMs),
        criticalJobsMs: critical,
        ratio: ratio !== undefined ? Number(ratio.toFixed(2)) : undefined,
        error: firstError(m),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
      rows.push(
        `| ${s.name} | ${what} | ${m.code} | ${(m.wallMs / 1000).toFixed(1)} s | ${critical !== undefined ? `${(critical / 1000).toFixed(1)} s` : '-'} | ${ratio !== undefined ? `${ratio.toFixed(2)}×` : '-'} |`,
      );
    };
    // What the emulator holds before the stack (its catalog, the default fabric, the seeded
    // instances): after the destroy, anything else the vendor tools list was left behind.
    const before = await inventory(cloud);
    await step('apply', ['apply', base, '--auto-approve'], s.critical.apply);
    // The stack's instances only (the emulator seeds a few of its own), as the vendor CLI lists them.
    const up = (await vendorJson<{ id: string; state: string }>(cloud, ['instance', 'list'])).filter(
      (m) => (m.state === 'running' || m.state === 'stopped') && ![...before].some((o) => o.includes(`(${m.id},`)),
    );
    process.stdout.write(
      `${JSON.stringify({ scenario: s.name, vendorInstancesUp: `${up.length} of ${s.instances}` })}\n`,
    );
    rows.push(`| ${s.name} | instances up after apply (vendor CLI) | ${up.length} of ${s.instances} | | | |`);
    await vendor(cloud, ['instance', s.drift, '-w', s.changed]);
    await step(`drift (an instance ${s.drift === 'stop' ? 'stopped' : 'started'} by hand)`, ['drift', base], undefined);
    await step(
      'apply (repairs the drift)',
      ['apply', base, '--auto-approve'],
      sum(s.drift === 'stop' ? 'start' : 'stop'),
    );
    await step('change (a NIC and a resize)', ['apply', changed, '--auto-approve'], s.critical.change);
    if (s.volume !== undefined)
      await step('replace the volume', ['apply', changed, '--auto-approve', '--replace', s.volume], s.critical.replace);
    await step('destroy', ['destroy', changed, '--auto-approve'], s.critical.destroy);
    const left = [...(await inventory(cloud))].filter((o) => !before.has(o));
    process.stdout.write(`${JSON.stringify({ scenario: s.name, vendorLeftAfterDestroy: left })}\n`);
    rows.push(
      `| ${s.name} | left after destroy (vendor CLIs) | ${left.length === 0 ? 'nothing' : left.join(', ')} | | | |`,
    );
  } finally {
    await cloud.close();
  }
  return rows;
}

checkBuilt();
const only = values.only?.split(',');
const table = [
  '| stack | step | exit | wall | jobs on the critical path | wall / jobs |',
  '| --- | --- | --- | --- | --- | --- |',
];
for (const s of SCENARIOS) if (only === undefined || only.includes(s.name)) table.push(...(await runScenario(s)));
process.stdout.write(`\nrealistic timing × ${scale}, fault rate ${faultRate}, seed ${seed}\n${table.join('\n')}\n`);
