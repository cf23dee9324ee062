/**
 * A small stack with one instance, for the instance e2e test: `INSTANCE_VARIANT` picks the
 * declaration (`first`, `changed`, `protected`, `new-image`), so one working directory can walk an
 * instance through its life as a user editing the stack would.
 */
import { Instance, Policy, Role, TritonApp, TritonStack, User } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const DEBIAN_12 = '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21';
const PRIVATE_NET = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';

/** Builds the stack for the variant in INSTANCE_VARIANT (default `first`). */
export default function build(): TritonApp {
  const variant = process.env['INSTANCE_VARIANT'] ?? 'first';
  const app = new TritonApp();
  const stack = new TritonStack(app, 'instances', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/instances.state.json' },
  });
  const op = new User(stack, 'operator', { login: 'operator', email: 'op@acme.example' });
  const ops = new Role(stack, 'ops', {
    members: [op],
    policies: [new Policy(stack, 'run', { rules: ['CAN getmachine AND startmachine AND stopmachine'] })],
  });
  const changed = variant !== 'first';
  new Instance(stack, 'web', {
    name: changed ? 'app-renamed' : 'app-1',
    image: variant === 'new-image' ? DEBIAN_12 : BASE_64,
    package: changed ? 'g4-general-4G' : 'g4-highcpu-1G',
    networks: [PRIVATE_NET],
    affinity: ['instance!=db-*'],
    tags: changed ? { env: 'prod', tier: 'front' } : { env: 'prod' },
    cns: changed ? { services: ['web', 'api'] } : { services: ['app'], disable: true },
    metadata: changed ? { 'user-script': '#!/bin/sh\necho v2' } : { 'user-script': '#!/bin/sh\necho v1', role: 'web' },
    firewallEnabled: changed,
    deletionProtection: variant === 'protected',
    state: changed ? 'stopped' : 'running',
    roleTags: [ops],
  });
  return app;
}
