/**
 * `triton-iac rehearse` and `generate` on an account whose datacenter catalog is not the emulator's
 * built-in one: a stack with package, network and datacenter look-ups, instances sized and placed
 * by them and a firewall rule naming one, planned against the "live" emulator, rehearses to the
 * same ids and passes; a plan past the account's machine limit, or naming a package the account
 * does not have, fails with the reason; the live emulator is never written to and the state file
 * never changes. `generate` writes instances whose package and networks resolve there.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { startEmulator, type CatalogSeed, type RunningEmulator } from '../../emulator/index.js';
import { REPO, runCli, stopClis } from './support/cli.js';
import { cloudEnv, vendor } from './support/vendor-account.js';

/** A catalog nothing in the emulator's defaults shares: other names, ids, ranges and datacenters. */
const LIVE_CATALOG: CatalogSeed = {
  packages: [
    {
      id: '6a3b0c2e-1d5f-4e7a-9b8c-0d1e2f3a4b5c',
      name: 'acme-small-2G',
      memory: 2048,
      disk: 51200,
      swap: 4096,
      vcpus: 1,
      lwps: 4000,
      version: '2.0.0',
      group: 'small',
      default: true,
    },
    {
      id: '7b4c1d3f-2e6a-4f8b-8c9d-1e2f3a4b5c6d',
      name: 'acme-large-8G',
      memory: 8192,
      disk: 204800,
      swap: 16384,
      vcpus: 4,
      lwps: 4000,
      version: '2.0.0',
      group: 'large',
      default: false,
    },
  ],
  networks: [
    {
      id: '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f',
      name: 'acme-public',
      public: true,
      fabric: false,
      description: 'the internet',
    },
    {
      id: '1d2e3f4a-5b6c-4d7e-9f8a-9b0c1d2e3f4a',
      name: 'acme-private',
      public: false,
      fabric: true,
      description: 'the account fabric',
      vlan_id: 2,
      subnet: '192.168.64.0/24',
      provision_start_ip: '192.168.64.10',
      provision_end_ip: '192.168.64.250',
      gateway: '192.168.64.1',
      resolvers: ['8.8.8.8'],
      internet_nat: true,
    },
  ],
  datacenter: 'acme-east-1',
  // The emulator lists itself (acme-east-1) at its own URL beside these.
  datacenters: { 'acme-west-1': 'https://cloudapi.acme-west-1.example' },
  // The account starts with the emulator's three fixture machines: room for one more.
  limits: [
    { by: 'machines', value: 4 },
    { by: 'ram', value: 32768 },
  ],
};

let live: RunningEmulator;
let root: string;
let owner: TestKeyPair;
let env: Record<string, string>;

/** A project folder that has triton-iac installed (the repository, linked). */
function project(name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  mkdirSync(join(dir, 'infra'));
  symlinkSync(REPO, join(dir, 'node_modules', 'triton-iac'));
  writeFileSync(join(dir, 'package.json'), '{"type": "module", "private": true}\n');
  return dir;
}

/**
 * The stack: look-ups, `instances` instances sized and placed by them (or by the package `pkg`
 * names), a rule opening 443 to the first.
 */
function program(instances: number, packageQuery = "{ name: 'acme-small-2G' }", pkg = 'small.packageName'): string {
  return `import { Datacenter, FirewallRule, Image, Instance, NetworkLookup, PackageLookup, TritonApp, TritonStack } from 'triton-iac';

export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'web', { account: 'acme' });
  const dc = Datacenter.lookup(stack, 'here', { name: 'acme-east-1' });
  const image = Image.lookup(stack, 'base', { name: 'base-64-lts', mostRecent: true });
  const small = new PackageLookup(stack, 'small', ${packageQuery});
  const pub = new NetworkLookup(stack, 'public', { public: true });
  const priv = new NetworkLookup(stack, 'private', { name: 'acme-private' });
  const web = [];
  for (let n = 1; n <= ${instances}; n++)
    web.push(
      new Instance(stack, \`www-\${n}\`, {
        name: \`www-\${n}\`,
        image: image.imageId,
        package: ${pkg},
        networks: [pub, priv],
        tags: { dc: dc.url },
        firewallEnabled: true,
      }),
    );
  new FirewallRule(stack, 'https', {
    rule: FirewallRule.allow({ from: 'any', to: web[0]!, ports: [443] }),
    enabled: true,
  });
  return app;
}
`;
}

/** The requests the live emulator answered that change something (everything but reads). */
function liveWrites(): number {
  const snap = live.context.stats.snapshot() as Record<string, Record<string, number> | number>;
  let writes = 0;
  for (const service of ['cloudapi', 'manta']) {
    const ops = (snap[service] ?? {}) as Record<string, number>;
    for (const [op, n] of Object.entries(ops)) if (!/^(List|Get|Head|Ping)/.test(op)) writes += n;
  }
  return writes;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triton-iac-rehearse-catalog-'));
  owner = generateTestKey('rsa', 'acme');
  live = await startEmulator({
    accounts: [{ login: 'acme', keys: [owner.publicOpenSsh] }],
    seed: 29,
    catalog: LIVE_CATALOG,
  });
  env = cloudEnv(live, 'acme', owner, join(root, 'home'));
});

afterAll(async () => {
  await stopClis();
  await live?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('rehearse with the account catalog', () => {
  it('resolves package, network and datacenter look-ups to the live ids in the copy, passes a plan that fits, and fails one past the machine limit or naming a package the account lacks, writing nothing live', async () => {
    const dir = project('rehearse');
    const main = join(dir, 'infra', 'main.ts');
    writeFileSync(main, program(1));
    const writesBefore = liveWrites();

    const planned = await runCli(['plan', '--out', 'good.plan'], { cwd: dir, env });
    expect(planned.code, planned.stderr).toBe(0);
    const saved = readFileSync(join(dir, 'good.plan'), 'utf8');
    // The plan was made against the live catalog: its ids, not the emulator's defaults.
    expect(saved).toContain(LIVE_CATALOG.packages![0]!['id'] as string);
    expect(saved).toContain(LIVE_CATALOG.networks![1]!['id'] as string);

    const good = await runCli(
      ['rehearse', 'good.plan', '--timing', 'fast', '--window-ms', '300', '--fault-rate', '0.02'],
      {
        cwd: dir,
        env,
      },
    );
    expect(good.stderr).toBe('');
    expect(good.stdout).toContain(
      'catalog: 2 packages, 2 networks (1 public, 1 fabric), 2 datacenters (answering as acme-east-1), a limit of 4 machines (ids as in the cloud)',
    );
    expect(good.stdout).toContain('3 machines, ');
    expect(good.stdout).toContain('✓ web/www-1: created');
    expect(good.stdout).toMatch(/✓ web\/https: created/);
    expect(good.stdout).toContain('Next plan in the copy: No changes.');
    expect(good.stdout).toContain('Verdict: PASS');
    expect(good.code).toBe(0);

    // Two instances: the account's four-machine limit (three exist) lets only one be created.
    writeFileSync(main, program(2));
    expect((await runCli(['plan', '--out', 'over.plan'], { cwd: dir, env })).code).toBe(0);
    const over = await runCli(
      ['rehearse', 'over.plan', '--timing', 'fast', '--window-ms', '300', '--fault-rate', '0'],
      { cwd: dir, env },
    );
    expect(over.stdout).toMatch(/✗ web\/www-\d: create failed: .*QuotaExceeded.*quota of 4 machines/);
    expect(over.stdout).toMatch(/Verdict: FAIL\. 1 action failed/);
    expect(over.code).toBe(1);

    // A package named outright that the live account does not have (the emulator's default one):
    // the plan is made, and the copy refuses the create as the cloud would.
    writeFileSync(main, program(1, undefined, "'g4-highcpu-1G'"));
    expect((await runCli(['plan', '--out', 'missing.plan'], { cwd: dir, env })).code).toBe(0);
    const missing = await runCli(['rehearse', 'missing.plan', '--timing', 'fast', '--window-ms', '300'], {
      cwd: dir,
      env,
    });
    expect(missing.stdout).toMatch(/✗ web\/www-1: create failed: .*g4-highcpu-1G is not a valid package/);
    expect(missing.stdout).toContain('Verdict: FAIL');
    expect(missing.code).toBe(1);
    // A look-up by constraints finds the account's large package in the copy as it does live.
    writeFileSync(main, program(1, '{ minMemory: 4096 }'));
    expect((await runCli(['plan', '--out', 'large.plan'], { cwd: dir, env })).code).toBe(0);
    const large = await runCli(['rehearse', 'large.plan', '--timing', 'fast', '--window-ms', '300'], { cwd: dir, env });
    expect(large.stdout).toContain('Verdict: PASS');
    expect(large.code).toBe(0);

    // Nothing reached the live account: no write request, no machine, no rule, no state.
    expect(liveWrites()).toBe(writesBefore);
    const names = (await vendor(env, 'triton', ['instance', 'list', '-H', '-o', 'name'])).trim().split(/\s+/);
    expect(names.sort()).toEqual(['builder', 'web-1', 'web-2']);
    expect(await vendor(env, 'triton', ['fwrule', 'list'])).not.toContain('443');
    expect(() => readFileSync(join(dir, '.triton-iac', 'acme.state.json'))).toThrow();
  });
});

describe('emulator --catalog', () => {
  it('refuses a catalog file with a mistake before starting, naming the file, the entry and the field', async () => {
    const dir = project('bad-catalog');
    writeFileSync(join(dir, 'catalog.json'), JSON.stringify({ networks: [{ id: 'n1', name: 'wan', public: 'yes' }] }));
    const bad = await runCli(['emulator', '--catalog', 'catalog.json'], { cwd: dir });
    expect(bad.stderr).toContain(
      `--catalog ${join(dir, 'catalog.json')}: catalog seed: network "wan" has public "yes"; it must be a boolean`,
    );
    expect(bad.stdout).toBe('');
    expect(bad.code).toBe(1);
    writeFileSync(join(dir, 'limits.json'), JSON.stringify({ limits: [] }));
    const both = await runCli(['emulator', '--catalog', 'limits.json', '--machine-limit', '3'], { cwd: dir });
    expect(both.stderr).toContain("both set the account's limits; give them in one place");
    expect(both.code).toBe(1);
  });
});

describe('generate with the account catalog', () => {
  it('writes instances whose package and networks are the live ones, and the first plan has no changes', async () => {
    const dir = project('generate');
    const generated = await runCli(['generate', '--kinds', 'instance,image'], { cwd: dir, env });
    expect(generated.code, generated.stderr).toBe(0);
    const main = readFileSync(join(dir, 'infra', 'main.ts'), 'utf8');
    expect(main).toMatch(/new Instance\(stack, 'web-1', \{[^}]*package: 'acme-small-2G',/);
    expect(main).toContain(`networks: ['${LIVE_CATALOG.networks![1]!['id'] as string}']`);
    const first = await runCli(['plan', '--detailed-exitcode'], { cwd: dir, env });
    expect(first.stdout).toContain('No changes.');
    expect(first.code).toBe(0);
  });
});
