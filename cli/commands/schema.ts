import { RESOURCE_SCHEMAS } from '../../common/resource-schema.js';
import type { Command } from '../command.js';
import { terraformSchemaWriter } from '../private/adapters.js';
import { expectPositionals, parseArgs } from '../private/args.js';

const HELP = `Usage: triton-iac schema [--terraform]

Prints the properties of every resource kind as JSON: name, type (string, number, bool, list, map,
object), whether required, a description, and the fields of objects. Nothing is sent to the cloud.

Options:
  --terraform   print a Terraform provider schema instead (the \`terraform providers schema -json\`
                format) for the provider "tritoniac": managed kinds as resources, look-ups as data
                sources, write-only fields sensitive, server-set fields computed. CDKTF bindings
                are generated from it (adapters/cdktf/regenerate.ts).

Examples:
  triton-iac schema | jq '.user.properties[].name'
  triton-iac schema --terraform > tritoniac.schema.json
`;

/** \`triton-iac schema\`: prints the resource schema, or the Terraform provider schema with --terraform. */
export const schemaCommand: Command = {
  name: 'schema',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, { terraform: 'boolean' }, 'schema');
    expectPositionals(args, 'schema', 0, 0, '[--terraform]');
    const doc = args.booleans.has('terraform')
      ? (await terraformSchemaWriter()).terraformProviderSchema()
      : RESOURCE_SCHEMAS;
    io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  },
};
