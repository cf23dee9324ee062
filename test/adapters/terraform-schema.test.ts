import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { schemaCommand } from '../../cli/commands/schema.js';
import { manifestFromTerraformJson, TERRAFORM_PROVIDER_SOURCE } from '../../adapters/cdktf/index.js';

async function runSchema(argv: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  let text = '';
  const stdout = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  const code = await schemaCommand.run(argv, { stdout, stderr: stdout, env: {}, cwd: process.cwd() });
  return { code, json: JSON.parse(text) as Record<string, unknown> };
}

type Attr = {
  type?: unknown;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  description: string;
  nested_type?: { nesting_mode: string; attributes: Record<string, Attr> };
};
type Doc = {
  format_version: string;
  provider_schemas: Record<
    string,
    {
      provider: unknown;
      resource_schemas: Record<string, { block: { attributes: Record<string, Attr> } }>;
      data_source_schemas: Record<string, { block: { attributes: Record<string, Attr> } }>;
    }
  >;
};

describe('triton-iac schema', () => {
  it('prints every kind with its properties as plain JSON', async () => {
    const { code, json } = await runSchema([]);
    expect(code).toBe(0);
    expect(Object.keys(json)).toContain('user-key');
    expect((json.role as { properties: { name: string }[] }).properties.map((p) => p.name)).toEqual([
      'name',
      'members',
      'policies',
    ]);
  });

  it('prints a Terraform provider schema with --terraform: resources, look-ups as data sources, sensitive, computed and replacement notes', async () => {
    const { code, json } = await runSchema(['--terraform']);
    expect(code).toBe(0);
    const doc = json as unknown as Doc;
    expect(doc.format_version).toBe('1.0');
    const provider = doc.provider_schemas[TERRAFORM_PROVIDER_SOURCE]!;
    expect(Object.keys(provider.resource_schemas)).toEqual([
      'tritoniac_access_key',
      'tritoniac_account',
      'tritoniac_account_config',
      'tritoniac_directory',
      'tritoniac_fabric_network',
      'tritoniac_fabric_vlan',
      'tritoniac_firewall_rule',
      'tritoniac_image',
      'tritoniac_instance',
      'tritoniac_instance_snapshot',
      'tritoniac_job',
      'tritoniac_key',
      'tritoniac_object',
      'tritoniac_policy',
      'tritoniac_role',
      'tritoniac_role_tag',
      'tritoniac_snaplink',
      'tritoniac_user',
      'tritoniac_user_access_key',
      'tritoniac_user_key',
      'tritoniac_volume',
    ]);
    // The data sources terraform-provider-triton has, under the same names (issue 43).
    expect(Object.keys(provider.data_source_schemas)).toEqual([
      'tritoniac_account',
      'tritoniac_datacenter',
      'tritoniac_fabric_network',
      'tritoniac_fabric_vlan',
      'tritoniac_image',
      'tritoniac_network',
      'tritoniac_package',
      'tritoniac_volume',
    ]);
    const user = provider.resource_schemas.tritoniac_user!.block.attributes;
    expect(user.login).toMatchObject({ type: 'string', required: true });
    expect(user.company_name).toMatchObject({ type: 'string', optional: true });
    expect(user.password).toMatchObject({ optional: true, sensitive: true, nested_type: { nesting_mode: 'single' } });
    expect(user.id).toMatchObject({ computed: true });
    const key = provider.resource_schemas.tritoniac_user_key!.block.attributes;
    expect(key.fingerprint).toMatchObject({ computed: true });
    expect(key.fingerprint!.required).toBeUndefined();
    expect(key.name!.description).toMatch(/forces a replacement/);
    expect(provider.resource_schemas.tritoniac_role!.block.attributes.members).toMatchObject({
      optional: true,
      nested_type: { nesting_mode: 'list' },
    });
    expect(provider.resource_schemas.tritoniac_object!.block.attributes.headers).toMatchObject({
      type: ['map', 'string'],
    });
    expect(provider.data_source_schemas.tritoniac_image!.block.attributes.most_recent).toMatchObject({
      type: 'bool',
      optional: true,
    });
  });

  it('refuses an unexpected argument', async () => {
    await expect(
      schemaCommand.run(['extra'], { stdout: process.stdout, stderr: process.stderr, env: {}, cwd: '.' }),
    ).rejects.toThrow(/schema/);
  });
});

const base = {
  terraform: { required_providers: { tritoniac: { source: 'triton-iac/tritoniac' } } },
  provider: { tritoniac: [{ account: 'acme' }] },
};

describe('converting a cdk.tf.json by hand-written cases', () => {
  it('refuses string interpolation, naming the block, the attribute and the rule', () => {
    const json = {
      ...base,
      resource: { tritoniac_policy: { p: { name: 'p-${tritoniac_user.a.login}', rules: ['CAN x'] } } },
    };
    expect(() => manifestFromTerraformJson(json)).toThrow(
      /tritoniac_policy\.p\.name: "p-\$\{tritoniac_user\.a\.login\}" is a Terraform expression .* not interpolation/,
    );
  });

  it('refuses a value flowing in from another provider', () => {
    const json = {
      ...base,
      resource: {
        aws_s3_bucket: { b: { bucket: 'x' } },
        tritoniac_policy: { p: { name: '${aws_s3_bucket.b.bucket}', rules: ['CAN x'] } },
      },
    };
    expect(() => manifestFromTerraformJson(json)).toThrow(
      /reference to aws_s3_bucket\.b\.bucket: it is not a tritoniac block/,
    );
  });

  it('refuses count and an unknown attribute, and a clear-text password', () => {
    expect(() =>
      manifestFromTerraformJson({ ...base, resource: { tritoniac_policy: { p: { name: 'p', rules: [], count: 2 } } } }),
    ).toThrow(/tritoniac_policy\.p\.count: Terraform meta-argument count is not supported/);
    expect(() =>
      manifestFromTerraformJson({
        ...base,
        resource: { tritoniac_policy: { p: { name: 'p', rules: [], colour: 'red' } } },
      }),
    ).toThrow(/tritoniac_policy\.p\.colour: unknown attribute/);
    expect(() =>
      manifestFromTerraformJson({
        ...base,
        resource: { tritoniac_user: { u: { login: 'u', email: 'u@x.y', password: 'hunter22' } } },
      }),
    ).toThrow(/password: .* never its value/);
  });

  it('needs an account from the provider block or the options', () => {
    const json = { terraform: {}, resource: { tritoniac_policy: { p: { name: 'p', rules: ['CAN x'] } } } };
    expect(() => manifestFromTerraformJson(json)).toThrow(/provider\.tritoniac\.account: not set/);
    expect(manifestFromTerraformJson(json, { account: 'acme', stackName: 'infra' }).manifest.stacks[0]).toMatchObject({
      name: 'infra',
      account: 'acme',
      resources: [{ address: 'infra/p', naturalKey: 'p' }],
    });
  });

  it('turns a reference to an attribute known only after apply into a $ref, and depends_on into a dependency', () => {
    const json = {
      ...base,
      data: { tritoniac_image: { base: { name: 'base-64', most_recent: true } } },
      resource: {
        tritoniac_policy: { p: { name: 'p', rules: ['CAN x'] } },
        tritoniac_image: {
          img: {
            machine: 'm-1',
            name: 'web',
            version: '1.0',
            tags: { base: '${data.tritoniac_image.base.id}' },
            depends_on: ['tritoniac_policy.p'],
          },
        },
      },
    };
    const stack = manifestFromTerraformJson(json, { stackName: 's' }).manifest.stacks[0]!;
    const image = stack.resources.find((r) => r.address === 's/img')!;
    expect(image.properties.tags).toEqual({ base: { $ref: { address: 's/base', attribute: 'id' } } });
    expect(image.dependsOn).toEqual(['s/base', 's/p']);
    expect(image.naturalKey).toBe('web@1.0');
  });
});
