/**
 * Stacks of one app referring to each other's objects (not names), through the real binary against
 * the emulator, looked at with the vendor `triton` CLI: the app is planned and applied as one graph
 * in dependency order (stack `apps`, declared first, goes after `people` and `network`; `beta`, of
 * another account, after `people`), a reference to an object not applied yet is known after apply,
 * a saved plan carries it, and destroy goes in reverse.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { crossStackObjectsApp } from './support/cross-stack-objects-app.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';
import { REPO } from './support/cli.js';
import { accountKey } from '../reconciler/support/world.js';

const clouds = proxiedCloudsPerTest();

/** The order the stacks' outcome lines come in. */
function order(text: string, line: RegExp): string[] {
  return [...text.matchAll(line)].map((m) => m[1]!);
}

describe('stacks referring to each other by object', () => {
  it('are planned and applied as one graph in dependency order, known after apply until their stack is applied, and destroyed in reverse', async () => {
    const owner = accountKey().publicOpenSsh;
    const c = await clouds({
      emulator: {
        accounts: [
          { login: 'acme', keys: [owner] },
          { login: 'beta', keys: [owner] },
        ],
        consistencyWindowMs: 0,
        staleReadRate: 0,
        seed: 43,
      },
    });
    crossStackObjectsApp(c.cwd);
    const tritonAs = async (account: string, ...args: string[]): Promise<string> =>
      (
        await promisify(execFile)(join(REPO, 'node_modules', '.bin', 'triton'), args, {
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: c.cwd,
            TRITON_URL: c.world.emulator.cloudapiUrl,
            TRITON_ACCOUNT: account,
            TRITON_KEY_ID: accountKey().md5,
          },
        })
      ).stdout;

    const planned = await c.cli(['plan', '--out', 'p.json']);
    expect(planned.code, planned.stderr).toBe(0);
    expect(order(planned.stdout, /actions on stack (\w+)/g)).toEqual(['network', 'people', 'apps', 'beta']);
    expect(planned.stdout).toContain(
      'Stack apps reads stacks network, people: network/net (known after apply), people/bob (known after apply)',
    );
    expect(planned.stdout).toMatch(/networks = \[\(known after apply\)\]/);

    const applied = await c.cli(['apply', 'p.json']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(order(applied.stdout, /Apply complete for stack (\w+)/g)).toEqual(['network', 'people', 'apps', 'beta']);
    const net = JSON.parse(await c.triton('network', 'get', 'web', '-j')) as { id: string };
    const inst = JSON.parse(await c.triton('instance', 'get', 'xs-app-1', '-j')) as { networks: string[] };
    expect(inst.networks).toEqual([net.id]);
    const ops = JSON.parse(await c.triton('rbac', 'role', 'ops', '-j')) as { members: { login: string }[] };
    expect(ops.members.map((m) => m.login)).toEqual(['bob']);
    const partners = JSON.parse(await tritonAs('beta', 'rbac', 'role', 'partners', '-j')) as {
      members: { login: string; type: string }[];
    };
    expect(partners.members).toEqual([expect.objectContaining({ type: 'account', login: 'acme' })]);

    const again = await c.cli(['plan', '--detailed-exitcode']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('Stack apps reads stacks network, people: network/net, people/bob\n');

    const destroyed = await c.cli(['destroy', '--auto-approve']);
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    expect(order(destroyed.stdout, /Destroy complete for stack (\w+)/g)).toEqual(['beta', 'apps', 'people', 'network']);
    expect((await c.triton('instance', 'list', '-j')).includes('xs-app-1')).toBe(false);
    expect(await c.triton('rbac', 'roles', '-j')).toBe('');
  }, 120_000);
});
