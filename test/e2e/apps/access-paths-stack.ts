/**
 * A stack whose role is tagged on an instance, for the access-change paths e2e test:
 * `ACCESS_VARIANT` `next` lets the role's policy also stop machines, so the plan grants an action
 * on the instance the first apply made (its path names it by id).
 */
import { Instance, Policy, Role, TritonApp, TritonStack, User } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const PRIVATE_NET = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';

/** Builds the stack for the variant in ACCESS_VARIANT (default `first`). */
export default function build(): TritonApp {
  const next = process.env['ACCESS_VARIANT'] === 'next';
  const app = new TritonApp();
  const stack = new TritonStack(app, 'paths', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/paths.state.json' },
  });
  const op = new User(stack, 'operator', { login: 'operator', email: 'op@acme.example' });
  const ops = new Role(stack, 'ops', {
    members: [op],
    policies: [new Policy(stack, 'run', { rules: [next ? 'CAN getmachine AND stopmachine' : 'CAN getmachine'] })],
  });
  new Instance(stack, 'web', {
    name: 'paths-web',
    image: BASE_64,
    package: 'g4-highcpu-1G',
    networks: [PRIVATE_NET],
    roleTags: [ops],
  });
  return app;
}
