/** Synth assertions of triton-iac/testing on a small declared account, without any cloud. */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { answerRequest } from '../../common/access/index.js';
import { Directory, Policy, Role, RoleTag, TritonApp, TritonStack, User } from '../../index.js';
import { Match, Template, TestingError } from '../../testing/index.js';

function team(): { app: TritonApp; stack: TritonStack; bob: User } {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'acme' });
  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const ci = new User(stack, 'ci', { login: 'cibot', email: 'ci@acme.example' });
  const read = new Policy(stack, 'read', { rules: ['CAN listusers AND getuser'] });
  const deploy = new Policy(stack, 'deploy', { rules: ['CAN putobject AND getobject'] });
  const readers = new Role(stack, 'readers', { defaultMembers: [bob], members: [ci], policies: [read] });
  const deployers = new Role(stack, 'deployers', { defaultMembers: [ci], policies: [deploy] });
  new RoleTag(stack, 'users-tag', { resource: '/acme/users', roles: [readers] });
  new Directory(stack, 'site', { path: '/acme/stor/site', roleTags: [deployers] });
  return { app, stack, bob };
}

/** The message of the error `fn` throws, checking it is an AssertionError. */
function assertionMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AssertionError);
    return (err as Error).message;
  }
  throw new Error('expected an AssertionError, nothing was thrown');
}

describe('Template', () => {
  it('finds, counts and reads resources by kind and properties', () => {
    const { app, stack, bob } = team();
    const t = Template.fromApp(app);
    expect(Template.fromStack(stack).stack).toEqual(t.stack);
    t.resourceCountIs('user', 2);
    t.resourceCountIs('role', 1, { members: Match.arrayWith([{ login: 'bob', default: true }]) });
    expect(t.hasResource('user', { login: 'bob', email: Match.anyValue(), firstName: Match.absent() }).address).toBe(
      'team/bob',
    );
    expect(t.findResources('policy', { rules: Match.arrayWith([Match.stringLikeRegexp(/putobject/)]) })).toHaveLength(
      1,
    );
    expect(t.properties(bob)).toMatchObject({ login: 'bob', email: 'bob@acme.example' });
    t.hasNoResource('instance');
  });

  it('shows the closest resource and the fields that differ when none matches', () => {
    const t = Template.fromApp(team().app);
    const message = assertionMessage(() => t.hasResource('user', { login: 'bob', email: 'robert@acme.example' }));
    expect(message).toContain('The closest is team/bob, where one field differs:');
    expect(message).toContain('email: expected "robert@acme.example", got "bob@acme.example"');
    expect(assertionMessage(() => t.resourceCountIs('user', 3))).toContain(
      'expected 3 user resources in stack team, found 2',
    );
  });

  it('names the mistake in the test itself: an unknown kind, address or stack', () => {
    const t = Template.fromApp(team().app);
    expect(() => t.findResources('users')).toThrow(/kind "users" is not a resource kind \(did you mean "?user"?\?\)/);
    expect(() => t.resource('team/bobb')).toThrow(TestingError);
    expect(() => Template.fromApp(team().app, { stack: 'teams' })).toThrow(/stack "teams" is not in the app/);
  });

  it('decides access as `triton-iac can` does, with /my as the account', () => {
    const t = Template.fromApp(team().app);
    const answer = t.assertCan('bob', 'getuser', '/my/users');
    expect(answer).toEqual(
      answerRequest(t.accessModel, {
        user: 'bob',
        action: 'getuser',
        resource: '/acme/users',
        context: { now: new Date(0) },
      }),
    );
    t.assertCannot('bob', 'putobject', '/my/stor/site/index.html');
    t.assertCan('cibot', 'putobject', '/acme/stor/site/index.html');
    t.assertCannot('bob', 'deleteuser');
  });

  it('says which condition fails when access is missing, and which chain grants it when it should not', () => {
    const t = Template.fromApp(team().app);
    const missing = assertionMessage(() => t.assertCan('cibot', 'getuser', '/my/users'));
    expect(missing).toMatch(/expected cibot may getuser \/acme\/users in account acme, but it may not: /);
    expect(missing).toContain('to grant it:');
    // cibot is a member of readers only when it takes the role up: denied means denied however it asks.
    const granted = assertionMessage(() => t.assertCannot('cibot', 'listusers'));
    expect(granted).toContain('expected cibot may not listusers anywhere in account acme, but it may on /acme/users');
    expect(granted).toContain('(taking up role readers)');
    expect(granted).toContain('role readers → policy read → rule "CAN listusers AND getuser"');
    expect(() => t.assertCan('mallory', 'getuser', '/my/users')).toThrow(/user "mallory" is not a sub-user/);
  });
});
