import { describe, expect, it } from 'vitest';
import { Policy, Role, StorObject, TritonApp, TritonStack, User } from '../../index.js';
import { errorOf, newStack } from './support.js';

describe('unknown props (an app loaded without type-checking)', () => {
  it('GIVEN a misspelt Role prop WHEN the role is created THEN synth fails naming the path, the prop and the closest prop', () => {
    const { stack } = newStack();
    const alice = new User(stack, 'alice', { login: 'alice', email: 'alice@acme.example' });
    expect(errorOf(() => new Role(stack, 'ops', { defaultMember: [alice] } as never))).toBe(
      'prod/ops: prop "defaultMember": Role has no such prop (did you mean "defaultMembers"?); its props are name, members, defaultMembers, policies, roleTags',
    );
  });

  it('GIVEN unknown props on any construct, the stack and the app THEN each is named, with no suggestion when nothing is close', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new User(stack, 'u', { login: 'u1', email: 'u@acme.example', firstname: 'U' } as never)),
    ).toContain('prod/u: prop "firstname": User has no such prop (did you mean "firstName"?)');
    expect(errorOf(() => new Policy(stack, 'p', { rules: ['CAN getmachine'], colour: 'red' } as never))).toContain(
      'prod/p: prop "colour": Policy has no such prop; its props are',
    );
    expect(
      errorOf(
        () => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', contentTyp: 'text/plain' } as never),
      ),
    ).toContain('(did you mean "contentType"?)');
    expect(errorOf(() => new TritonStack(new TritonApp(), 's', { account: 'acme', acount: 'x' } as never))).toContain(
      's: prop "acount": TritonStack has no such prop (did you mean "account"?)',
    );
    expect(errorOf(() => new TritonApp({ generatr: 'x' } as never))).toContain('TritonApp: prop "generatr"');
  });
});

describe('policy actions', () => {
  it('GIVEN a rule naming an action no operation has THEN synth succeeds with a warning naming the rule and the closest action', () => {
    const { app, stack } = newStack();
    new Policy(stack, 'p', { rules: ['CAN getmachines AND listmachines', 'CAN putobject'] });
    expect(() => app.synth()).not.toThrow();
    expect(app.warnings()).toEqual([
      'prod/p: rules[0] "CAN getmachines AND listmachines": no CloudAPI or Manta operation has the action "getmachines", so the rule grants or denies nothing (did you mean "getmachine"?)',
    ]);
  });

  it('GIVEN only known CloudAPI and Manta actions, in any case THEN there is no warning', () => {
    const { app, stack } = newStack();
    new Policy(stack, 'p', { rules: ['CAN ListMachines', 'CAN getobject AND putdirectory', 'CAN createuser'] });
    expect(app.warnings()).toEqual([]);
  });
});
