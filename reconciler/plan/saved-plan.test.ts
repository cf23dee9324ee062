import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestResource, testHandlers } from '../fixtures/handlers.js';
import { emptyState } from '../state/document.js';
import { makePlan, planChanges } from './planner.js';
import { checkPlanStillValid } from './plan-validity.js';
import {
  isSavedPlanText,
  parseSavedPlan,
  parseSavedPlanFile,
  parseSavedPlans,
  readSavedPlan,
  readSavedPlanFile,
  serializeSavedPlan,
  serializeSavedPlans,
  writeSavedPlan,
} from './saved-plan.js';
import { digestOf } from '../private/canonical-json.js';
import type { StackManifest } from '../../common/manifest.js';
import type { Plan } from './types.js';

const state = { ...emptyState('prod', 'acme'), serial: 4 };
const liveOps = { id: 'r-1', name: 'ops', members: ['a'], policies: [] };
const plan: Plan = makePlan({
  stack: 'prod',
  account: 'acme',
  state,
  manifestDigest: 'sha256:11',
  changes: planChanges({
    resources: [
      manifestResource('prod/ops', 'role', 'ops', { name: 'ops', members: ['a', 'b'], policies: [] }),
      manifestResource('prod/new', 'role', 'new', { name: 'new', members: [], policies: [] }),
    ],
    state,
    live: new Map([['prod/ops', liveOps]]),
    handlers: testHandlers,
  }),
});
const liveDigestOfOps = plan.changes.find((c) => c.address === 'prod/ops')!.liveDigest!;

describe('saved plans', () => {
  const stackManifest: StackManifest = { name: 'prod', account: 'acme', resources: [] };
  const selfContained: Plan = { ...plan, manifestDigest: digestOf(stackManifest) };
  const origin = { app: '/work/infra/main.ts', workDir: '/work', emulator: false, stack: stackManifest };

  it('records the stack and the directory it was made in, so apply needs neither the app nor that directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-plan-'));
    const path = join(dir, 'plan.json');
    await writeSavedPlan(path, selfContained, origin);
    expect(await readSavedPlanFile(path)).toEqual({ plan: selfContained, origin });
    // Plans saved before the origin existed still read, without one.
    await writeSavedPlan(path, plan);
    expect(await readSavedPlanFile(path)).toEqual({ plan });
  });

  it('refuses a saved plan whose recorded stack was edited (its digest no longer matches the plan)', () => {
    const edited = serializeSavedPlan(selfContained, { ...origin, stack: { ...stackManifest, account: 'other' } });
    expect(() => parseSavedPlanFile(edited, 'p.json')).toThrow(/origin.stack is not the stack the plan was made from/);
    const noDir = JSON.parse(serializeSavedPlan(selfContained, origin)) as { origin: Record<string, unknown> };
    delete noDir.origin.workDir;
    expect(() => parseSavedPlanFile(JSON.stringify(noDir), 'p.json')).toThrow(
      /origin.workDir must be a non-empty string/,
    );
  });

  it("keeps the plan's selection flags for the re-plan hint, and refuses them when they are not strings", () => {
    const targeted = { ...origin, planFlags: ['--target', 'prod/ops', '--context', 'env=staging'] };
    expect(parseSavedPlanFile(serializeSavedPlan(selfContained, targeted), 'p.json').origin).toEqual(targeted);
    const bad = JSON.parse(serializeSavedPlan(selfContained, { ...origin, planFlags: [] })) as {
      origin: Record<string, unknown>;
    };
    bad.origin.planFlags = ['--target', 7];
    expect(() => parseSavedPlanFile(JSON.stringify(bad), 'p.json')).toThrow(
      /origin.planFlags must be a list of strings/,
    );
  });

  it('round-trips through a file, written with owner-only permissions and no temp file left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-plan-'));
    const path = join(dir, 'prod.plan.json');
    await writeSavedPlan(path, plan);
    expect(await readSavedPlan(path)).toEqual(plan);
    expect(readdirSync(dir)).toEqual(['prod.plan.json']);
    const { statSync } = await import('node:fs');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['not JSON', '{"savedPlanFormat": 1,', /saved plan p.json cannot be used: it is not valid JSON/],
    ['an array', '[]', /it is not a JSON object/],
    [
      'a future envelope',
      JSON.stringify({ savedPlanFormat: 9, digest: 'x', plan: {} }),
      /savedPlanFormat is 9; this version of triton-iac reads only 1/,
    ],
    [
      'a wrong action',
      serializeSavedPlan(plan).replace('"action": "adopt"', '"action": "upsert"'),
      /plan.changes\[1\].action is "upsert"; it must be one of create, update/,
    ],
    [
      'a missing stack',
      serializeSavedPlan(plan).replace('"stack": "prod"', '"stack": ""'),
      /plan.stack is ""; it must be a non-empty string/,
    ],
    [
      'a bad patch op',
      serializeSavedPlan(plan).replace('"op": "add"', '"op": "merge"'),
      /patch\[0\] is not a JSON Patch operation/,
    ],
  ])('refuses %s with a sentence naming the problem and the fix', (_label, text, message) => {
    expect(() => parseSavedPlan(text, 'p.json')).toThrow(message);
    expect(() => parseSavedPlan(text, 'p.json')).toThrow(/Run `triton-iac plan -out p.json` again/);
  });

  it('refuses a plan whose content was edited after it was written (digest mismatch)', () => {
    const edited = serializeSavedPlan(plan).replace('"manifestDigest": "sha256:11"', '"manifestDigest": "sha256:12"');
    expect(() => parseSavedPlan(edited, 'p.json')).toThrow(
      /does not match its content; the file was edited or damaged|does not match its content \(sha256:/,
    );
  });

  it('refuses a summary that disagrees with the changes', () => {
    const file = JSON.parse(serializeSavedPlan(plan));
    file.plan.summary.add = 5;
    expect(() => parseSavedPlan(JSON.stringify(file), 'p.json')).toThrow(/plan.summary .* does not match its changes/);
  });

  it('reports a missing file clearly', async () => {
    await expect(readSavedPlan('/nonexistent/p.json')).rejects.toThrow(
      'cannot read saved plan /nonexistent/p.json: no such file',
    );
  });

  it('refuses truncated files of every length without crashing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-plan-'));
    const path = join(dir, 'p.json');
    await writeSavedPlan(path, plan);
    const full = await readFile(path, 'utf8');
    for (let n = 0; n < full.length - 2; n += 97) {
      writeFileSync(path, full.slice(0, n));
      await expect(readSavedPlan(path)).rejects.toMatchObject({ code: 'PLAN_MALFORMED' });
    }
  });
});

describe('saved plans of several stacks', () => {
  const prodStack: StackManifest = { name: 'prod', account: 'acme', resources: [] };
  const webStack: StackManifest = { name: 'web', account: 'acme', resources: [] };
  const run = { app: '/work/infra/main.ts', workDir: '/work', emulator: false, context: { env: 'prod' } };
  const parts = [
    { plan: { ...plan, manifestDigest: digestOf(prodStack) }, origin: { ...run, stack: prodStack } },
    {
      plan: makePlan({ stack: 'web', account: 'acme', state: null, manifestDigest: digestOf(webStack), changes: [] }),
      origin: { ...run, stack: webStack },
    },
  ];
  type File = { savedPlanFormat: number; stacks: { plan: Plan; origin: Record<string, unknown> }[] };
  const file = (): File => JSON.parse(serializeSavedPlans(parts)) as File;

  it('are one file of format 2 holding every stack in order; one stack keeps format 1', () => {
    expect(file().savedPlanFormat).toBe(2);
    expect(parseSavedPlans(serializeSavedPlans(parts), 'p.json')).toEqual({ stacks: parts });
    expect(JSON.parse(serializeSavedPlans(parts.slice(0, 1)))).toMatchObject({ savedPlanFormat: 1 });
    expect(parseSavedPlans(serializeSavedPlans(parts.slice(1)), 'p.json')).toEqual({ stacks: parts.slice(1) });
  });

  it.each<[string, (f: File) => void, RegExp]>([
    ['an edited origin of the second stack', (f) => (f.stacks[1]!.origin.workDir = '/tmp'), /origins differ/],
    [
      'the origin of every stack edited alike',
      (f) => f.stacks.forEach((s) => (s.origin.workDir = '/tmp')),
      /does not match its content/,
    ],
    ['an edited context of the second stack', (f) => (f.stacks[1]!.origin.context = { env: 'dev' }), /origins differ/],
    ['the stacks in another order', (f) => f.stacks.reverse(), /does not match its content/],
    ['a stack left out', (f) => f.stacks.pop(), /does not match its content/],
    ['a stack twice', (f) => (f.stacks[1] = f.stacks[0]!), /two plans of stack prod/],
    [
      'a stack without its origin',
      (f) => delete (f.stacks[1] as { origin?: unknown }).origin,
      /stacks\[1\]: origin is missing/,
    ],
    [
      'an edited change',
      (f) => Object.assign(f.stacks[0]!.plan.changes[1]!, { address: 'prod/other' }),
      /does not match its content/,
    ],
    ['a field added', (f) => Object.assign(f, { note: 1 }), /fields a saved plan never holds \(note\)/],
  ])('refuse %s (PLAN_MALFORMED)', (_label, edit, message) => {
    const edited = file();
    edit(edited);
    expect(() => parseSavedPlans(JSON.stringify(edited), 'p.json')).toThrow(message);
    expect(() => parseSavedPlans(JSON.stringify(edited), 'p.json')).toThrow(
      expect.objectContaining({ code: 'PLAN_MALFORMED' }) as Error,
    );
  });

  it('are refused, naming their stacks, by the readers of one stack and by a reader of format 1 only', () => {
    expect(() => parseSavedPlanFile(serializeSavedPlans(parts), 'p.json')).toThrow(
      /it holds the plans of 2 stacks \(prod, web\) where one stack's plan is expected/,
    );
    expect(() => parseSavedPlans(JSON.stringify({ ...file(), savedPlanFormat: 3 }), 'p.json')).toThrow(
      /savedPlanFormat is 3; this version of triton-iac reads only 1 and 2/,
    );
  });
});

describe('checkPlanStillValid', () => {
  const same = { stateSerial: 4, stateLineage: state.lineage, liveDigests: new Map([['prod/ops', liveDigestOfOps]]) };

  it('accepts a plan when neither state nor live objects moved', () => {
    expect(checkPlanStillValid(plan, same)).toEqual({ valid: true, changes: [] });
  });

  it('names every change since the plan was made', () => {
    const result = checkPlanStillValid(plan, {
      stateSerial: 6,
      stateLineage: state.lineage,
      liveDigests: new Map([
        ['prod/ops', 'sha256:other'],
        ['prod/new', 'sha256:x'],
      ]),
    });
    expect(result.valid).toBe(false);
    expect(result.changes).toEqual([
      'the state was written since the plan was made (serial 4 then, 6 now)',
      'prod/new now exists live but did not when the plan was made',
      'prod/ops changed live since the plan was made',
    ]);
  });

  it('names an object that disappeared and a different state lineage', () => {
    const result = checkPlanStillValid(plan, { stateSerial: 4, stateLineage: 'other', liveDigests: new Map() });
    expect(result.changes).toEqual([
      `the state lineage is other but the plan was made against ${state.lineage}`,
      'prod/ops no longer exists live',
    ]);
  });
});

describe('isSavedPlanText', () => {
  it('recognises a saved plan by its format marker, damaged or not, and nothing else', () => {
    const text = serializeSavedPlan(plan);
    expect(isSavedPlanText(text)).toBe(true);
    expect(isSavedPlanText(text.slice(0, 40))).toBe(true);
    expect(isSavedPlanText(JSON.stringify({ digest: 'x', savedPlanFormat: 1 }))).toBe(true);
    expect(isSavedPlanText(JSON.stringify({ version: 1, generator: 'g', stacks: [] }))).toBe(false);
    expect(isSavedPlanText('export default () => "savedPlanFormat";\n')).toBe(false);
    expect(isSavedPlanText('')).toBe(false);
  });
});
