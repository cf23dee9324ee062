/**
 * An image pipeline in one app: a build instance declared stopped (set up by its user-script, then
 * stopped so it can be imaged), a custom image made from it, exported to Manta, and role tags so
 * that only the deployers' role may use the image and start the build instance.
 *
 * The image, package and network are look-ups resolved at plan time; nothing is hard-coded but
 * names.
 */
import { fileURLToPath } from 'node:url';
import {
  Directory,
  Image,
  Instance,
  NetworkLookup,
  PackageLookup,
  Policy,
  Role,
  RoleTag,
  TritonApp,
  TritonStack,
  User,
} from '../../index.js';

/** Builds the pipeline for `account` (default `acme`). */
export default function build(account = 'acme'): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'image-pipeline', { account });

  const deployer = new User(stack, 'deployer', { login: 'deployer', email: 'deployer@acme.example' });
  const useImages = new Policy(stack, 'use-images', {
    description: 'Find and provision from the release images, and rerun the build machine',
    rules: ['CAN listimages AND getimage AND createmachine', 'CAN getmachine AND startmachine AND stopmachine'],
  });
  const deployers = new Role(stack, 'deployers', {
    members: [deployer],
    defaultMembers: [deployer],
    policies: [useImages],
  });

  // CloudAPI checks ListImages against /acme/images and CreateMachine against /acme/machines: a rule
  // allowing them grants nothing until the role is tagged on those collections.
  new RoleTag(stack, 'images-tags', { resource: '/my/images', roles: [deployers] });
  new RoleTag(stack, 'machines-tags', { resource: '/my/machines', roles: [deployers] });

  const base = Image.lookup(stack, 'base', { name: 'base-64-lts', mostRecent: true });
  const small = new PackageLookup(stack, 'small', { minMemory: 1024, vcpus: 1 });
  // The account's default fabric network: a datacenter with fabrics gives every account one. A
  // `public: false` look-up would match it and the datacenter's own private networks alike.
  const internal = new NetworkLookup(stack, 'internal', { name: 'My-Fabric-Network' });

  // Set up by its user-script, then stopped: CreateImageFromMachine takes a stopped machine.
  const builder = new Instance(stack, 'builder', {
    name: 'acme-web-builder',
    image: base.imageId,
    package: small.packageName,
    networks: [internal.networkId],
    metadata: { 'user-script': '#!/bin/sh\npkgin -y install nginx && svcadm enable nginx\n' },
    tags: { purpose: 'image-build' },
    state: 'stopped',
    roleTags: [deployers],
  });

  // ExportImage writes into an existing directory.
  new Directory(stack, 'image-exports', { path: '~~/stor/images' });

  const image = new Image(stack, 'web-image', {
    machine: builder.instanceId,
    name: 'acme-web',
    version: '1.4.0',
    description: 'The web tier, built from the acme-web-builder instance',
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
