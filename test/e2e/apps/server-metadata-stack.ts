/**
 * Instances whose metadata holds keys the server keeps, for the server-metadata e2e test:
 * `META_VARIANT` picks the declaration.
 * - `hand`: adopts `win-hand`, made by hand with an Administrator password, managing its metadata;
 * - `declared`: `win-decl` with `administratorPw` read from `WIN_PW`;
 * - `raw-key`, `pw-key`, `triton-tag`, `docker-tag`, `bad-email`: declarations synth refuses.
 */
import { Instance, Secret, TritonApp, TritonStack, User } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** Builds the stack for the variant in META_VARIANT. */
export default function build(): TritonApp {
  const variant = process.env['META_VARIANT'] ?? 'hand';
  const app = new TritonApp();
  const stack = new TritonStack(app, 'meta', {
    account: 'acme',
    state: { type: 'local', path: `.triton-iac/meta-${variant === 'hand' ? 'hand' : 'decl'}.state.json` },
  });
  const base = { image: BASE_64, package: 'g4-highcpu-1G' };
  if (variant === 'hand') new Instance(stack, 'win', { ...base, name: 'win-hand', metadata: { 'user-script': 'v2' } });
  if (variant === 'declared')
    new Instance(stack, 'win', {
      ...base,
      name: 'win-decl',
      administratorPw: Secret.fromEnv('WIN_PW'),
      metadata: { 'user-script': 'v1' },
    });
  if (variant === 'raw-key')
    new Instance(stack, 'win', { ...base, name: 'bad', metadata: { administrator_pw: 'Literal-Admin-Pw' } });
  if (variant === 'pw-key') new Instance(stack, 'win', { ...base, name: 'bad', metadata: { db_pw: 'Literal-Db-Pw' } });
  if (variant === 'triton-tag') new Instance(stack, 'win', { ...base, name: 'bad', tags: { 'triton.foo': 'x' } });
  if (variant === 'docker-tag')
    new Instance(stack, 'win', { ...base, name: 'bad', tags: { 'docker:label:com.docker.x': 'y' } });
  if (variant === 'bad-email') new User(stack, 'ann', { login: 'ann', email: 42 as unknown as string });
  return app;
}
