/** Each example applies against the embedded emulator through the binary, and plans clean afterwards. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, REPO, runCli } from './support/cli.js';
import { withCloud } from './support/cloud.js';

async function applyThenPlanClean(
  cwd: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<string> {
  const applied = await runCli(['apply', '--emulator', '--auto-approve', ...args], { cwd, env });
  expect(applied.stderr).toBe('');
  expect(applied.code).toBe(0);
  const plan = await runCli(['plan', '--emulator', '--detailed-exitcode', ...args], { cwd, env });
  expect(plan.stdout).toMatch(NO_CHANGES);
  expect(plan.code).toBe(0);
  return applied.stdout;
}

describe('the examples, applied with the triton-iac binary against --emulator', () => {
  it('manta-layout: directories, objects, a snaplink and a map-reduce job with an asset', async () => {
    const cwd = projectDir();
    try {
      const out = await applyThenPlanClean(cwd, [join(REPO, 'examples/manta-layout/main.ts')]);
      expect(out).toMatch(/manta-layout\/latest-report: created/);
      expect(out).toMatch(/manta-layout\/status-count: created/);
      const linked = await withCloud(cwd, 'acme', async ({ manta }) =>
        (await manta.getObjectBuffer('/acme/public/reports/latest.txt'))?.data.toString(),
      );
      expect(linked).toContain('November 2026');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('image-pipeline: a build instance stopped after set-up, an image from it, exported to Manta and role-tagged; destroyed to nothing', async () => {
    const cwd = projectDir();
    try {
      const main = join(REPO, 'examples/image-pipeline/main.ts');
      const out = await applyThenPlanClean(cwd, [main]);
      expect(out).toMatch(/image-pipeline\/builder: created/);
      await withCloud(cwd, 'acme', async ({ cloudapi, manta }) => {
        const builder = (await cloudapi.listMachines({ name: 'acme-web-builder' }))[0]!;
        expect(builder.state).toBe('stopped');
        expect(builder.package).toBe('g4-highcpu-1G');
        expect(await cloudapi.getRoleTags(`/acme/machines/${builder.id}`)).toEqual(['deployers']);
        const image = (await cloudapi.listImages({ name: 'acme-web' }))[0];
        expect(image?.version).toBe('1.4.0');
        const exported = await manta.getObjectBuffer('/acme/stor/images/acme-web-1.4.0.imgmanifest');
        expect(JSON.parse(exported!.data.toString())).toMatchObject({ name: 'acme-web', version: '1.4.0' });
      });
      // The export's files sit in the declared directory, but the image wrote them: they are the
      // stack's, so destroy deletes them and the directory in one run (it used to stop on
      // DirectoryNotEmpty with the instance and image gone, the directory left behind).
      const destroyed = await runCli(['destroy', '--emulator', '--auto-approve', main], { cwd });
      expect(destroyed.stderr).toBe('');
      expect(destroyed.code).toBe(0);
      await withCloud(cwd, 'acme', async ({ cloudapi, manta }) => {
        expect(await cloudapi.listMachines({ name: 'acme-web-builder' })).toEqual([]);
        expect(await cloudapi.listImages({ name: 'acme-web' })).toEqual([]);
        expect((await manta.listDirectory('/acme/stor')).entries.map((e) => e.name)).not.toContain('images');
      });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('from-rbac-json: the vendor CLI file applied as is', async () => {
    const cwd = projectDir();
    try {
      await applyThenPlanClean(cwd, ['--account', 'acme', join(REPO, 'examples/from-rbac-json/rbac.json')]);
      const roles = await withCloud(cwd, 'acme', async ({ cloudapi }) =>
        (await cloudapi.listRoles()).map((r) => r.name).sort(),
      );
      expect(roles).toEqual(['auditors', 'ops']);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
