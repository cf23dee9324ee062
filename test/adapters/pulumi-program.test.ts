/**
 * A Pulumi program using the resource classes, run under `pulumi.runtime.setMocks` (no pulumi
 * binary, no engine): what Pulumi would register, which outputs are secret, and that the serialised
 * provider carries no client, key or secret.
 */
import * as pulumi from '@pulumi/pulumi';
import { beforeAll, describe, expect, it } from 'vitest';

interface Registered {
  readonly type: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
}
const registered: Registered[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown> });
        return {
          id: `${args.name}-id`,
          state: {
            ...args.inputs,
            naturalKey: String(
              (args.inputs as Record<string, unknown>).login ??
                (args.inputs as Record<string, unknown>).name ??
                args.name,
            ),
          },
        };
      },
      call: () => ({}),
    },
    'project',
    'stack',
    false,
  );
});

function output<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe('a Pulumi program declaring Triton objects', () => {
  it('registers each resource with its type, inputs and a serialised provider, and keeps the password secret', async () => {
    const { User, Policy, Role } = await import('../../adapters/pulumi/index.js');
    const connection = { account: 'acme', cloudapiUrl: 'http://127.0.0.1:1', keyFile: '/nonexistent/id_rsa' };
    const alice = new User('alice', {
      login: 'alice',
      email: 'alice@acme.example',
      password: pulumi.secret('Very-secret-9'),
      connection,
    });
    const readOnly = new Policy('read-only', { name: 'read-only', rules: ['CAN listmachines'], connection });
    const ops = new Role('ops', {
      name: 'ops',
      members: [{ type: 'subuser', login: alice.login, default: true }],
      policies: [readOnly.name],
      connection,
    });

    expect(await output(ops.naturalKey)).toBe('ops');
    expect(await output(alice.id)).toBe('alice-id');
    expect(pulumi.Output.isInstance(alice.login)).toBe(true);
    expect(await output(alice.login)).toBe('alice');

    const byName = new Map(registered.map((r) => [r.name, r]));
    expect(byName.get('alice')!.type).toBe('pulumi-nodejs:dynamic/triton-iac:User');
    expect(byName.get('ops')!.inputs.members).toEqual([{ type: 'subuser', login: 'alice', default: true }]);
    expect(byName.get('ops')!.inputs.policies).toEqual(['read-only']);
    const provider = String(byName.get('alice')!.inputs.__provider);
    expect(provider).toContain('exports.handler');
    expect(provider).not.toContain('Very-secret-9');
    expect(provider).not.toMatch(/PRIVATE KEY/);
    // It loads the operations by URL in the provider host, and captured nothing of the test runner.
    expect(provider).toMatch(/adapters\/pulumi\/operations\.js/);
    expect(provider).not.toContain('__vite_ssr');

    // The password output is secret: Pulumi stores it encrypted and never shows it.
    const isSecret = await pulumi.isSecret((alice as unknown as { password: pulumi.Output<string> }).password);
    expect(isSecret).toBe(true);
  });
});
