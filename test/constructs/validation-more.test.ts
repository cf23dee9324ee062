import { describe, expect, it } from 'vitest';
import {
  AccountConfig,
  Datacenter,
  Image,
  Job,
  Key,
  Role,
  RoleTag,
  Secret,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  UserKey,
} from '../../index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { errorOf, newStack } from './support.js';

const MACHINE = '5e9a1e3c-5b2d-4b4e-9c1a-1f2e3d4c5b6a';
const key = generateTestKey('ed25519', 'k@test');

describe('eager validation: object content and metadata', () => {
  it('GIVEN both content and file WHEN the StorObject is created THEN exactly one is asked for', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', file: 'x.txt' }))).toBe(
      'prod/o: content: give exactly one of content (a string or a Buffer) and file (a path)',
    );
  });

  it('GIVEN inline content over 1 MiB WHEN the StorObject is created THEN a file is suggested', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: Buffer.alloc(1024 * 1024 + 1) })),
    ).toBe(
      'prod/o: content "1048577 bytes": inline content is limited to 1048576 bytes to keep the manifest small; write it to a file and pass file instead',
    );
  });

  it('GIVEN a content file that does not exist WHEN the StorObject is created THEN the path and errno are given', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', file: '/nonexistent/site.html' }))).toBe(
      'prod/o: file "/nonexistent/site.html": cannot be read (ENOENT); looked for /nonexistent/site.html',
    );
  });

  it('GIVEN an object at the top-level directory itself WHEN created THEN it must be below it', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', { path: '~~/stor', content: 'x' }))).toBe(
      'prod/o: path "/acme/stor": must be below /acme/stor or /acme/public, not the top-level directory itself',
    );
  });

  it('GIVEN a durability of 0 WHEN the StorObject is created THEN the range is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', durability: 0 }))).toBe(
      'prod/o: durability 0: must be an integer from 1 to 6 (copies kept)',
    );
  });

  it('GIVEN a content type that is not a media type WHEN the StorObject is created THEN the form is shown', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', contentType: 'html' }))).toBe(
      'prod/o: contentType "html": must be a media type such as text/html or application/json; charset=utf-8',
    );
  });

  it('GIVEN a role-tag header WHEN the StorObject is created THEN the roleTags prop is pointed to', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', headers: { 'Role-Tag': 'ops' } })),
    ).toBe('prod/o: headers["Role-Tag"] "ops": set role tags with the roleTags prop');
  });

  it('GIVEN a header value with a line break WHEN the StorObject is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', headers: { 'm-a': 'one\ntwo' } })),
    ).toBe(
      'prod/o: headers: header "m-a" value "one\\ntwo" must not contain line breaks or other control characters (HTTP forbids them in header values)',
    );
  });

  it('GIVEN a snaplink to itself WHEN created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new SnapLink(stack, 'l', { path: '/acme/stor/l', source: '~~/stor/l' }))).toBe(
      'prod/l: source "/acme/stor/l": a link cannot point at itself',
    );
  });
});

describe('eager validation: images, look-ups and configuration', () => {
  it('GIVEN an image name with a space WHEN the Image is created THEN the name rule is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Image(stack, 'i', { machine: MACHINE, name: 'web base', version: '1' }))).toBe(
      'prod/i: name: image name "web base" must be 1–512 letters, digits, ".", "_" or "-"',
    );
  });

  it('GIVEN an image homepage that is not a URL WHEN the Image is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new Image(stack, 'i', { machine: MACHINE, name: 'web', version: '1', homepage: 'acme.example' })),
    ).toBe('prod/i: homepage "acme.example": must be an http(s) URL');
  });

  it('GIVEN an acl entry that is not a UUID WHEN the Image is created THEN the index is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Image(stack, 'i', { machine: MACHINE, name: 'web', version: '1', acl: ['bob'] }))).toBe(
      'prod/i: acl[0] "bob": must be an account UUID',
    );
  });

  it('GIVEN an image look-up with no filter WHEN created THEN at least one filter is asked for', () => {
    const { stack } = newStack();
    expect(errorOf(() => Image.lookup(stack, 'l', { mostRecent: true }))).toBe(
      'prod/l: filters {}: give at least one of name, os, version, owner, public, type, state',
    );
  });

  it('GIVEN a datacenter name with a slash WHEN looked up THEN the name rule is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => Datacenter.lookup(stack, 'dc', { name: 'us/east' }))).toBe(
      'prod/dc: name: datacenter name "us/east" must start with a letter or a digit and contain only letters, digits, ".", "_" and "-" (as ListDatacenters names them)',
    );
  });

  it('GIVEN a default network that is not a UUID WHEN AccountConfig is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new AccountConfig(stack, 'c', { defaultNetwork: 'my-fabric' }))).toBe(
      'prod/c: defaultNetwork "my-fabric": must be a network id (UUID)',
    );
  });

  it('GIVEN an attestation that is not a PEM certificate WHEN the Key is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Key(stack, 'k', { key: key.publicOpenSsh, attestation: ['not a cert'] }))).toBe(
      'prod/k: attestation[0] "not a cert": must be a PEM certificate (-----BEGIN CERTIFICATE-----)',
    );
  });

  it('GIVEN neither key nor keyFile WHEN a UserKey is created THEN exactly one is asked for', () => {
    const { stack } = newStack();
    expect(errorOf(() => new UserKey(stack, 'k', { user: 'carol' }))).toBe(
      'prod/k: key: give exactly one of key (the OpenSSH public key text) and keyFile (a path to a .pub file)',
    );
  });

  it("GIVEN a job input reference that is not another job's outputs WHEN the Job is created THEN it is refused", () => {
    const { stack } = newStack();
    const first = new Job(stack, 'first', { phases: [{ exec: 'cat' }] });
    expect(errorOf(() => new Job(stack, 'second', { phases: [{ exec: 'cat' }], inputs: [first.jobId] }))).toBe(
      'prod/second: inputs[0] "prod/first.id": a reference input must be another job\'s outputs',
    );
  });

  it('GIVEN a role-tag path of another account WHEN the RoleTag is created THEN the stack account is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new RoleTag(stack, 't', { resource: '/other/machines', roles: ['ops'] }))).toBe(
      'prod/t: resource "/other/machines": must be under /acme (or /my), the stack\'s account',
    );
  });

  it('GIVEN a stack URL without a scheme WHEN the stack is created THEN the field is named', () => {
    expect(
      errorOf(() => new TritonStack(new TritonApp(), 'prod', { account: 'acme', cloudapiUrl: 'cloudapi.example' })),
    ).toBe('prod: cloudapiUrl "cloudapi.example": must be an http(s) URL');
  });

  it('GIVEN an empty secret file path WHEN Secret.fromFile is called THEN it is refused', () => {
    expect(errorOf(() => Secret.fromFile(''))).toBe('Secret.fromFile: path "": must not be empty');
  });
});

describe('eager validation: the props object itself', () => {
  it('GIVEN null, an array or a string as props WHEN any resource is created THEN the construct path and the props are named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', null as never))).toBe(
      'prod/o: props null: must be an object of StorObject props',
    );
    expect(errorOf(() => new Job(stack, 'j', [] as never))).toBe('prod/j: props []: must be an object of Job props');
    expect(errorOf(() => new RoleTag(stack, 't', 'x' as never))).toBe(
      'prod/t: props "x": must be an object of RoleTag props',
    );
  });

  it('GIVEN null props WHEN a stack or an app is created THEN the props are named, not read', () => {
    expect(errorOf(() => new TritonStack(new TritonApp(), 'prod', null as never))).toBe(
      'prod: props null: must be an object of TritonStack props',
    );
    expect(errorOf(() => new TritonApp(null as never))).toBe(
      'TritonApp: props null: must be an object of TritonApp props',
    );
  });

  it('GIVEN a list prop that is not a list WHEN the resource is created THEN the field and the rule are named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new RoleTag(stack, 't', { resource: '/my/machines' } as never))).toBe(
      'prod/t: roles undefined: is required: an array of roles or role names (an empty one clears the tags)',
    );
    expect(errorOf(() => new Job(stack, 'j', { phases: [{ type: 'map', exec: 'wc -l' }], inputs: 'x' as never }))).toBe(
      'prod/j: inputs "x": must be an array of StorObjects, references or object paths',
    );
  });
});

describe('messages about values with control characters', () => {
  it('GIVEN a construct id with an escape sequence WHEN it is refused THEN the message shows it escaped', () => {
    const { stack } = newStack();
    const message = errorOf(() => new Role(stack, 'ops\u001b[2J,x'));
    expect(message).toContain('ops\\u001b[2J,x');
    expect(message).toContain('must not contain ","');
    expect(message).not.toContain('\u001b');
  });
});
