import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton, type VendorTriton } from './support/vendor-triton.js';

let t: TestEmulator;
let vendor: VendorTriton;

/**
 * Runs the unmodified `triton` CLI against the emulator. Each run is a node start (seconds on a
 * loaded machine), so the tests keep to a handful of runs each.
 */
const triton = (...args: string[]): Promise<string> => vendor.triton(...args);

/** `triton ... -j` parsed. */
async function tritonJson<T>(...args: string[]): Promise<T> {
  return JSON.parse(await triton(...args)) as T;
}

/** `triton fwrule create ARGS`: the id it reports (it prints a sentence, even with -j). */
async function createRule(...args: string[]): Promise<string> {
  const out = await triton('fwrule', 'create', ...args);
  const id = /^Created firewall rule ([0-9a-f-]{36})/.exec(out)?.[1];
  if (id === undefined) throw new Error(`unexpected output of triton fwrule create: ${out}`);
  return id;
}

interface Rule {
  id: string;
  rule: string;
  enabled: boolean;
  log: boolean;
  description?: string;
}

beforeAll(async () => {
  t = await startTestEmulator();
  vendor = vendorTriton(t, 'triton-fwrule-home-');
});
afterAll(async () => {
  await t.close();
});

describe('triton fwrule against the emulator', () => {
  it('creates, lists, gets, updates, disables, enables and deletes a rule', async () => {
    const id = await createRule('-D', 'web', 'FROM any TO tag role = web ALLOW tcp PORT 443');
    const created = await tritonJson<Rule>('fwrule', 'get', '-j', id);
    // node-triton creates rules enabled unless -d; the server answers the canonical text.
    expect(created).toMatchObject({
      rule: 'FROM any TO tag "role" = "web" ALLOW tcp PORT 443',
      enabled: true,
      log: false,
      description: 'web',
    });
    const list = await tritonJson<Rule>('fwrule', 'list', '-j');
    expect(list.id).toBe(created.id);
    // A short id (the first 8 characters) finds the rule, as node-triton resolves it from the list.
    expect((await tritonJson<Rule>('fwrule', 'get', '-j', created.id.slice(0, 8))).id).toBe(created.id);
    await triton(
      'fwrule',
      'update',
      created.id,
      'rule=FROM any TO tag role = web ALLOW tcp (PORT 443 AND PORT 80)',
      'log=true',
    );
    await triton('fwrule', 'disable', created.id);
    expect(await tritonJson<Rule>('fwrule', 'get', '-j', created.id)).toMatchObject({
      rule: 'FROM any TO tag "role" = "web" ALLOW tcp (PORT 80 AND PORT 443)',
      enabled: false,
      log: true,
    });
    await triton('fwrule', 'enable', created.id);
    expect((await tritonJson<Rule>('fwrule', 'get', '-j', created.id)).enabled).toBe(true);
    await triton('fwrule', 'delete', '-f', created.id);
    expect((await triton('fwrule', 'list', '-j')).trim()).toBe('');
  });

  it('lists the instances of a rule and the rules of an instance', async () => {
    const web = (await triton('instance', 'list', '-j'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; name: string })
      .find((m) => m.name === 'web-1')!;
    const rule = { id: await createRule(`FROM any TO vm ${web.id} ALLOW tcp PORT 22`) };
    expect(await triton('fwrule', 'instances', '-H', '-o', 'id', rule.id)).toContain(web.id);
    const rules = (await triton('instance', 'fwrules', '-j', web.id))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Rule);
    expect(rules.map((r) => r.id)).toContain(rule.id);
    await triton('fwrule', 'delete', '-f', rule.id);
  });

  it('shows the server’s refusal of a typo', async () => {
    await expect(triton('fwrule', 'create', 'FROM any TO all vms ALOW tcp PORT 22')).rejects.toThrow(
      /Invalid parameters/,
    );
  });
});
