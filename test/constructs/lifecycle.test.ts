import { afterEach, describe, expect, it } from 'vitest';
import { CONTEXT_ENV, ImageLookup, Job, Role, TritonApp, TritonOutput, TritonStack, User } from '../../index.js';
import { Secret } from '../../constructs/secret.js';
import { errorOf, newStack, resource, synthProblems } from './support.js';

const alice = (stack: TritonStack, extra: object = {}): User =>
  new User(stack, 'alice', { login: 'alice', email: 'alice@acme.example', ...extra });

describe('lifecycle options on resources', () => {
  it('GIVEN protect, retainOnDelete and ignoreChanges WHEN synthesized THEN they are resource-level options beside the properties, never inside them', () => {
    const { app, stack } = newStack();
    alice(stack, { protect: true, retainOnDelete: true, ignoreChanges: ['phone', 'email', 'phone'] });
    const r = resource(app.synth(), 'prod/alice');
    expect(r.options).toEqual({ protect: true, retainOnDelete: true, ignoreChanges: ['email', 'phone'] });
    expect(Object.keys(r.properties)).not.toContain('protect');
    expect(Object.keys(r.properties)).not.toContain('ignoreChanges');
  });

  it('GIVEN no options or only false ones THEN the manifest carries no options object', () => {
    const { app, stack } = newStack();
    alice(stack, { protect: false });
    expect(resource(app.synth(), 'prod/alice').options).toBeUndefined();
  });

  it('GIVEN ignoreChanges naming a field the kind does not have THEN synth fails naming the field, the value and listing the fields', () => {
    const { app, stack } = newStack();
    alice(stack, { ignoreChanges: ['emial'] });
    expect(synthProblems(app)).toEqual([
      'prod/alice: ignoreChanges[0] "emial": user has no such field (did you mean "email"?); its fields are login, email, companyName, firstName, lastName, address, postalCode, city, state, country, phone, password',
    ]);
  });

  it('GIVEN a non-boolean protect or lifecycle options on a look-up THEN synth fails naming each', () => {
    const { app, stack } = newStack();
    alice(stack, { protect: 'yes' });
    new ImageLookup(stack, 'img', { name: 'base-64', protect: true } as never);
    expect(synthProblems(app)).toEqual([
      'prod/alice: protect "yes": must be true or false',
      'prod/img: protect true: image-lookup is a look-up: it is read, never created or deleted, so lifecycle options do not apply',
    ]);
  });
});

describe('attr(name)', () => {
  it('GIVEN a resource WHEN attr names one of its attributes THEN a reference to it lands in the manifest and makes a dependency', () => {
    const { app, stack } = newStack();
    const user = alice(stack);
    new TritonOutput(stack, 'aliceId', { value: user.attr('id'), description: 'the id of alice' });
    const job = new Job(stack, 'count', {
      name: 'count',
      phases: [{ type: 'map', exec: 'wc' }],
      inputs: ['/acme/stor/x'],
    });
    new TritonOutput(stack, 'results', { value: { outputs: job.attr('outputs'), n: 1 }, sensitive: true });
    const outputs = app.synth().stacks[0]!.outputs;
    expect(outputs).toEqual([
      { name: 'aliceId', value: { $ref: { address: 'prod/alice', attribute: 'id' } }, description: 'the id of alice' },
      {
        name: 'results',
        value: { n: 1, outputs: { $ref: { address: 'prod/count', attribute: 'outputs' } } },
        sensitive: true,
      },
    ]);
  });

  it("GIVEN an attribute the kind does not expose THEN it fails at once listing the kind's attributes", () => {
    const { stack } = newStack();
    const ops = new Role(stack, 'ops', { name: 'ops' });
    expect(errorOf(() => ops.attr('ids'))).toBe(
      'prod/ops: attribute "ids": role has no such attribute (did you mean "id"?); its attributes are id',
    );
  });
});

describe('TritonOutput', () => {
  it('GIVEN a secret, a bad name or a reference into another stack THEN each is refused naming it', () => {
    expect(errorOf(() => new TritonOutput(newStack().stack, 'pw', { value: Secret.fromEnv('PW') }))).toBe(
      'prod/pw: value: an output cannot carry a Secret: outputs are stored in the state in clear',
    );
    expect(errorOf(() => new TritonOutput(newStack().stack, '9lives', { value: 1 }))).toContain(
      'prod/9lives: id "9lives": an output name is',
    );
    const { app, stack } = newStack();
    const other = new TritonStack(app, 'staging', { account: 'acme' });
    new TritonOutput(other, 'x', { value: alice(stack).attr('id') });
    expect(synthProblems(app)).toEqual([
      'staging/x: value refers to prod/alice in stack prod: an output may refer only to resources of its own stack',
    ]);
  });
});

describe('context', () => {
  afterEach(() => {
    delete process.env[CONTEXT_ENV];
  });

  it('GIVEN context in the app props and from the CLI variable THEN tryGetContext reads both and the CLI wins', () => {
    process.env[CONTEXT_ENV] = JSON.stringify({ env: 'staging' });
    const app = new TritonApp({ context: { env: 'prod', size: 3 } });
    expect(app.node.tryGetContext('env')).toBe('staging');
    expect(app.node.tryGetContext('size')).toBe(3);
    expect(app.node.tryGetContext('missing')).toBeUndefined();
  });

  it('GIVEN a variable that is not a JSON object THEN the app refuses it naming the variable', () => {
    process.env[CONTEXT_ENV] = '[1]';
    expect(errorOf(() => new TritonApp())).toBe('TritonApp: TRITON_IAC_CONTEXT "[1]": must be a JSON object');
  });
});
