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
      // The emulator serves no stale reads here: no window to wait out after a write.
      env: { TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' },
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

    // A stack whose other stacks have not made what it refers to is refused before anything changes.
    const early = await c.cli(['apply', '--stack', 'apps', '--auto-approve']);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(
      'Error [CROSS_STACK_NOT_APPLIED]: stack apps refers to network/net (from apps/web), people/bob (from apps/ops), which the state of stacks network, people does not hold',
    );
    expect(await c.triton('rbac', 'roles', '-j')).toBe('');
    expect(await c.triton('instance', 'list', '-j')).not.toContain('xs-app-1');
    const unknown = await c.cli(['plan', '--stack', 'apps,nope']);
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('--stack nope: ')]);
    expect(unknown.stderr).toContain('has no such stack; it has apps, beta, network, people');

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

    // A script reading the JSON plan sees the same: what was read, from which stack, known now.
    const json = await c.cli(['plan', '--stack', 'apps', '--json']);
    expect((JSON.parse(json.stdout) as { crossStackReads: unknown }).crossStackReads).toEqual([
      { address: 'network/net', stack: 'network', known: true },
      { address: 'people/bob', stack: 'people', known: true },
    ]);
    const two = await c.cli(['plan', '--stack', 'apps', '--stack', 'network']);
    expect(order(two.stdout, /No changes\. Stack (\w+)/g)).toEqual(['network', 'apps']);
    expect(two.stdout).toContain('Stack apps reads stacks network, people: network/net, people/bob\n');
    const whole = await c.cli(['plan', '--destroy', '--exclude', 'people/account', '--exclude', 'beta/partners']);
    expect(order(whole.stdout, /actions on stack (\w+)/g)).toEqual(['apps', 'people', 'network']);
    // The user removed nothing from the app: a destroy's deletes are not said to be removals.
    expect(whole.stdout).toContain('# apps/web (instance xs-app-1) will be destroyed\n  - instance');
    expect(whole.stdout).not.toContain('removed from the manifest');
    expect((await c.cli(['plan', '--destroy'])).stderr).toContain('Error [PROTECTED]');

    // A target whose dependants are in a stack --stack leaves out would leave them dangling: refused.
    const narrow = await c.cli(['destroy', '--stack', 'people', '--target', 'people/bob', '--auto-approve']);
    expect([narrow.code, narrow.stderr]).toEqual([
      1,
      expect.stringContaining('apps/ops (stack apps, which depends on a target): --stack people leaves that stack out'),
    ]);

    // --target takes what depends on it, in other stacks too, first; a saved plan carries it.
    const targeted = await c.cli(['plan', '--destroy', '--target', 'people/bob', '--out', 'd.json']);
    expect(targeted.code, targeted.stderr).toBe(0);
    expect(order(targeted.stdout, /# (\S+) \(\S+ \S+\) will be destroyed/g)).toEqual(['apps/ops', 'people/bob']);
    expect(targeted.stdout).toContain(
      'it depends on people/bob of stack people, which --target destroys: it goes first',
    );
    const carried = await c.cli(['apply', 'd.json']);
    expect(carried.code, carried.stdout + carried.stderr).toBe(0);
    expect([await c.triton('rbac', 'roles', '-j'), await c.triton('rbac', 'users', '-j')]).toEqual(['', '']);
    expect(await c.triton('instance', 'list', '-j')).toContain('xs-app-1');

    // --exclude keeps the object and what it depends on (its network, in another stack); the rest goes.
    const missing = await c.cli(['destroy', '--exclude', 'apps/nope', '--auto-approve']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      '--exclude apps/nope (did you mean "apps/ops"?): no such address in the state of stack apps',
    );
    const kept = await c.cli(['destroy', '--exclude', 'apps/web', '--exclude', 'people/account', '--auto-approve']);
    expect(kept.code, kept.stdout + kept.stderr).toBe(0);
    expect(await tritonAs('beta', 'rbac', 'roles', '-j')).toBe('');
    expect(await c.triton('instance', 'list', '-j')).toContain('xs-app-1');
    expect(JSON.parse(await c.triton('network', 'get', 'web', '-j'))).toMatchObject({ id: net.id });

    const destroyed = await c.cli(['destroy', '--exclude', 'people/account', '--auto-approve']);
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    expect(order(destroyed.stdout, /Destroy complete for stack (\w+)/g)).toEqual(['apps', 'network']);
    expect((await c.triton('instance', 'list', '-j')).includes('xs-app-1')).toBe(false);
  }, 120_000);
});
