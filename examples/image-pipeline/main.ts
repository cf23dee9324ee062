/**
 * An image pipeline: a custom image made from a prepared, stopped build machine, exported to Manta,
 * and role-tagged so that only the deployers' role may use it.
 *
 * The build machine is not managed here: give its id in BUILDER_MACHINE_ID (for example
 * `export BUILDER_MACHINE_ID=$(triton instance list -H -o id name=builder)`).
 */
import { fileURLToPath } from 'node:url';
import { Directory, Image, Policy, Role, TritonApp, TritonStack, User } from '../../index.js';

/** Builds the pipeline for `account` (default `acme`), imaging `machine` (default BUILDER_MACHINE_ID). */
export default function build(account = 'acme', machine = process.env['BUILDER_MACHINE_ID']): TritonApp {
  if (machine === undefined || machine === '') {
    throw new Error(
      'image-pipeline: set BUILDER_MACHINE_ID to the id of the stopped machine to image (triton instance list -H -o id name=builder)',
    );
  }
  const app = new TritonApp();
  const stack = new TritonStack(app, 'image-pipeline', { account });

  const deployer = new User(stack, 'deployer', { login: 'deployer', email: 'deployer@acme.example' });
  const useImages = new Policy(stack, 'use-images', {
    description: 'Find and provision from the release images',
    rules: ['CAN listimages AND getimage AND createmachine'],
  });
  const deployers = new Role(stack, 'deployers', {
    members: [deployer],
    defaultMembers: [deployer],
    policies: [useImages],
  });

  // ExportImage writes into an existing directory.
  new Directory(stack, 'image-exports', { path: '~~/stor/images' });

  const image = new Image(stack, 'web-image', {
    machine,
    name: 'acme-web',
    version: '1.4.0',
    description: 'The web tier, built from the builder machine',
    tags: { tier: 'web' },
    exportTo: '~~/stor/images',
    roleTags: [deployers],
  });
  // Export needs the directory; the explicit edge makes the order visible in the plan.
  image.node.addDependency(stack.node.findChild('image-exports'));

  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
