import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, TerraformResource, TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStack, planHasChanges, planStack } from '../../reconciler/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { generateBindings, GENERATED_DIR } from '../../adapters/cdktf/regenerate.js';
import {
  dataTritoniacImage,
  manifestFromTerraformJson,
  objectResource,
  policy,
  provider,
  role,
  roleTag,
  user,
  userKey,
  directory,
  snaplink,
} from '../../adapters/cdktf/index.js';
import { checkProperties } from '../../common/resource-schema.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

/** The read-only policy's rules, one with a condition that names its type (issue 14). */
const READ_ONLY_RULES = [
  'CAN listmachines AND getmachine',
  'CAN getmachine WHEN requesttime::day in (Mon, Tue, Wed, Thu, Fri)',
];

const aliceKey = generateTestKey('ed25519', 'alice@laptop');

/** A CDKTF stack declaring users, keys, a policy, a role, role tags and a small Manta tree, next to another provider's resource. */
class TeamStack extends TerraformStack {
  constructor(scope: Construct, id: string, withLookup: boolean) {
    super(scope, id);
    new provider.TritoniacProvider(this, 'tritoniac', { account: 'acme' });
    const alice = new user.User(this, 'alice', {
      login: 'alice',
      email: 'alice@acme.example',
      firstName: 'Alice',
      password: { source: 'env', name: 'ALICE_PASSWORD' },
    });
    const bob = new user.User(this, 'bob', { login: 'bob', email: 'bob@acme.example' });
    new userKey.UserKey(this, 'alice-laptop', { user: alice.login, key: aliceKey.publicOpenSsh, name: 'laptop' });
    const readOnly = new policy.Policy(this, 'read-only', {
      name: 'read-only',
      rules: READ_ONLY_RULES,
      description: 'look only',
    });
    const ops = new role.Role(this, 'ops', {
      name: 'ops',
      members: [
        { type: 'subuser', login: bob.login, default: false },
        { type: 'subuser', login: alice.login, default: true },
      ],
      policies: [readOnly.name],
    });
    new roleTag.RoleTag(this, 'machines-tags', { path: '/my/machines', roles: [ops.name] });
    new directory.Directory(this, 'site', { path: '~~/stor/site', roleTags: [ops.name] });
    const page = new objectResource.ObjectResource(this, 'index', {
      path: '~~/stor/site/index.html',
      content: { text: '<h1>hello</h1>\n' },
      contentType: 'text/html',
      headers: { 'M-Owner': alice.id },
    });
    new snaplink.Snaplink(this, 'latest', { path: '~~/stor/site/latest.html', source: page.path });
    // Another provider's resource in the same stack: left alone by the converter.
    new TerraformResource(this, 'pet', { terraformResourceType: 'random_pet' });
    if (withLookup) new dataTritoniacImage.DataTritoniacImage(this, 'base', { name: 'base-64', mostRecent: true });
  }
}

function synthesize(withLookup = true): { json: unknown; outdir: string } {
  const outdir = mkdtempSync(join(tmpdir(), 'triton-iac-cdktf-'));
  const app = new App({ outdir });
  new TeamStack(app, 'team', withLookup);
  app.synth();
  const file = join(outdir, 'stacks', 'team', 'cdk.tf.json');
  expect(readdirSync(join(outdir, 'stacks'))).toEqual(['team']);
  return { json: JSON.parse(readFileSync(file, 'utf8')), outdir };
}

describe('a CDKTF stack using the generated bindings', () => {
  it('keeps policy rules whose conditions name their types', () => {
    const { json, outdir } = synthesize();
    rmSync(outdir, { recursive: true, force: true });
    const readOnly = manifestFromTerraformJson(json).manifest.stacks[0]!.resources.find(
      (r) => r.address === 'team/read-only',
    )!;
    expect(readOnly.properties.rules).toEqual(READ_ONLY_RULES);
  });

  it('converts into a manifest whose resources, references and dependencies match what the constructs would produce', () => {
    const { json, outdir } = synthesize();
    rmSync(outdir, { recursive: true, force: true });
    const { manifest, ignored } = manifestFromTerraformJson(json);
    expect(ignored).toEqual(['resource.random_pet.pet']);
    const [stack] = manifest.stacks;
    expect(stack!.name).toBe('team');
    expect(stack!.account).toBe('acme');
    const byAddress = new Map(stack!.resources.map((r) => [r.address, r]));
    expect([...byAddress.keys()]).toEqual([
      'team/alice',
      'team/alice-laptop',
      'team/base',
      'team/bob',
      'team/index',
      'team/latest',
      'team/machines-tags',
      'team/ops',
      'team/read-only',
      'team/site',
    ]);
    for (const r of stack!.resources) expect(checkProperties(r.kind, r.properties), r.address).toEqual([]);
    expect(byAddress.get('team/alice')!.properties.password).toEqual({
      $secret: { source: 'env', name: 'ALICE_PASSWORD' },
    });
    expect(byAddress.get('team/bob')!.properties.password).toEqual({ $secret: { source: 'generated' } });
    const ops = byAddress.get('team/ops')!;
    expect(ops.properties.members).toEqual([
      { default: true, login: 'alice', type: 'subuser' },
      { default: false, login: 'bob', type: 'subuser' },
    ]);
    expect(ops.dependsOn).toEqual(['team/alice', 'team/bob', 'team/read-only']);
    const key = byAddress.get('team/alice-laptop')!;
    expect(key.naturalKey).toBe(`alice/${aliceKey.md5}`);
    expect(key.dependsOn).toEqual(['team/alice']);
    expect(byAddress.get('team/machines-tags')!.properties.path).toBe('/acme/machines');
    const index = byAddress.get('team/index')!;
    expect(index.naturalKey).toBe('/acme/stor/site/index.html');
    expect(index.properties.headers).toEqual({ 'm-owner': { $ref: { address: 'team/alice', attribute: 'id' } } });
    expect(index.properties).toMatchObject({ size: 15, durability: 2, roleTags: [], contentType: 'text/html' });
    expect(index.dependsOn).toEqual(['team/alice', 'team/site']);
    expect(byAddress.get('team/latest')!.properties).toEqual({
      path: '/acme/stor/site/latest.html',
      source: '/acme/stor/site/index.html',
    });
    expect(byAddress.get('team/base')).toMatchObject({
      kind: 'image-lookup',
      naturalKey: 'mostRecent=true&name=base-64',
    });
  });
});

describe('the converted manifest against the emulator', () => {
  let world: AccountWorld;
  let clients: Clients;
  let workDir: string;
  beforeAll(async () => {
    world = await startAccountWorld({ keyType: 'rsa', consistencyWindowMs: 150, staleReadRate: 0.5 });
    clients = { cloudapi: world.cloudapi, manta: world.manta };
    workDir = mkdtempSync(join(tmpdir(), 'triton-iac-cdktf-work-'));
  });
  afterAll(async () => {
    await world?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('is planned and applied by the engine, after which a second plan shows no changes', async () => {
    const { json, outdir } = synthesize(false);
    rmSync(outdir, { recursive: true, force: true });
    const stack = manifestFromTerraformJson(json, { workDir }).manifest.stacks[0]!;
    const opts = {
      clients,
      handlers: defaultHandlers(),
      workDir,
      consistencyWindowMs: 300,
      env: { ALICE_PASSWORD: 'al1ce-Secret' },
    };

    const plan = await planStack(stack, opts);
    // Everything is new except the role tags of /acme/machines, a path that always exists: adopted.
    expect(
      plan.changes
        .filter((c) => c.action === 'create')
        .map((c) => c.address)
        .sort(),
    ).toEqual(
      stack.resources
        .map((r) => r.address)
        .filter((a) => a !== 'team/machines-tags')
        .sort(),
    );
    expect(plan.changes.find((c) => c.address === 'team/machines-tags')?.action).toBe('adopt');

    const { result } = await applyStack(stack, opts);
    expect(result.failed).toEqual([]);
    expect(result.ok).toBe(true);
    // What a user looking later sees: a read inside the window may miss the role created last.
    await world.emulator.settled();
    const users = await clients.cloudapi.listUsers();
    expect(users.map((u) => u.login).sort()).toEqual(['alice', 'bob']);
    const role = (await clients.cloudapi.listRoles()).find((r) => r.name === 'ops')!;
    expect(JSON.stringify(role.policies)).toContain('read-only');
    expect((await clients.cloudapi.getPolicy('read-only')).rules).toEqual(READ_ONLY_RULES);

    const again = await planStack(stack, opts);
    expect(planHasChanges(again)).toBe(false);
  });
});

describe('the shipped CDKTF bindings', () => {
  it('are exactly what regenerating them from the current schema produces', async () => {
    const out = mkdtempSync(join(tmpdir(), 'triton-iac-bindings-'));
    try {
      const files = await generateBindings(out);
      expect(files).toContain('user/index.ts');
      const shipped = listFiles(GENERATED_DIR);
      expect(shipped, 'files under adapters/cdktf/generated differ: run npx tsx adapters/cdktf/regenerate.ts').toEqual(
        files,
      );
      for (const file of files) {
        expect(
          readFileSync(join(GENERATED_DIR, file), 'utf8'),
          `${file} is out of date: run npx tsx adapters/cdktf/regenerate.ts`,
        ).toBe(readFileSync(join(out, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}
