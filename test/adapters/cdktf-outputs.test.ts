import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, TerraformOutput, TerraformStack } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { manifestFromTerraformJson, provider, user } from '../../adapters/cdktf/index.js';

/** Synthesizes one CDKTF stack built by `build` and returns its cdk.tf.json. */
function synthesize(build: (stack: TerraformStack) => void): unknown {
  const outdir = mkdtempSync(join(tmpdir(), 'triton-iac-cdktf-outputs-'));
  try {
    const app = new App({ outdir });
    const stack = new TerraformStack(app, 'team');
    new provider.TritoniacProvider(stack, 'tritoniac', { account: 'acme' });
    build(stack);
    app.synth();
    return JSON.parse(readFileSync(join(outdir, 'stacks', 'team', 'cdk.tf.json'), 'utf8'));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('TerraformOutput and lifecycle blocks in a cdk.tf.json', () => {
  it('GIVEN outputs referring to a user and a lifecycle block THEN they become stack outputs and resource options', () => {
    const json = synthesize((stack) => {
      const alice = new user.User(stack, 'alice', {
        login: 'alice',
        email: 'alice@acme.example',
        lifecycle: { preventDestroy: true, ignoreChanges: ['email', 'first_name'] },
      });
      new TerraformOutput(stack, 'alice_id', { value: alice.id, description: 'the id of alice' });
      new TerraformOutput(stack, 'alice_login', { value: alice.login, sensitive: true });
      new TerraformOutput(stack, 'region', { value: { name: 'us-east-1', zones: [1, 2] } });
    });
    const stack = manifestFromTerraformJson(json).manifest.stacks[0]!;
    expect(stack.resources.find((r) => r.address === 'team/alice')!.options).toEqual({
      protect: true,
      ignoreChanges: ['email', 'firstName'],
    });
    expect(stack.outputs).toEqual([
      { name: 'alice_id', value: { $ref: { address: 'team/alice', attribute: 'id' } }, description: 'the id of alice' },
      { name: 'alice_login', value: 'alice', sensitive: true },
      { name: 'region', value: { name: 'us-east-1', zones: [1, 2] } },
    ]);
  });

  it('GIVEN ignore_changes naming an attribute the type does not have THEN conversion fails naming it and the fields', () => {
    const json = synthesize((stack) => {
      new user.User(stack, 'alice', {
        login: 'alice',
        email: 'alice@acme.example',
        lifecycle: { ignoreChanges: ['colour'] },
      });
    });
    expect(() => manifestFromTerraformJson(json)).toThrow(
      /tritoniac_user\.alice\.lifecycle: ignoreChanges\[0\] "colour": user has no such field; its fields are login, email/,
    );
  });
});
