/**
 * The commands that look at an app or a plan without changing anything, through the real binary
 * against the embedded emulator: `plan --destroy`, `show PLANFILE`, `validate`, `graph`, and how a
 * plan reads (element-by-element list changes, no bookkeeping, look-ups not re-listed).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';
import { teamProject } from './support/team-app.js';

describe('plan --destroy, show, validate and graph through the binary', () => {
  let cwd: string;
  const cli = (args: string[], env: Record<string, string> = {}): Promise<CliResult> => runCli(args, { cwd, env });
  beforeAll(async () => {
    cwd = teamProject();
    const applied = await cli(['apply', '--emulator', '--auto-approve']);
    expect(applied.code, applied.stderr).toBe(0);
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('plan --destroy lists every managed object as destroyed, exits 2 with --detailed-exitcode, and deletes nothing', async () => {
    const plan = await cli(['plan', '--destroy', '--emulator', '--detailed-exitcode']);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('# team/ops (role ops) will be destroyed');
    expect(plan.stdout).toContain('Plan: 0 to add, 0 to change, 0 to replace, 7 to destroy, 0 to adopt.');
    expect((await cli(['plan', '--emulator', '--detailed-exitcode'])).code).toBe(0);
    const refused = await cli(['plan', '--destroy', '--adopt', '--emulator']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--destroy plans the deletion of what is in the state; it does not take --adopt');
    // --target narrows it to the role and what depends on it.
    const targeted = await cli(['plan', '--destroy', '--target', 'team/ops', '--emulator']);
    expect(targeted.code, targeted.stderr).toBe(0);
    expect(targeted.stdout).toContain('# team/ops (role ops) will be destroyed');
    expect(targeted.stdout).not.toContain('7 to destroy');
  });

  it('show prints a saved plan in text, JSON and Markdown, with the plan exit code under --detailed-exitcode', async () => {
    const saved = await cli(['plan', '--emulator', '--out', 'v2.plan.json'], { TEAM_V2: '1' });
    expect(saved.code, saved.stderr).toBe(0);
    const text = await cli(['show', 'v2.plan.json', '--detailed-exitcode']);
    expect(text.code).toBe(2);
    expect(text.stdout).toBe(saved.stdout);
    const json = JSON.parse((await cli(['show', 'v2.plan.json', '--json'])).stdout) as {
      stack: string;
      summary: { change: number };
    };
    expect(json.stack).toBe('team');
    expect(json.summary.change).toBe(2);
    const markdown = await cli(['show', 'v2.plan.json', '--format', 'markdown']);
    expect(markdown.stdout).toContain('### triton-iac plan: stack `team` (account `demo`)');
    expect(markdown.stdout).toContain('| `~` update | `team/ops` | role | `ops` |');
  });

  it('show refuses an edited plan and a missing file, naming the file', async () => {
    const edited = readFileSync(join(cwd, 'v2.plan.json'), 'utf8').replace('"change": 2', '"change": 3');
    writeFileSync(join(cwd, 'edited.plan.json'), edited);
    const refused = await cli(['show', 'edited.plan.json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Error [PLAN_MALFORMED]: saved plan');
    expect(refused.stderr).toContain('edited.plan.json cannot be used');
    const missing = await cli(['show', 'nope.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.json: no such file');
  });

  it('a destroy plan saved with plan --destroy --out is carried out exactly by apply FILE', async () => {
    const other = teamProject();
    try {
      expect((await runCli(['apply', '--emulator', '-y'], { cwd: other })).code).toBe(0);
      const saved = await runCli(['plan', '--destroy', '--emulator', '--out', 'destroy.plan.json'], { cwd: other });
      expect(saved.code, saved.stderr).toBe(0);
      const applied = await runCli(['apply', 'destroy.plan.json', '--emulator'], { cwd: other });
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toMatch(/7 deleted/);
      const list = await runCli(['state', 'list'], { cwd: other });
      expect(list.stdout).toContain('is empty');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('validate passes a valid app without any cloud or state, and prints one JSON document with --json', async () => {
    const fresh = projectDir();
    try {
      writeFileSync(join(fresh, 'triton-iac.json'), readFileSync(join(cwd, 'triton-iac.json')));
      writeFileSync(join(fresh, 'app.ts'), readFileSync(join(cwd, 'app.ts')));
      const ok = await runCli(['validate'], { cwd: fresh });
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toBe('Stack team (account demo) is valid: 7 resources, 0 references, 0 secrets readable.\n');
      const json = JSON.parse((await runCli(['validate', '--json'], { cwd: fresh })).stdout) as {
        valid: boolean;
        problems: string[];
      };
      expect(json).toMatchObject({ valid: true, problems: [] });
      // Nothing was created: no state, no emulator data.
      expect(() => readFileSync(join(fresh, '.triton-iac', 'team.state.json'))).toThrow();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('validate lists an unreadable secret and refuses a bad construct input, exit 1', async () => {
    const bad = projectDir();
    try {
      writeFileSync(
        join(bad, 'secret.ts'),
        `import { Secret, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'people', { account: 'demo' });
  new User(stack, 'alice', { login: 'alice', email: 'alice@demo.example', password: Secret.fromEnv('VALIDATE_TEST_PASSWORD') });
  return app;
};
`,
      );
      const missing = await runCli(['validate', 'secret.ts'], { cwd: bad });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(
        'people/alice.properties.password: the secret cannot be read here: environment variable VALIDATE_TEST_PASSWORD is not set',
      );
      const present = await runCli(['validate', 'secret.ts'], {
        cwd: bad,
        env: { VALIDATE_TEST_PASSWORD: 'a-long-password-1' },
      });
      expect(present.code).toBe(0);
      expect(present.stdout).toContain('1 secret readable');
      expect(present.stdout).not.toContain('a-long-password-1');

      writeFileSync(
        join(bad, 'login.ts'),
        readFileSync(join(bad, 'secret.ts'), 'utf8').replace("login: 'alice'", "login: 'Al!ce'"),
      );
      const login = await runCli(['validate', 'login.ts'], {
        cwd: bad,
        env: { VALIDATE_TEST_PASSWORD: 'a-long-password-1' },
      });
      expect(login.code).toBe(1);
      expect(login.stderr).toContain('Al!ce');

      // A manifest JSON, which no construct checked, gets synth's value rules too.
      const synth = await runCli(['synth', 'secret.ts'], { cwd: bad });
      writeFileSync(
        join(bad, 'manifest.json'),
        synth.stdout.replace('"email": "alice@demo.example"', '"email": "not-an-email"'),
      );
      const manifest = await runCli(['validate', 'manifest.json'], {
        cwd: bad,
        env: { VALIDATE_TEST_PASSWORD: 'a-long-password-1' },
      });
      expect(manifest.code).toBe(1);
      expect(manifest.stderr).toContain('.properties.email (people/alice): email "not-an-email"');
      expect(manifest.stderr).toContain('not-an-email');
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });

  it('graph prints the dependency graph in DOT and in Mermaid', async () => {
    const dot = await cli(['graph']);
    expect(dot.code).toBe(0);
    expect(dot.stdout).toMatch(/^digraph triton_iac \{/);
    expect(dot.stdout).toContain('"team/ops" -> "team/bob";');
    expect(dot.stdout).toContain('"team/readme" -> "team/docs";');
    const mermaid = await cli(['graph', '--format', 'mermaid']);
    expect(mermaid.stdout).toMatch(/^flowchart RL\n/);
    expect(mermaid.stdout).toContain('["team/ops<br/>role ops"]');
    const bad = await cli(['graph', '--format', 'svg']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--format "svg" is not a graph format; use dot or mermaid');
  });

  it('validate and graph build the app with the --context the other commands take', async () => {
    const dir = projectDir();
    try {
      writeFileSync(
        join(dir, 'ctx.ts'),
        `import { TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => {
  const app = new TritonApp();
  const env = String(app.node.tryGetContext('env') ?? 'dev');
  new User(new TritonStack(app, env, { account: 'demo' }), 'alice', { login: 'alice', email: 'alice@demo.example' });
  return app;
};
`,
      );
      const valid = await runCli(['validate', 'ctx.ts', '--context', 'env=staging'], { cwd: dir });
      expect(valid.code).toBe(0);
      expect(valid.stdout).toContain('Stack staging (account demo) is valid');
      const graph = await runCli(['graph', 'ctx.ts', '--context', 'env=staging'], { cwd: dir });
      expect(graph.stdout).toContain('"staging/alice"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('how the quickstart plan and drift read through the binary', () => {
  let cwd: string;
  const env = { ALICE_PASSWORD: 'e2e-password-1' };
  const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd, env });
  beforeAll(() => {
    cwd = projectDir('examples/quickstart/main.ts');
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('lists no bookkeeping or empty defaults, role members by login, and names the look-up once; JSON keeps everything', async () => {
    const plan = await cli('plan', '--emulator');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).not.toMatch(/headers = \{\}|roleTags = \[\]|attested = false|staleInputs/);
    expect(plan.stdout).toContain('      + members = [alice (default), bob]');
    expect(plan.stdout).toContain('      + members = [acme (account owner), bob]');
    expect(plan.stdout).not.toContain('image-lookup "quickstart/base-image"');
    expect(plan.stdout).toContain('  # (1 look-up read, not listed: quickstart/base-image)');
    const json = JSON.parse((await cli('plan', '--emulator', '--json')).stdout) as {
      changes: { address: string; action: string; after: Record<string, unknown> | null }[];
    };
    expect(json.changes.find((c) => c.address === 'quickstart/base-image')!.action).toBe('read');
    expect(json.changes.find((c) => c.address === 'quickstart/site-word-count')!.after!['staleInputs']).toEqual([]);
  });

  it('shows a role whose members changed outside element by element, in plan and in drift', async () => {
    expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    await withCloud(cwd, 'acme', ({ cloudapi }) =>
      cloudapi.updateRole('ops', {
        members: [
          { type: 'subuser', login: 'alice', default: true },
          { type: 'subuser', login: 'ci_deployer' },
        ],
      }),
    );
    const plan = await cli('plan', '--emulator');
    expect(plan.stdout).toContain(
      [
        '  ~ role "quickstart/ops" {',
        '      ~ members = [',
        '          + bob',
        '          - ci_deployer',
        '            # (1 unchanged element hidden)',
        '        ]',
      ].join('\n'),
    );
    expect(plan.stdout).not.toContain('base-image" {');
    const drift = await cli('drift', '--emulator');
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain(
      ['      members (live -> declared):', '        - ci_deployer (live only)', '        + bob (declared only)'].join(
        '\n',
      ),
    );
  });

  it('says in words why a job re-runs when an input was rewritten after it ran, without its bookkeeping field', async () => {
    await withCloud(cwd, 'acme', ({ manta }) =>
      manta.putObject('/acme/stor/bin/count-words.sh', 'wc -w\n', { contentType: 'text/x-shellscript' }),
    );
    const plan = await cli('plan', '--emulator');
    expect(plan.stdout).toContain(
      '  # (its input /acme/stor/bin/count-words.sh was written after the job ran, so the job runs again)',
    );
    expect(plan.stdout).not.toContain('staleInputs');
    const json = JSON.parse((await cli('plan', '--emulator', '--json')).stdout) as {
      changes: {
        address: string;
        action: string;
        patch: unknown[];
        replacePaths?: string[];
        before: Record<string, unknown>;
      }[];
    };
    const job = json.changes.find((c) => c.address === 'quickstart/site-word-count')!;
    // Complete data, but the bookkeeping field is not listed as what changes.
    expect(job).toMatchObject({ action: 'replace', patch: [], replacePaths: [] });
    expect(job.before['staleInputs']).toEqual(['/acme/stor/bin/count-words.sh']);
    const drift = await cli('drift', '--emulator');
    expect(drift.stdout).toContain(
      '      input /acme/stor/bin/count-words.sh written after the job ran: apply runs it again',
    );
    expect(drift.stdout).not.toContain('staleInputs');
    const driftJson = JSON.parse((await cli('drift', '--emulator', '--json')).stdout) as {
      drifted: { address: string; changes: { path: string }[] }[];
    };
    expect(
      driftJson.drifted.find((d) => d.address === 'quickstart/site-word-count')!.changes.map((c) => c.path),
    ).toEqual([]);
  });
});
