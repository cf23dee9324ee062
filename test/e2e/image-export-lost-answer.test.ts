/**
 * The step an apply runs once an object is ready (ExportImage once the image is active, the stop
 * after a boot) gets the retries of every other call: a transient fault on it is tried again. The
 * realistic rehearsal with 10 % faults (seed 4) failed examples/image-pipeline's apply with
 * "ExportImage … 500 InternalError" after the image had built, because that one POST was neither
 * retried by the HTTP layer (a POST is not idempotent to it) nor by the engine. Here the emulator
 * loses ExportImage's first answer after the export took effect (`--lose-answers UpdateImage`, the
 * route every `?action=` on an image goes through), deterministically, and that of the stop the
 * builder gets once booted (`UpdateMachine`).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../scripts/support/signer.js';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { NO_CHANGES, runCli, stopClis, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

let t: TestEmulator;
let cwd: string;
let env: Record<string, string>;
let applied: CliResult;

beforeAll(async () => {
  t = await startTestEmulator({ loseAnswers: ['UpdateImage', 'UpdateMachine'], timing: 'fast' });
  ({ cwd, env } = projectAgainst(t, 'examples/image-pipeline/main.ts'));
  env = { ...env, MANTA_URL: t.emulator.mantaUrl };
  applied = await runCli(['apply', '--auto-approve'], { cwd, env });
});
afterAll(async () => {
  await stopClis();
  await t?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe('examples/image-pipeline when the answers of ExportImage and of the stop after the boot are lost', () => {
  it('applies in one run', () => {
    expect(applied.stderr, applied.stdout.slice(-2000)).toBe('');
    expect(applied.code, applied.stdout.slice(-2000)).toBe(0);
    expect(applied.stdout).toMatch(/image-pipeline\/web-image: created/);
  });

  it('exported the image, sending ExportImage again after the lost answer', async () => {
    const manifest = await call(t.emulator.mantaUrl, 'GET', '/acme/stor/images/acme-web-1.4.0.imgmanifest', {
      sign: t.owner,
    });
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({ name: 'acme-web', version: '1.4.0' });
    const stats = t.emulator.context.stats.snapshot(['cloudapi']) as Record<string, Record<string, number>>;
    // The route of every POST /:login/images/:id?action=… is UpdateImage (sdc-cloudapi's name).
    expect(stats['cloudapi']?.['UpdateImage']).toBe(2);
  });

  it('stopped the builder, sending the stop again after the lost answer', async () => {
    const machines = (await t.api('GET', '/acme/machines?name=acme-web-builder')).body as { state: string }[];
    expect(machines.map((m) => m.state)).toEqual(['stopped']);
    const stats = t.emulator.context.stats.snapshot(['cloudapi']) as Record<string, Record<string, number>>;
    // UpdateMachine: CloudAPI's route for every POST /:login/machines/:id?action=….
    expect(stats['cloudapi']?.['UpdateMachine']).toBe(2);
  });

  it('plans nothing afterwards', async () => {
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd, env });
    expect(plan.stderr).toBe('');
    expect(plan.stdout).toMatch(NO_CHANGES);
    expect(plan.code).toBe(0);
  });
});
