/**
 * `StackOutputs.of(location)`: one app reads another app's outputs from its state (a local file or a
 * Manta object) at plan time, through the real binary against the emulator, checked with the vendor
 * `triton` CLI. A missing state, a missing output and a sensitive output fail naming the location and
 * the output, with nothing planned.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FabricNetwork,
  FabricVlan,
  Instance,
  StackOutputs,
  TritonApp,
  TritonOutput,
  TritonStack,
} from '../../index.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';

const clouds = proxiedCloudsPerTest();

/** App `net.json`: stack network of acme, its state in `state`, with outputs netId and (sensitive) token. */
function networkApp(cwd: string, state: 'local' | 'manta'): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const stack = new TritonStack(app, 'network', {
    account: 'acme',
    ...(state === 'manta' ? { state: { type: 'manta', path: '~~/stor/states/network.state.json' } } : {}),
  });
  const vlan = new FabricVlan(stack, 'vlan', { vlanId: 121, name: 'apps' });
  const net = new FabricNetwork(stack, 'net', {
    vlan,
    name: 'apps',
    subnet: '10.121.0.0/24',
    provisionStartIp: '10.121.0.10',
    provisionEndIp: '10.121.0.250',
  });
  new TritonOutput(stack, 'netId', { value: net.attr('id') });
  new TritonOutput(stack, 'token', { value: 'not-for-others', sensitive: true });
  writeFileSync(join(cwd, 'net.json'), JSON.stringify(app.synth()));
}

/** App `app.json`: stack apps, an instance on the network another app's output names. */
function appsApp(cwd: string, location: string, output = 'netId'): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const stack = new TritonStack(app, 'apps', { account: 'acme' });
  new Instance(stack, 'web', {
    name: 'out-app-1',
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
    networks: [StackOutputs.of(location).get(output)],
  });
  writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
}

describe("another app's outputs", () => {
  it('are read from its local or Manta state at plan time, and a missing state, output or a sensitive one fails naming them', async () => {
    const c = await clouds({
      emulator: { consistencyWindowMs: 0, staleReadRate: 0, seed: 44 },
      env: { TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' },
    });
    const local = '.triton-iac/network.state.json';
    appsApp(c.cwd, local);
    const before = await c.cli(['plan', 'app.json']);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain(
      `Error [OUTPUT_STATE_NOT_FOUND]: apps/web.properties.networks[0] reads output "netId" of the app whose state is at ${local}, but there is no state at ${join(c.cwd, local)}`,
    );

    // A location naming some other file: refused without showing a byte of it.
    writeFileSync(join(c.cwd, 'password.txt'), 'hunter2-not-json');
    appsApp(c.cwd, 'password.txt');
    const notState = await c.cli(['plan', 'app.json']);
    expect(notState.code).toBe(1);
    expect(notState.stderr).toContain(
      `Error [STATE_MALFORMED]: StackOutputs.of("password.txt"): ${join(c.cwd, 'password.txt')} is not a triton-iac state file`,
    );
    expect(notState.stderr).not.toContain('hunter2');
    appsApp(c.cwd, local);

    networkApp(c.cwd, 'local');
    expect((await c.cli(['apply', 'net.json', '--auto-approve'])).code).toBe(0);
    const net = JSON.parse(await c.triton('network', 'get', 'apps', '-j')) as { id: string };
    const planned = await c.cli(['plan', 'app.json', '--out', 'p.json']);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain(`Stack apps read the outputs of the app at ${local}: netId`);
    expect(planned.stdout).toContain(`networks = ["${net.id}"]`);
    const applied = await c.cli(['apply', 'p.json']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(
      (JSON.parse(await c.triton('instance', 'get', 'out-app-1', '-j')) as { networks: string[] }).networks,
    ).toEqual([net.id]);

    for (const [output, code, text] of [
      ['netid', 'OUTPUT_NOT_FOUND', `records no such output (did you mean netId?); its outputs are netId, token`],
      ['token', 'OUTPUT_SENSITIVE', 'which is sensitive'],
    ] as const) {
      appsApp(c.cwd, local, output);
      const refused = await c.cli(['plan', 'app.json']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `Error [${code}]: apps/web.properties.networks[0] reads output "${output}" of the`,
      );
      expect(refused.stderr).toContain(text);
      expect(refused.stdout + refused.stderr).not.toContain('not-for-others');
    }

    // The same app with its state in Manta (a new state: it adopts its objects): read with the reading stack's keys.
    networkApp(c.cwd, 'manta');
    const moved = await c.cli(['apply', 'net.json', '--auto-approve', '--adopt']);
    expect(moved.code, moved.stdout + moved.stderr).toBe(0);
    appsApp(c.cwd, 'manta:/acme/stor/states/network.state.json');
    const fromManta = await c.cli(['plan', 'app.json', '--detailed-exitcode']);
    expect(fromManta.code, fromManta.stdout + fromManta.stderr).toBe(0);
    expect(fromManta.stdout).toContain(
      'Stack apps read the outputs of the app at manta:/acme/stor/states/network.state.json: netId',
    );
  }, 120_000);
});
